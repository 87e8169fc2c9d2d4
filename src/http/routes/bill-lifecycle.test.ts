/**
 * The whole lifecycle table and the role matrix, driven through the API in both modes. The expectations
 * are written out here by hand, not derived from the spec's `x-lifecycle`, so this test catches a table
 * or an engine that drifts from the documented decisions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Bill, billApi, samplePayload } from '../../testing/bill-api.ts'
import { demoUsers, type RunningSandbox, sandboxModes, signIn } from '../../testing/harness.ts'

type State = Bill['status']
type Step = 'update' | 'submit' | 'approve' | 'decline' | 'confirm' | 'payExternally' | 'mapPayout'
type Want = State | `409 ${string}`

// given the bill's state (columns) and the operation (rows), want the resulting state or a 409 code.
const table: Record<Step, Record<State, Want>> = {
  update: {
    draft: 'draft',
    review: 'review',
    approved: '409 BILL_NOT_EDITABLE',
    paid: '409 BILL_ALREADY_PAID',
  },
  submit: {
    draft: 'review',
    review: 'review',
    approved: '409 BILL_NOT_EDITABLE',
    paid: '409 BILL_ALREADY_PAID',
  },
  approve: {
    draft: '409 BILL_NOT_IN_REVIEW',
    review: 'approved',
    approved: '409 BILL_NOT_IN_REVIEW',
    paid: '409 BILL_ALREADY_PAID',
  },
  decline: {
    draft: '409 BILL_NOT_IN_REVIEW',
    review: 'draft',
    approved: '409 BILL_NOT_IN_REVIEW',
    paid: '409 BILL_ALREADY_PAID',
  },
  confirm: {
    draft: '409 BILL_NOT_APPROVED',
    review: '409 BILL_NOT_APPROVED',
    approved: 'approved',
    paid: '409 BILL_ALREADY_PAID',
  },
  payExternally: {
    draft: '409 BILL_NOT_APPROVED',
    review: '409 BILL_NOT_APPROVED',
    approved: 'paid',
    paid: '409 BILL_ALREADY_PAID',
  },
  mapPayout: {
    draft: '409 BILL_NOT_APPROVED',
    review: '409 BILL_NOT_APPROVED',
    approved: 'paid',
    paid: '409 BILL_ALREADY_PAID',
  },
}

const cells = Object.entries(table).flatMap(([step, row]) =>
  Object.entries(row).map(([state, want]) => ({ step: step as Step, state: state as State, want })),
)

// given a role, want the operations it may call (others answer 403).
const roles: Record<keyof typeof demoUsers, Step[] | 'all'> = {
  viewer: [],
  clerk: ['update'],
  approver: ['approve'],
  admin: 'all',
  otherBusinessAdmin: 'all',
}

describe.each(sandboxModes)('the bill lifecycle %s', (_mode, start) => {
  let running: RunningSandbox
  let admin: ReturnType<typeof billApi>
  let payouts = 0

  beforeAll(async () => {
    running = await start()
    admin = billApi(running, await signIn(running, demoUsers.admin), 'biz_acme')
  })
  afterAll(() => running.close())

  async function freshPayout(amount: number): Promise<string> {
    payouts += 1
    const payoutID = `pay_test_${payouts}`
    await running.sandbox.sim.db.payouts.insert({
      payoutID,
      businessID: 'biz_acme',
      amount,
      currency: 'USD',
      billID: null,
      createdAt: running.sandbox.sim.clock.nowIso(),
    })
    return payoutID
  }

  async function run(api: ReturnType<typeof billApi>, step: Step, bill: Bill) {
    switch (step) {
      case 'update':
        return api.update(bill.billID, samplePayload({ vendorID: bill.vendorID }))
      case 'submit':
        return api.update(bill.billID, samplePayload({ vendorID: bill.vendorID, submit: true }))
      case 'approve':
        return api.review(bill.billID, 'APPROVE')
      case 'decline':
        return api.review(bill.billID, 'DECLINE')
      case 'confirm':
        return api.confirm(bill.billID)
      case 'payExternally':
        return api.payExternally(bill.billID, {})
      case 'mapPayout':
        return api.mapPayout(bill.billID, await freshPayout(bill.totals.total))
    }
  }

  it.each(cells)('$step on a $state bill gives $want', async ({ step, state, want }) => {
    const bill = await admin.billIn(state)
    expect(bill.status).toBe(state)
    const { status, body } = await run(admin, step, bill)
    if (want.startsWith('409 ')) {
      expect(status).toBe(409)
      expect(body).toMatchObject({ code: want.slice(4), billStatus: state })
      expect(((await admin.get(bill.billID)).body as Bill).status).toBe(state)
    } else {
      expect(status).toBe(200)
      expect((body as Bill).status).toBe(want)
    }
  })

  it('covers every transition of the spec table and every state', () => {
    expect(cells).toHaveLength(7 * 4)
  })

  describe.each(Object.entries(roles))('the %s role', (role, allowed) => {
    const steps: Step[] = ['update', 'approve', 'confirm', 'payExternally', 'mapPayout']
    it.each(steps)('%s is allowed only if the role has its permission', async (step) => {
      const user = demoUsers[role as keyof typeof demoUsers]
      const businessID = role === 'otherBusinessAdmin' ? 'biz_globex' : 'biz_acme'
      const api = billApi(running, await signIn(running, user), businessID)
      // A bill in the state the step needs, in the acting user's business, made by its admin.
      const needs: Record<Step, State> = {
        update: 'draft',
        submit: 'draft',
        approve: 'review',
        decline: 'review',
        confirm: 'approved',
        payExternally: 'approved',
        mapPayout: 'approved',
      }
      const owner = role === 'otherBusinessAdmin' ? api : admin
      const bill = await owner.billIn(
        needs[step],
        samplePayload({ vendorID: role === 'otherBusinessAdmin' ? 'ven_globex_parts' : 'ven_cloudco' }),
      )
      const response =
        step === 'mapPayout' && role === 'otherBusinessAdmin'
          ? await api.payExternally(bill.billID, {})
          : await run(api, step, bill)
      if (allowed === 'all' || allowed.includes(step)) expect(response.status).toBe(200)
      else expect(response).toMatchObject({ status: 403, body: { code: 'MISSING_PERMISSION' } })
    })

    it('may always read', async () => {
      const user = demoUsers[role as keyof typeof demoUsers]
      const api = billApi(running, await signIn(running, user))
      expect((await api.list()).status).toBe(200)
    })
  })
})
