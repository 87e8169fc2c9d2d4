/** The eight bill operations: resolve business access, call the domain function, reply. */
import { resolveBusinessAccess } from '../../core/auth/access.ts'
import * as bills from '../../core/bills/bill-operations.ts'
import type { components } from '../../generated/openapi.ts'
import { type OperationId, reply } from '../reply.ts'
import { type Route, type RouteContext, requirePrincipal } from '../route.ts'

type VendorBillBody = { VendorBillPayload: components['schemas']['VendorBillPayload'] }

function access(context: RouteContext, operationId: OperationId, requireHeader = false) {
  return resolveBusinessAccess(
    context.sim,
    requirePrincipal(context),
    operationId,
    context.input.headers['X-Service-Business-ID'],
    { requireHeader },
  )
}

const billID = (context: RouteContext) => context.input.query.billID as string

export const billRoutes: Route[] = [
  {
    operationId: 'getBill',
    handle: (context) =>
      reply('getBill', 200, bills.findBill(context.sim, access(context, 'getBill'), billID(context))),
  },
  {
    operationId: 'createBill',
    async handle(context) {
      const body = context.input.body as VendorBillBody
      return reply(
        'createBill',
        200,
        await bills.createBill(context.sim, access(context, 'createBill'), body.VendorBillPayload),
      )
    },
  },
  {
    operationId: 'updateBill',
    async handle(context) {
      const body = context.input.body as VendorBillBody
      const bill = await bills.updateBill(
        context.sim,
        access(context, 'updateBill'),
        billID(context),
        body.VendorBillPayload,
      )
      return reply('updateBill', 200, bill)
    },
  },
  {
    operationId: 'listBills',
    async handle(context) {
      const q = context.input.query
      const { bills: page, total } = await bills.listBills(context.sim, access(context, 'listBills'), {
        ...(q.vendorID !== undefined ? { vendorID: q.vendorID as string } : {}),
        ...(q.status !== undefined ? { status: q.status as bills.ListQuery['status'] & {} } : {}),
        ...(q.page !== undefined ? { page: q.page as number } : {}),
        ...(q.size !== undefined ? { size: q.size as number } : {}),
      })
      return reply('listBills', 200, page, { 'x-total-count': String(total) })
    },
  },
  {
    operationId: 'reviewBill',
    async handle(context) {
      const reason = (context.input.body as { reason?: string } | undefined)?.reason
      const action = context.input.query.action as 'APPROVE' | 'DECLINE'
      const bill = await bills.reviewBill(
        context.sim,
        access(context, 'reviewBill'),
        billID(context),
        action,
        reason,
      )
      return reply('reviewBill', 200, bill)
    },
  },
  {
    operationId: 'confirmBill',
    async handle(context) {
      return reply(
        'confirmBill',
        200,
        await bills.confirmBill(context.sim, access(context, 'confirmBill', true), billID(context)),
      )
    },
  },
  {
    operationId: 'markBillPaidExternally',
    async handle(context) {
      const body = context.input.body as { emails?: string[]; note?: string }
      const bill = await bills.markBillPaidExternally(
        context.sim,
        access(context, 'markBillPaidExternally'),
        billID(context),
        body,
      )
      return reply('markBillPaidExternally', 200, bill)
    },
  },
  {
    operationId: 'mapBillToPayout',
    async handle(context) {
      const note = (context.input.body as { note?: string } | undefined)?.note
      const payoutID = context.input.query.payoutID as string
      const bill = await bills.mapBillToPayout(
        context.sim,
        access(context, 'mapBillToPayout'),
        billID(context),
        payoutID,
        note,
      )
      return reply('mapBillToPayout', 200, bill)
    },
  },
]
