/**
 * How deliveries behave, end to end: the sandbox over real HTTP sends to real receivers on 127.0.0.1,
 * and every request a receiver gets is verified with the `standardwebhooks` package. The virtual clock
 * fast-forwards the retry schedule; `webhook-timestamp` stays wall-clock time, so receivers that check it
 * against their own clock (standardwebhooks allows 5 minutes) accept fast-forwarded retries too.
 */
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import {
  demoApps,
  listDeliveries,
  publishEvent,
  subscribeReceiver,
  subscriptionHealth,
  updateSubscription,
} from '../../testing/event-calls.ts'
import { type RunningSandbox, startHttpSandbox } from '../../testing/harness.ts'
import { type ReceivedWebhook, startReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts'

const app = demoApps.ledgerly
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function sandbox(options: Parameters<typeof startHttpSandbox>[0] = {}): Promise<RunningSandbox> {
  const running = await startHttpSandbox({ webhookTimeoutMs: 300, ...options })
  cleanups.push(() => running.close())
  return running
}

async function receiver(): Promise<WebhookReceiver> {
  const started = await startReceiver()
  cleanups.push(() => started.close())
  return started
}

/** Subscribes the receiver to a fresh code and publishes one event to it. */
async function publishTo(running: RunningSandbox, to: WebhookReceiver) {
  const code = `order.shipped-${Math.random().toString(36).slice(2, 8)}`
  const subscription = await subscribeReceiver(running, app, code, to.url)
  const published = await publishEvent(running, app, { code, payload: { orderID: 'ORD-1' } })
  expect(published.status).toBe(200)
  return { ...subscription, code, eventID: published.body.data.eventID }
}

function verify(secret: string, request: ReceivedWebhook | undefined) {
  if (!request) throw new Error('no request')
  return new Webhook(secret).verify(request.body, request.headers)
}

async function onlyDelivery(running: RunningSandbox, subscriptionID: string) {
  await running.sandbox.deliveries.idle()
  const { body } = await listDeliveries(running, { subscriptionID })
  expect(body).toHaveLength(1)
  return body[0] as NonNullable<(typeof body)[0]>
}

describe('webhook deliveries', () => {
  it('retry after a 500 with the same webhook-id, both attempts signed', async () => {
    const running = await sandbox()
    const hook = await receiver()
    hook.answer({ status: 500 })
    const { subscriptionID, secret } = await publishTo(running, hook)
    await hook.waitFor(1)

    const failed = await onlyDelivery(running, subscriptionID)
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: [{ outcome: 'http_error', responseStatus: 500 }],
    })
    const firstAt = Date.parse(failed.attempts[0]?.at ?? '')
    const wait = (Date.parse(failed.nextAttemptAt ?? '') - firstAt) / 1000
    expect(wait).toBeGreaterThanOrEqual(4.5)
    expect(wait).toBeLessThan(6)

    await running.sandbox.advanceClock(6)
    const [first, second] = await hook.waitFor(2)
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id'])
    expect(second?.body).toBe(first?.body)
    expect(verify(secret, first)).toEqual(verify(secret, second))
    expect(Number(second?.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(
      Number(first?.headers['webhook-timestamp']),
    )
    expect(await onlyDelivery(running, subscriptionID)).toMatchObject({
      status: 'succeeded',
      nextAttemptAt: null,
    })
  })

  it('count a receiver that does not answer in time as failed, and retry', async () => {
    const running = await sandbox({ webhookTimeoutMs: 300 })
    const hook = await receiver()
    hook.answer({ hang: true })
    const { subscriptionID, secret } = await publishTo(running, hook)
    verify(secret, (await hook.waitFor(1))[0])

    const timedOut = await onlyDelivery(running, subscriptionID)
    expect(timedOut).toMatchObject({
      status: 'pending',
      attempts: [{ outcome: 'timeout', responseStatus: null, error: 'No answer within 300 ms.' }],
    })
    await running.sandbox.advanceClock(6)
    verify(secret, (await hook.waitFor(2))[1])
    expect(await onlyDelivery(running, subscriptionID)).toMatchObject({ status: 'succeeded' })
  })

  it('disable the subscription when the receiver answers 410 Gone', async () => {
    const running = await sandbox()
    const hook = await receiver()
    hook.answer({ status: 410 })
    const { subscriptionID, secret, code } = await publishTo(running, hook)
    verify(secret, (await hook.waitFor(1))[0])

    expect(await onlyDelivery(running, subscriptionID)).toMatchObject({
      status: 'disabled',
      nextAttemptAt: null,
      attempts: [{ outcome: 'gone', responseStatus: 410 }],
    })
    const { body: health } = await subscriptionHealth(running, subscriptionID)
    expect(health).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('410') })

    const again = await publishEvent(running, app, { code, payload: {} })
    expect(again.body.data.deliveries).toBe(0)
    await running.sandbox.advanceClock(60)
    expect(hook.received).toHaveLength(1)

    // Re-enabling is the way back.
    await updateSubscription(running, app, { subscriptionID, enabled: true })
    await publishEvent(running, app, { code, payload: {} })
    verify(secret, (await hook.waitFor(2))[1])
  })

  it('never follow a redirect: a 302 is a failure and its target sees no request', async () => {
    const running = await sandbox()
    const target = await receiver()
    const hook = await receiver()
    hook.answer({ status: 302, headers: { location: target.url } })
    const { subscriptionID, secret } = await publishTo(running, hook)
    verify(secret, (await hook.waitFor(1))[0])

    const redirected = await onlyDelivery(running, subscriptionID)
    expect(redirected).toMatchObject({
      status: 'pending',
      attempts: [{ outcome: 'redirect', responseStatus: 302, error: expect.stringContaining(target.url) }],
    })
    expect(target.received).toHaveLength(0)
  })

  it('carry both signatures during a secret rotation, each verifiable with its own secret', async () => {
    const running = await sandbox()
    const hook = await receiver()
    const { subscriptionID, secret: oldSecret, code } = await publishTo(running, hook)
    await hook.waitFor(1)

    const rotated = await updateSubscription(running, app, { subscriptionID, rotateSecret: true })
    const newSecret = rotated.body.data.secret
    if (!newSecret) throw new Error('no new secret')
    expect(newSecret).not.toBe(oldSecret)

    await publishEvent(running, app, { code, payload: { after: 'rotation' } })
    const request = (await hook.waitFor(2))[1]
    expect(request?.headers['webhook-signature']?.split(' ')).toHaveLength(2)
    expect(verify(oldSecret, request)).toMatchObject({ data: { payload: { after: 'rotation' } } })
    expect(verify(newSecret, request)).toMatchObject({ data: { payload: { after: 'rotation' } } })
  })

  it('honour Retry-After on 429: the next attempt is not made before it', async () => {
    const running = await sandbox()
    const hook = await receiver()
    hook.answer({ status: 429, headers: { 'retry-after': '60' } })
    const { subscriptionID, secret } = await publishTo(running, hook)
    await hook.waitFor(1)

    const limited = await onlyDelivery(running, subscriptionID)
    const asked = Date.parse(limited.nextAttemptAt ?? '') - Date.parse(limited.attempts[0]?.at ?? '')
    expect(asked).toBeGreaterThanOrEqual(60_000)

    await running.sandbox.advanceClock(30)
    expect(hook.received).toHaveLength(1)
    await running.sandbox.advanceClock(31)
    verify(secret, (await hook.waitFor(2))[1])
  })

  it('survive a restart: a pending retry in an exported state is delivered by the new sandbox', async () => {
    const first = await sandbox()
    const hook = await receiver()
    hook.answer({ status: 500 })
    const { subscriptionID, secret } = await publishTo(first, hook)
    await hook.waitFor(1)
    await first.sandbox.deliveries.idle()
    const state = first.sandbox.exportState()
    await first.close()

    const second = await sandbox({ state })
    expect(hook.received).toHaveLength(1)
    await second.sandbox.advanceClock(6)
    const [before, after] = await hook.waitFor(2)
    expect(after?.headers['webhook-id']).toBe(before?.headers['webhook-id'])
    verify(secret, after)
    expect(await onlyDelivery(second, subscriptionID)).toMatchObject({
      status: 'succeeded',
      attempts: [{ responseStatus: 500 }, { responseStatus: 204 }],
    })
  })

  it('deliver retries that receivers accept after the clock was fast-forwarded past their tolerance', async () => {
    const running = await sandbox()
    const hook = await receiver()
    hook.answer({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 })
    const { secret } = await publishTo(running, hook)
    await hook.waitFor(1)
    await running.sandbox.deliveries.idle()
    // Retries after 5 s, 30 s, 2 min and 10 min: the virtual clock ends more than 12 minutes ahead.
    for (const seconds of [10, 40, 150, 700]) await running.sandbox.advanceClock(seconds)
    const received = await hook.waitFor(5)
    expect(running.sandbox.sim.clock.offsetSeconds()).toBeGreaterThan(12 * 60)
    for (const request of received) {
      expect(() => verify(secret, request)).not.toThrow()
      expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60)
    }
  })

  it('report a receiver nobody listens on as a network error', async () => {
    const running = await sandbox()
    const gone = await startReceiver()
    const url = gone.url
    await gone.close()
    const code = 'order.lost'
    const { subscriptionID } = await subscribeReceiver(running, app, code, url)
    await publishEvent(running, app, { code, payload: {} })
    expect(await onlyDelivery(running, subscriptionID)).toMatchObject({
      status: 'pending',
      attempts: [
        { outcome: 'network_error', responseStatus: null, error: expect.stringMatching(/ECONNREFUSED/) },
      ],
    })
  })
})
