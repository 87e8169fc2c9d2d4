/**
 * Who receives bill lifecycle events. A bill of another business is never revealed through the API
 * (404), so webhooks may not reveal it either: an app receives a business's `bill.*` events only while a
 * member of that business whose role reads bills has authorized the app with `bills:read` through the
 * app-credential flow (POST /oauth/authorize, then POST /oauth/token), and that authorization's token
 * was not revoked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { billApi } from '../../testing/bill-api.ts'
import { listDeliveries, subscribeReceiver } from '../../testing/event-calls.ts'
import { demoUsers, type RunningSandbox, signIn, startHttpSandbox } from '../../testing/harness.ts'
import { appCode, ledgerlyApp, postAppToken } from '../../testing/oauth.ts'
import { startReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts'

describe('bill events reach only apps the business authorized', () => {
  let running: RunningSandbox
  let receiver: WebhookReceiver
  let subscriptionID: string

  afterEach(async () => {
    await running.close()
    await receiver.close()
  })
  beforeEach(async () => {
    running = await startHttpSandbox()
    receiver = await startReceiver()
    ;({ subscriptionID } = await subscribeReceiver(running, ledgerlyApp, 'bill.approved', receiver.url))
  })

  async function authorize(user: { email: string; password: string }, permissions: string): Promise<string> {
    const code = await appCode(running, await signIn(running, user), { permissions })
    const exchanged = await postAppToken(running, code)
    expect(exchanged.status).toBe(200)
    return code
  }

  async function approveOne(user: { email: string; password: string }, businessID: string, vendorID: string) {
    const admin = billApi(running, await signIn(running, user), businessID)
    const bill = await admin.billIn('review', {
      vendorID,
      lineItems: [{ description: 'Audit', quantity: 1, unitAmount: 5000 }],
    })
    expect((await admin.review(bill.billID, 'APPROVE')).status).toBe(200)
    await running.sandbox.deliveries.idle()
    return bill.billID
  }

  async function deliveredBillIDs(): Promise<string[]> {
    const { body } = await listDeliveries(running, { subscriptionID })
    const events = running.sandbox.sim.db.events
    return body.map((d) =>
      String((events.get(d.eventID)?.payload as { billID?: string } | undefined)?.billID),
    )
  }

  it('delivers nothing to an app no member has authorized', async () => {
    await approveOne(demoUsers.admin, 'biz_acme', 'ven_cloudco')
    expect(await deliveredBillIDs()).toEqual([])
    expect(receiver.received).toHaveLength(0)
  })

  it("delivers a business's events once a member authorized the app to read bills, and only that business's", async () => {
    await authorize(demoUsers.viewer, 'bills:read')
    const acmeBill = await approveOne(demoUsers.admin, 'biz_acme', 'ven_cloudco')
    await approveOne(demoUsers.otherBusinessAdmin, 'biz_globex', 'ven_globex_parts')
    expect(await deliveredBillIDs()).toEqual([acmeBill])
    await receiver.waitFor(1)
  })

  it('does not count an authorization without bills:read', async () => {
    await authorize(demoUsers.admin, 'profile:read')
    await approveOne(demoUsers.admin, 'biz_acme', 'ven_cloudco')
    expect(await deliveredBillIDs()).toEqual([])
  })

  it('stops delivering when the authorization is revoked by a reused code', async () => {
    const code = await authorize(demoUsers.admin, 'bills:read')
    const first = await approveOne(demoUsers.admin, 'biz_acme', 'ven_cloudco')
    expect((await postAppToken(running, code)).status).toBe(401)
    await approveOne(demoUsers.admin, 'biz_acme', 'ven_cloudco')
    expect(await deliveredBillIDs()).toEqual([first])
  })
})
