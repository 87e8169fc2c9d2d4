/**
 * The sandbox's delivery control API over real HTTP: list deliveries with every attempt, replay one,
 * a subscription's health, and the clock advance that runs due retries. Receivers are real local servers;
 * every request they get is verified with the `standardwebhooks` package.
 */
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  advanceClockOverHttp,
  demoApps,
  listDeliveries,
  publishEvent,
  replayDelivery,
  subscribeReceiver,
  subscriptionHealth,
} from '../../testing/event-calls.ts'
import { type RunningSandbox, startHttpSandbox } from '../../testing/harness.ts'
import { startReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts'

const app = demoApps.ledgerly
let running: RunningSandbox
let hook: WebhookReceiver
let subscription: { subscriptionID: string; secret: string }
let eventID: string

/** One delivery that failed once (500) and then succeeded, after the clock was advanced over HTTP. */
beforeAll(async () => {
  running = await startHttpSandbox({ webhookTimeoutMs: 300 })
  hook = await startReceiver()
  hook.answer({ status: 500 })
  subscription = await subscribeReceiver(running, app, 'payment.settled', hook.url)
  const published = await publishEvent(running, app, {
    code: 'payment.settled',
    payload: { paymentID: 'PAY-9' },
  })
  eventID = published.body.data.eventID
  await hook.waitFor(1)
  await running.sandbox.deliveries.idle()
  const advanced = await advanceClockOverHttp(running, 6)
  expect(advanced.status).toBe(200)
})
afterAll(async () => {
  await running.close()
  await hook.close()
})

describe('POST /__sandbox/clock/advance', () => {
  it('answers once the retries it made due are done', () => {
    // The advance in beforeAll answered after the second attempt: it is already here, no wait needed.
    expect(hook.received).toHaveLength(2)
    for (const request of hook.received)
      new Webhook(subscription.secret).verify(request.body, request.headers)
  })
})

describe('GET /__sandbox/deliveries', () => {
  it('lists a delivery with every attempt: time, outcome, response status, duration', async () => {
    const { status, body } = await listDeliveries(running, { subscriptionID: subscription.subscriptionID })
    expect(status).toBe(200)
    expect(body).toHaveLength(1)
    const [delivery] = body
    expect(delivery).toMatchObject({
      deliveryID: expect.stringMatching(/^dlv_/),
      webhookID: hook.received[0]?.headers['webhook-id'],
      subscriptionID: subscription.subscriptionID,
      eventID,
      code: 'payment.settled',
      url: hook.url,
      status: 'succeeded',
      nextAttemptAt: null,
      replayOf: null,
      attempts: [
        { outcome: 'http_error', responseStatus: 500, error: 'The receiver answered 500.' },
        { outcome: 'success', responseStatus: 204 },
      ],
    })
    const [first, second] = delivery?.attempts ?? []
    expect(Date.parse(second?.at ?? '') - Date.parse(first?.at ?? '')).toBeGreaterThanOrEqual(6000)
    // Attempt times are virtual (the second is 6 s later); webhook-timestamp is the wall clock's.
    for (const request of hook.received) {
      expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60)
    }
    for (const attempt of delivery?.attempts ?? []) expect(attempt.durationMs).toBeGreaterThanOrEqual(0)
  })

  it('filters by event, status and subscription', async () => {
    expect((await listDeliveries(running, { eventID })).body).toHaveLength(1)
    expect((await listDeliveries(running, { eventID: 'evt_none' })).body).toEqual([])
    expect((await listDeliveries(running, { status: 'failed' })).body).toEqual([])
    expect((await listDeliveries(running, { status: 'succeeded', eventID })).body).toHaveLength(1)
  })

  it('answers 400 for a status that is not a delivery status', async () => {
    const response = await running.fetch(`${running.baseUrl}/__sandbox/deliveries?status=lost`)
    expect(response.status).toBe(400)
  })
})

describe('POST /__sandbox/deliveries/replay', () => {
  it('sends the same message again under the same webhook-id, as a new delivery', async () => {
    const [original] = (await listDeliveries(running, { eventID })).body
    if (!original) throw new Error('no delivery')
    const { status, body: replay } = await replayDelivery(running, original.deliveryID)
    expect(status).toBe(200)
    expect(replay).toMatchObject({
      webhookID: original.webhookID,
      eventID,
      replayOf: original.deliveryID,
      status: 'pending',
      attempts: [],
    })
    expect(replay.deliveryID).not.toBe(original.deliveryID)

    const request = (await hook.waitFor(3))[2]
    if (!request) throw new Error('no replay request')
    expect(request.headers['webhook-id']).toBe(original.webhookID)
    expect(request.body).toBe(hook.received[0]?.body)
    new Webhook(subscription.secret).verify(request.body, request.headers)
    await running.sandbox.deliveries.idle()
    const { body: after } = await listDeliveries(running, { eventID })
    expect(after.map((d) => [d.deliveryID, d.status])).toEqual([
      [original.deliveryID, 'succeeded'],
      [replay.deliveryID, 'succeeded'],
    ])
  })

  it('answers 400 naming deliveryID when it is missing', async () => {
    const response = await running.fetch(`${running.baseUrl}/__sandbox/deliveries/replay`, { method: 'POST' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ errors: [{ in: 'query', name: 'deliveryID' }] })
  })

  it('answers 404 for an unknown delivery', async () => {
    const { status, body } = await replayDelivery(running, 'dlv_none')
    expect(status).toBe(404)
    expect(body).toMatchObject({ code: 'NOT_FOUND', detail: 'No delivery dlv_none.' })
  })
})

describe('GET /__sandbox/subscriptions/health', () => {
  it('counts attempts, successes and failures, with the last status', async () => {
    await running.sandbox.deliveries.idle()
    const { status, body } = await subscriptionHealth(running, subscription.subscriptionID)
    expect(status).toBe(200)
    expect(body).toEqual({
      subscriptionID: subscription.subscriptionID,
      enabled: true,
      disabledReason: null,
      attempts: 3,
      successes: 2,
      failures: 1,
      lastStatus: 204,
      lastAttemptAt: expect.any(String),
      pending: 0,
    })
  })

  it('answers 404 for an unknown subscription', async () => {
    const { status, body } = await subscriptionHealth(running, 'sub_none')
    expect(status).toBe(404)
    expect(body).toMatchObject({ code: 'NOT_FOUND' })
  })
})
