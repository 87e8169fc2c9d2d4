/**
 * The eight bill operations, each with its success and its error statuses, over real HTTP and in-process
 * through msw's setupServer. Every response is checked against the spec by the harness's fetch.
 * 500 (and the statuses an operation never produces by itself, such as 409 on getBill) are reached
 * through fault injection, which answers with the spec's error shape.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Bill, billApi, samplePayload } from '../../testing/bill-api.ts'
import { demoUsers, type RunningSandbox, sandboxModes, signIn } from '../../testing/harness.ts'

describe.each(sandboxModes)('bill operations %s', (_mode, start) => {
  let running: RunningSandbox
  let admin: ReturnType<typeof billApi>
  let tokens: Record<keyof typeof demoUsers, string>

  beforeAll(async () => {
    running = await start()
    const entries = await Promise.all(
      Object.entries(demoUsers).map(async ([role, user]) => [role, await signIn(running, user)] as const),
    )
    tokens = Object.fromEntries(entries) as typeof tokens
  })
  afterAll(() => running.close())
  beforeEach(async () => {
    running.sandbox.faults.clear()
    admin = billApi(running, tokens.admin, 'biz_acme')
  })

  describe('GET /vendor/bill', () => {
    it('returns a bill of the business', async () => {
      const { status, body } = await admin.get('bill_0001')
      expect(status).toBe(200)
      expect(body).toMatchObject({ billID: 'bill_0001', businessID: 'biz_acme', status: 'draft' })
    })

    it('answers 400 naming billID when it is missing', async () => {
      const { status, body } = await admin.call('GET', '/vendor/bill')
      expect(status).toBe(400)
      expect(body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ in: 'query', name: 'billID', message: 'is required' }],
      })
    })

    it('answers 400 naming X-Identifier when it is not SERVICE', async () => {
      const { status, body } = await admin.call('GET', '/vendor/bill', {
        query: { billID: 'bill_0001' },
        headers: { 'x-identifier': 'OTHER' },
      })
      expect(status).toBe(400)
      expect((body as { errors: { name: string }[] }).errors.map((e) => e.name)).toContain('X-Identifier')
    })

    it('answers 401 without a token and with a token that is not ours', async () => {
      const anonymous = await admin.call('GET', '/vendor/bill', {
        query: { billID: 'bill_0001' },
        headers: { authorization: '' },
      })
      expect(anonymous.status).toBe(401)
      expect(anonymous.body).toMatchObject({ code: 'UNAUTHORIZED' })
      const forged = await admin.call('GET', '/vendor/bill', {
        query: { billID: 'bill_0001' },
        headers: { authorization: 'Bearer a.b.c' },
      })
      expect(forged.status).toBe(401)
      expect(forged.body).toMatchObject({ code: 'TOKEN_INVALID' })
    })

    it('accepts the bare token in Authorization as well as Bearer', async () => {
      const bare = await admin.call('GET', '/vendor/bill', {
        query: { billID: 'bill_0001' },
        headers: { authorization: tokens.admin },
      })
      expect(bare.status).toBe(200)
    })

    it('answers 403 for a business the caller is not a member of', async () => {
      const { status, body } = await billApi(running, tokens.admin, 'biz_globex').get('bill_0101')
      expect(status).toBe(403)
      expect(body).toMatchObject({ code: 'NOT_A_MEMBER' })
    })

    it('answers 404 for a bill of another business, exactly as for a bill that does not exist', async () => {
      const other = await admin.get('bill_0101')
      const missing = await admin.get('bill_9999')
      expect([other.status, missing.status]).toEqual([404, 404])
      expect((other.body as { code: string }).code).toBe('BILL_NOT_FOUND')
      expect((missing.body as { code: string }).code).toBe('BILL_NOT_FOUND')
    })

    it('answers an injected 409 and 500 in the documented error shape', async () => {
      for (const code of [409, 500]) {
        const { status, body } = await admin.call('GET', '/vendor/bill', {
          query: { billID: 'bill_0001' },
          headers: { prefer: `code=${code}` },
        })
        expect(status).toBe(code)
        expect(body).toMatchObject({ code: 'INJECTED_FAULT', status: code })
      }
    })
  })

  describe('POST /vendor/bill', () => {
    it('creates a draft with totals computed and unknown payload properties kept unchanged', async () => {
      const payload = samplePayload({
        lineItems: [
          { description: 'Paper', quantity: 3, unitAmount: 1999, taxRate: 0.075 },
          { description: 'Pens', quantity: 2.5, unitAmount: 101 },
        ],
        costCenter: 'OPS-7',
        tags: ['q4', { nested: [1, null, true] }],
      } as never)
      const { status, body } = await admin.create(payload)
      expect(status).toBe(200)
      const bill = body as Bill
      expect(bill.status).toBe('draft')
      // 3 * 1999 = 5997, tax round(449.775) = 450; 2.5 * 101 = 252.5 -> 253 (half away from zero)
      expect(bill.totals).toEqual({ subtotal: 6250, tax: 450, total: 6700 })
      expect(bill.VendorBillPayload).toEqual(payload)
      expect((await admin.get(bill.billID)).body).toEqual(bill)
    })

    it('creates straight into review when the payload asks to submit', async () => {
      const { body } = await admin.create(samplePayload({ submit: true }))
      expect((body as Bill).status).toBe('review')
    })

    it('answers 400 naming the body field that is wrong', async () => {
      const missingBody = await admin.call('POST', '/vendor/bill')
      expect(missingBody.status).toBe(400)
      expect(missingBody.body).toMatchObject({
        errors: [{ in: 'body', name: 'body', message: 'is required' }],
      })

      const missingWrapper = await admin.call('POST', '/vendor/bill', { body: { vendorID: 'ven_cloudco' } })
      expect((missingWrapper.body as { errors: { name: string }[] }).errors.map((e) => e.name)).toContain(
        'VendorBillPayload',
      )

      const badLine = await admin.create(
        samplePayload({ lineItems: [{ description: 'x', quantity: -1, unitAmount: 5 }] }),
      )
      expect(badLine.status).toBe(400)
      expect((badLine.body as { errors: { name: string }[] }).errors.map((e) => e.name)).toContain(
        'VendorBillPayload.lineItems.0.quantity',
      )

      const notJson = await admin.call('POST', '/vendor/bill', { headers: {}, body: undefined })
      expect(notJson.status).toBe(400)
    })

    it('answers 400 when the vendor is not one of the business or the due date precedes the issue date', async () => {
      const foreignVendor = await admin.create(samplePayload({ vendorID: 'ven_globex_parts' }))
      expect(foreignVendor.status).toBe(400)
      expect(foreignVendor.body).toMatchObject({ errors: [{ name: 'VendorBillPayload.vendorID' }] })
      const dates = await admin.create(samplePayload({ issueDate: '2026-12-01', dueDate: '2026-11-01' }))
      expect(dates.body).toMatchObject({ errors: [{ name: 'VendorBillPayload.dueDate' }] })
    })

    it('answers 403 to a viewer and 401 to nobody', async () => {
      const viewer = await billApi(running, tokens.viewer).create()
      expect(viewer.status).toBe(403)
      expect(viewer.body).toMatchObject({ code: 'MISSING_PERMISSION' })
      const anonymous = await admin.call('POST', '/vendor/bill', {
        body: { VendorBillPayload: samplePayload() },
        headers: { authorization: '' },
      })
      expect(anonymous.status).toBe(401)
    })
  })

  describe('PUT /vendor/bill', () => {
    it('replaces the payload of a draft and submits it to review', async () => {
      const bill = await admin.billIn('draft')
      const edited = await admin.update(bill.billID, samplePayload({ memo: 'edited' }))
      expect(edited.status).toBe(200)
      expect(edited.body).toMatchObject({ status: 'draft', VendorBillPayload: { memo: 'edited' } })
      const submitted = await admin.update(bill.billID, samplePayload({ submit: true }))
      expect((submitted.body as Bill).status).toBe('review')
    })

    it('answers 409 BILL_NOT_EDITABLE for an approved bill and BILL_ALREADY_PAID for a paid one', async () => {
      const approved = await admin.update('bill_0003', samplePayload())
      expect(approved.status).toBe(409)
      expect(approved.body).toMatchObject({ code: 'BILL_NOT_EDITABLE', billStatus: 'approved' })
      const paid = await admin.update('bill_0005', samplePayload())
      expect(paid.body).toMatchObject({ code: 'BILL_ALREADY_PAID', billStatus: 'paid' })
    })

    it('answers 400, 403 and 404 as documented', async () => {
      expect(
        (await admin.call('PUT', '/vendor/bill', { body: { VendorBillPayload: samplePayload() } })).status,
      ).toBe(400)
      expect((await billApi(running, tokens.approver).update('bill_0001', samplePayload())).status).toBe(403)
      expect((await admin.update('bill_0101', samplePayload())).status).toBe(404)
    })
  })

  describe('GET /vendor/bill/list', () => {
    it('pages through the business bills in creation order with X-Total-Count', async () => {
      const all = await admin.list({ size: '100' })
      const bills = all.body as Bill[]
      expect(all.status).toBe(200)
      expect(Number(all.headers.get('x-total-count'))).toBe(bills.length)
      expect(bills.every((b) => b.businessID === 'biz_acme')).toBe(true)
      expect(bills.slice(0, 3).map((b) => b.billID)).toEqual(['bill_0001', 'bill_0002', 'bill_0003'])
      const page2 = (await admin.list({ page: '2', size: '2' })).body as Bill[]
      expect(page2.map((b) => b.billID)).toEqual(bills.slice(2, 4).map((b) => b.billID))
      expect(((await admin.list({ page: '999' })).body as Bill[]).length).toBe(0)
    })

    it('defaults to page 1 of 20', async () => {
      for (let i = 0; i < 15; i++) await admin.create()
      const { body, headers } = await admin.list()
      expect((body as Bill[]).length).toBe(20)
      expect(Number(headers.get('x-total-count'))).toBeGreaterThan(20)
    })

    it('filters by vendor and by several statuses', async () => {
      const filtered = (await admin.list({ vendorID: 'ven_acme_supply', status: ['draft', 'paid'] }))
        .body as Bill[]
      expect(filtered.length).toBeGreaterThan(0)
      expect(
        filtered.every((b) => b.vendorID === 'ven_acme_supply' && ['draft', 'paid'].includes(b.status)),
      ).toBe(true)
      expect(filtered.map((b) => b.billID)).toEqual(
        expect.arrayContaining(['bill_0001', 'bill_0005', 'bill_0007']),
      )
    })

    it('answers 400 for a size over 100, a page of 0 and an unknown status', async () => {
      for (const query of [{ size: '101' }, { page: '0' }, { status: 'lost' }, { size: 'ten' }]) {
        const { status, body } = await admin.list(query)
        expect(status, JSON.stringify(query)).toBe(400)
        // The name is the parameter, with the item index for an array (`status.0`).
        expect((body as { errors: { name: string }[] }).errors[0]?.name.split('.')[0]).toBe(
          Object.keys(query)[0],
        )
      }
    })

    it('lets a viewer list and uses the first membership when no business is named', async () => {
      const { status, body } = await billApi(running, tokens.viewer).list()
      expect(status).toBe(200)
      expect((body as Bill[]).every((b) => b.businessID === 'biz_acme')).toBe(true)
    })
  })

  describe('POST /vendor/bill/review', () => {
    it('approves a bill in review and records the decision', async () => {
      const bill = await admin.billIn('review')
      const { status, body } = await billApi(running, tokens.approver).review(bill.billID, 'APPROVE')
      expect(status).toBe(200)
      expect(body).toMatchObject({
        status: 'approved',
        lastDecision: { action: 'APPROVE', by: demoUsers.approver.userID },
      })
    })

    it('declines back to draft with the reason recorded', async () => {
      const bill = await admin.billIn('review')
      const { body } = await admin.review(bill.billID, 'DECLINE', { reason: 'Wrong PO' })
      expect(body).toMatchObject({ status: 'draft', lastDecision: { action: 'DECLINE', reason: 'Wrong PO' } })
    })

    it('answers 409 for a draft, 400 for an unknown action, 403 for a clerk', async () => {
      expect((await admin.review('bill_0001', 'APPROVE')).body).toMatchObject({ code: 'BILL_NOT_IN_REVIEW' })
      const badAction = await admin.review('bill_0002', 'MAYBE')
      expect(badAction.status).toBe(400)
      expect(badAction.body).toMatchObject({ errors: [{ in: 'query', name: 'action' }] })
      expect((await billApi(running, tokens.clerk).review('bill_0002', 'APPROVE')).status).toBe(403)
      expect((await admin.review('bill_0101', 'APPROVE')).status).toBe(404)
    })
  })

  describe('POST /vendor/bill/confirm', () => {
    it('confirms an approved bill once', async () => {
      const bill = await admin.billIn('approved')
      const first = await admin.confirm(bill.billID)
      expect(first.status).toBe(200)
      expect((first.body as Bill).confirmedAt).toEqual(expect.any(String))
      expect((first.body as Bill).status).toBe('approved')
      const second = await admin.confirm(bill.billID)
      expect(second.status).toBe(409)
      expect(second.body).toMatchObject({ code: 'BILL_ALREADY_CONFIRMED' })
    })

    it('needs X-Service-Business-ID: this is the business API', async () => {
      const { status, body } = await billApi(running, tokens.admin).confirm('bill_0003')
      expect(status).toBe(400)
      expect(body).toMatchObject({
        code: 'BUSINESS_REQUIRED',
        errors: [{ in: 'header', name: 'X-Service-Business-ID' }],
      })
    })

    it('answers 409 for a bill in review and 403 for an approver', async () => {
      expect((await admin.confirm('bill_0002')).body).toMatchObject({
        code: 'BILL_NOT_APPROVED',
        billStatus: 'review',
      })
      expect((await billApi(running, tokens.approver, 'biz_acme').confirm('bill_0003')).status).toBe(403)
    })
  })

  describe('POST /vendor/bill/paid/external', () => {
    it('marks an approved bill paid and notifies each email through the outbox', async () => {
      const bill = await admin.billIn('approved')
      const { status, body } = await admin.payExternally(bill.billID, {
        emails: ['ap@vendor.example', 'cfo@acme.example'],
        note: 'Wire 42',
      })
      expect(status).toBe(200)
      expect(body).toMatchObject({
        status: 'paid',
        payment: { method: 'external', note: 'Wire 42', emails: ['ap@vendor.example', 'cfo@acme.example'] },
      })
      const outbox = await running.fetch(`${running.baseUrl}/__sandbox/outbox`)
      const sent = ((await outbox.json()) as { to: string; billID: string; body: string }[]).filter(
        (n) => n.billID === bill.billID,
      )
      expect(sent.map((n) => n.to)).toEqual(['ap@vendor.example', 'cfo@acme.example'])
      expect(sent[0]?.body).toBe('Wire 42')
    })

    it('answers 400 without a body or with a bad email, 409 for a draft and for a paid bill', async () => {
      expect(
        (await admin.call('POST', '/vendor/bill/paid/external', { query: { billID: 'bill_0003' } })).status,
      ).toBe(400)
      const badEmail = await admin.payExternally('bill_0003', { emails: ['not-an-email'] })
      expect(badEmail.body).toMatchObject({ errors: [{ name: 'emails.0' }] })
      expect((await admin.payExternally('bill_0001')).body).toMatchObject({ code: 'BILL_NOT_APPROVED' })
      expect((await admin.payExternally('bill_0005')).body).toMatchObject({ code: 'BILL_ALREADY_PAID' })
    })
  })

  describe('POST /vendor/bill/payout', () => {
    it('settles an approved bill with an unlinked payout of the same amount', async () => {
      const bill = await admin.billIn('approved')
      const { status, body } = await admin.mapPayout(bill.billID, 'pay_0001')
      expect(status).toBe(200)
      expect(body).toMatchObject({ status: 'paid', payment: { method: 'payout', payoutID: 'pay_0001' } })
      const again = await admin.mapPayout((await admin.billIn('approved')).billID, 'pay_0001')
      expect(again.status).toBe(409)
      expect(again.body).toMatchObject({ code: 'PAYOUT_ALREADY_LINKED' })
      await running.sandbox.reset()
    })

    it('answers 404 for an unknown payout and for a payout of another business', async () => {
      for (const payoutID of ['pay_9999', 'pay_0101']) {
        const { status, body } = await admin.mapPayout('bill_0003', payoutID)
        expect(status).toBe(404)
        expect(body).toMatchObject({ code: 'PAYOUT_NOT_FOUND' })
      }
    })

    it('answers 409 when the payout differs in amount or currency, or the bill is not approved', async () => {
      expect((await admin.mapPayout('bill_0003', 'pay_0003')).body).toMatchObject({ code: 'PAYOUT_MISMATCH' })
      expect((await admin.mapPayout('bill_0002', 'pay_0001')).body).toMatchObject({
        code: 'BILL_NOT_APPROVED',
      })
      expect((await admin.mapPayout('bill_0003', 'pay_0002')).body).toMatchObject({
        code: 'PAYOUT_ALREADY_LINKED',
      })
    })

    it('links a payout to only one of two bills mapped at the same time', async () => {
      const [a, b] = [await admin.billIn('approved'), await admin.billIn('approved')]
      const results = await Promise.all([
        admin.mapPayout(a.billID, 'pay_0001'),
        admin.mapPayout(b.billID, 'pay_0001'),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([200, 409])
      await running.sandbox.reset()
    })

    it('settles a bill once when a payout mapping and a paid-externally race for it', async () => {
      for (let round = 0; round < 5; round++) {
        const bill = await admin.billIn('approved')
        const results = await Promise.all([
          admin.mapPayout(bill.billID, 'pay_0001'),
          admin.payExternally(bill.billID, {}),
        ])
        expect(results.map((r) => r.status).sort()).toEqual([200, 409])
        const payout = running.sandbox.sim.db.payouts.get('pay_0001')
        const final = (await admin.get(bill.billID)).body as Bill
        // The payout is linked exactly when the payout mapping won.
        expect(payout?.billID === bill.billID).toBe(final.payment?.method === 'payout')
        await running.sandbox.reset()
      }
    })

    it('answers 400 without payoutID and 403 for a clerk', async () => {
      expect(
        (await admin.call('POST', '/vendor/bill/payout', { query: { billID: 'bill_0003' } })).body,
      ).toMatchObject({
        errors: [{ in: 'query', name: 'payoutID' }],
      })
      expect((await billApi(running, tokens.clerk).mapPayout('bill_0003', 'pay_0001')).status).toBe(403)
    })
  })

  it('answers every bill operation with an injected 500 in the error schema', async () => {
    const calls = [
      () => admin.get('bill_0001'),
      () => admin.create(),
      () => admin.update('bill_0001', samplePayload()),
      () => admin.list(),
      () => admin.review('bill_0002', 'APPROVE'),
      () => admin.confirm('bill_0003'),
      () => admin.payExternally('bill_0003'),
      () => admin.mapPayout('bill_0003', 'pay_0001'),
    ]
    running.sandbox.faults.replace(
      Object.fromEntries(
        [
          'getBill',
          'createBill',
          'updateBill',
          'listBills',
          'reviewBill',
          'confirmBill',
          'markBillPaidExternally',
          'mapBillToPayout',
        ].map((op) => [op, { status: 500, times: 1 }]),
      ),
    )
    for (const call of calls) {
      const { status, body } = await call()
      expect(status).toBe(500)
      expect(body).toMatchObject({ code: 'INJECTED_FAULT' })
    }
    // Each rule fired once and is gone: the next call succeeds.
    expect((await admin.get('bill_0001')).status).toBe(200)
  })
})
