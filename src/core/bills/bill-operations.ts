/**
 * The eight bill operations as plain functions over the simulator: no HTTP, no parsing. Inputs have
 * already passed the spec's schema; what is checked here is what a schema cannot say (vendor of the
 * business, dates in order, lifecycle, payouts).
 */
import type { components } from '../../generated/openapi.ts'
import type { BusinessAccess } from '../auth/access.ts'
import { randomToken } from '../auth/secrets.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { Bill } from '../store/records.ts'
import { eventsFor, type LifecycleOperation, nextStatus } from './lifecycle.ts'
import { computeTotals } from './totals.ts'

type VendorBillPayload = components['schemas']['VendorBillPayload']

export const LIST_DEFAULT_SIZE = 20
export const LIST_MAX_SIZE = 100

function checkPayload(sim: Simulator, access: BusinessAccess, payload: VendorBillPayload): void {
  const vendor = sim.db.vendors.get(payload.vendorID)
  if (!vendor || vendor.businessID !== access.businessID) {
    throw badRequest(
      'VALIDATION_FAILED',
      `Vendor ${payload.vendorID} does not exist in business ${access.businessID}.`,
      [{ in: 'body', name: 'VendorBillPayload.vendorID', message: 'is not a vendor of the business' }],
    )
  }
  if (payload.issueDate && payload.dueDate && payload.dueDate < payload.issueDate) {
    throw badRequest('VALIDATION_FAILED', 'The due date is before the issue date.', [
      { in: 'body', name: 'VendorBillPayload.dueDate', message: 'must not be before issueDate' },
    ])
  }
}

function emitTransition(
  sim: Simulator,
  bill: Bill,
  operation: LifecycleOperation,
  from: Bill['status'] | null,
  when?: string,
) {
  for (const code of eventsFor(operation, from, bill.status, when)) {
    sim.emit({
      code,
      payload: { billID: bill.billID, businessID: bill.businessID, status: bill.status, bill },
    })
  }
}

/**
 * Writes a transition: the new status, the operation's own changes, `updatedAt`, then its events. The
 * caller has already checked the transition (nextStatus) in the same synchronous stretch.
 */
async function applyTransition(
  sim: Simulator,
  bill: Bill,
  operation: LifecycleOperation,
  status: Bill['status'],
  change: (draft: Bill, now: string) => void,
  when?: string,
): Promise<Bill> {
  const now = sim.clock.nowIso()
  const updated = await sim.db.bills.update(bill.billID, (draft) => {
    draft.status = status
    change(draft, now)
    draft.updatedAt = now
  })
  emitTransition(sim, updated, operation, bill.status, when)
  return updated
}

/** A bill of the caller's business, or 404: a bill of another business is never revealed. */
export function findBill(sim: Simulator, access: BusinessAccess, billID: string): Bill {
  const bill = sim.db.bills.get(billID)
  if (!bill || bill.businessID !== access.businessID) {
    throw notFound('BILL_NOT_FOUND', `No bill ${billID} in business ${access.businessID}.`)
  }
  return bill
}

export async function createBill(
  sim: Simulator,
  access: BusinessAccess,
  payload: VendorBillPayload,
): Promise<Bill> {
  checkPayload(sim, access, payload)
  const status = nextStatus('createBill', null, payload.submit ? 'submit' : undefined)
  const now = sim.clock.nowIso()
  const bill: Bill = {
    billID: `bill_${randomToken(9)}`,
    businessID: access.businessID,
    vendorID: payload.vendorID,
    status,
    currency: payload.currency ?? 'USD',
    totals: computeTotals(payload.lineItems),
    VendorBillPayload: payload,
    lastDecision: null,
    confirmedAt: null,
    payment: null,
    createdAt: now,
    updatedAt: now,
    createdBy: access.principal.user.userID,
  }
  const created = await sim.db.bills.insert(bill)
  emitTransition(sim, created, 'createBill', null, payload.submit ? 'submit' : undefined)
  return created
}

export async function updateBill(
  sim: Simulator,
  access: BusinessAccess,
  billID: string,
  payload: VendorBillPayload,
): Promise<Bill> {
  const bill = findBill(sim, access, billID)
  const when = payload.submit ? 'submit' : undefined
  const status = nextStatus('updateBill', bill.status, when)
  checkPayload(sim, access, payload)
  return applyTransition(
    sim,
    bill,
    'updateBill',
    status,
    (draft) => {
      draft.vendorID = payload.vendorID
      draft.currency = payload.currency ?? 'USD'
      draft.totals = computeTotals(payload.lineItems)
      draft.VendorBillPayload = payload
    },
    when,
  )
}

export interface ListQuery {
  vendorID?: string
  status?: Bill['status'][]
  page?: number
  size?: number
}

export async function listBills(
  sim: Simulator,
  access: BusinessAccess,
  query: ListQuery,
): Promise<{ bills: Bill[]; total: number }> {
  const page = query.page ?? 1
  const size = query.size ?? LIST_DEFAULT_SIZE
  const statuses = query.status && query.status.length > 0 ? new Set(query.status) : undefined
  const where = (bill: Bill) =>
    bill.businessID === access.businessID &&
    (query.vendorID === undefined || bill.vendorID === query.vendorID) &&
    (statuses === undefined || statuses.has(bill.status))
  const total = sim.db.bills.count(where)
  const bills = await sim.db.bills.findMany(where, { skip: (page - 1) * size, take: size })
  return { bills, total }
}

export async function reviewBill(
  sim: Simulator,
  access: BusinessAccess,
  billID: string,
  action: 'APPROVE' | 'DECLINE',
  reason: string | undefined,
): Promise<Bill> {
  const bill = findBill(sim, access, billID)
  const status = nextStatus('reviewBill', bill.status, action)
  const by = access.principal.user.userID
  return applyTransition(
    sim,
    bill,
    'reviewBill',
    status,
    (draft, now) => {
      draft.lastDecision = { action, by, at: now, ...(reason ? { reason } : {}) }
    },
    action,
  )
}

export async function confirmBill(sim: Simulator, access: BusinessAccess, billID: string): Promise<Bill> {
  const bill = findBill(sim, access, billID)
  const status = nextStatus('confirmBill', bill.status)
  if (bill.confirmedAt) {
    throw conflict('BILL_ALREADY_CONFIRMED', `Bill ${billID} was confirmed at ${bill.confirmedAt}.`, {
      billStatus: bill.status,
    })
  }
  return applyTransition(sim, bill, 'confirmBill', status, (draft, now) => {
    draft.confirmedAt = now
  })
}

export async function markBillPaidExternally(
  sim: Simulator,
  access: BusinessAccess,
  billID: string,
  input: { emails?: string[]; note?: string },
): Promise<Bill> {
  const bill = findBill(sim, access, billID)
  const status = nextStatus('markBillPaidExternally', bill.status)
  const updated = await applyTransition(sim, bill, 'markBillPaidExternally', status, (draft, now) => {
    draft.payment = {
      method: 'external',
      paidAt: now,
      ...(input.note !== undefined ? { note: input.note } : {}),
      ...(input.emails ? { emails: input.emails } : {}),
    }
  })
  for (const to of input.emails ?? []) {
    await sim.db.notifications.insert({
      notificationID: `ntf_${randomToken(9)}`,
      to,
      subject: `Bill ${billID} was paid`,
      body: input.note ?? `Bill ${billID} was paid outside the service.`,
      billID,
      at: updated.updatedAt,
    })
  }
  return updated
}

export async function mapBillToPayout(
  sim: Simulator,
  access: BusinessAccess,
  billID: string,
  payoutID: string,
  note: string | undefined,
): Promise<Bill> {
  const bill = findBill(sim, access, billID)
  const payout = sim.db.payouts.get(payoutID)
  if (!payout || payout.businessID !== access.businessID) {
    throw notFound('PAYOUT_NOT_FOUND', `No payout ${payoutID} in business ${access.businessID}.`)
  }
  const status = nextStatus('mapBillToPayout', bill.status)
  if (payout.billID !== null) {
    throw conflict(
      'PAYOUT_ALREADY_LINKED',
      `Payout ${payoutID} is already linked to bill ${payout.billID}.`,
      {
        billStatus: bill.status,
      },
    )
  }
  if (payout.currency !== bill.currency || payout.amount !== bill.totals.total) {
    throw conflict(
      'PAYOUT_MISMATCH',
      `Payout ${payoutID} is ${payout.amount} ${payout.currency}; the bill totals ${bill.totals.total} ${bill.currency}.`,
      { billStatus: bill.status },
    )
  }
  // Both writes start in this synchronous stretch, right after the checks above: no other request can see
  // the payout unlinked or the bill approved in between (Table writes land in its index at call time).
  const linking = sim.db.payouts.update(payoutID, (draft) => {
    draft.billID = billID
  })
  const settling = applyTransition(sim, bill, 'mapBillToPayout', status, (draft, now) => {
    draft.payment = { method: 'payout', payoutID, paidAt: now, ...(note !== undefined ? { note } : {}) }
  })
  await linking
  return settling
}
