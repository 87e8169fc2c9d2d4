import { afterEach, describe, expect, it } from 'vitest'
import { createClock } from '../clock.ts'
import { createSimulator, type Simulator } from '../simulator.ts'
import type { AppRecord } from '../store/records.ts'
import { createDeliveryEngine, type DeliveryEngine } from './delivery-engine.ts'
import { registerEvent } from './event-codes.ts'
import { publishAppEvent } from './publish.ts'
import type { SendWebhook, WebhookRequest, WebhookResult } from './send-webhook.ts'
import { createSubscription } from './subscriptions.ts'

const app = { appID: 'app_test' } as AppRecord

/** A sender that answers from a script (then 204) and records what it was asked to send. */
function scriptedSender(...answers: WebhookResult[]) {
  const sent: WebhookRequest[] = []
  const send: SendWebhook = async (request) => {
    sent.push(request)
    return answers.shift() ?? { kind: 'response', status: 204, retryAfter: null }
  }
  return { send, sent }
}

const http = (status: number, retryAfter: string | null = null): WebhookResult => ({
  kind: 'response',
  status,
  retryAfter,
})

let engine: DeliveryEngine | undefined
afterEach(async () => {
  await engine?.close()
  engine = undefined
})

/** A clock that moves only when advanced (unless `realTime`), so delays can be compared exactly. */
async function setup(send: SendWebhook, options: { random?: () => number; realTime?: boolean } = {}) {
  const frozen = Date.parse('2026-11-23T10:00:00.000Z')
  const clock = options.realTime ? createClock() : createClock({ realNow: () => frozen })
  const sim = await createSimulator({ clock })
  const random = options.random ?? (() => 0.5)
  engine = createDeliveryEngine(sim, { send, random, timeoutMs: 300 })
  await registerEvent(sim, app, 'invoice.synced')
  await createSubscription(sim, app, { code: 'invoice.synced', url: 'http://receiver.test/hook' })
  await publishAppEvent(sim, app, { code: 'invoice.synced', payload: { invoiceID: 'INV-1' } })
  engine.wake()
  await engine.idle()
  return sim
}

const onlyDelivery = (sim: Simulator) => {
  const [delivery] = sim.db.deliveries.all()
  if (!delivery) throw new Error('no delivery')
  return delivery
}
const secondsUntilNext = (sim: Simulator) =>
  (Date.parse(onlyDelivery(sim).nextAttemptAt ?? '') - sim.clock.now()) / 1000

describe('the delivery engine', () => {
  it('makes 8 attempts on the schedule 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, then gives up', async () => {
    const { send, sent } = scriptedSender(...Array.from({ length: 8 }, () => http(500)))
    const sim = await setup(send)
    for (const [i, delay] of [5, 30, 120, 600, 1800, 3600, 10800].entries()) {
      expect(secondsUntilNext(sim)).toBe(delay)
      sim.clock.advance(delay - 1)
      await engine?.runDue()
      expect(sent, 'not before its time').toHaveLength(i + 1)
      sim.clock.advance(1)
      await engine?.runDue()
      expect(sent).toHaveLength(i + 2)
    }
    const delivery = onlyDelivery(sim)
    expect(sent).toHaveLength(8)
    expect(delivery.status).toBe('failed')
    expect(delivery.nextAttemptAt).toBeNull()
    expect(new Set(sent.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery.webhookID]))
  })

  it('applies the jitter to each delay', async () => {
    const sim = await setup(scriptedSender(http(500)).send, { random: () => 0 })
    expect(secondsUntilNext(sim)).toBe(4.5)
  })

  it('retries on a real timer, without anyone advancing the clock', async () => {
    const { send, sent } = scriptedSender(http(503, '1'))
    await setup(send, { realTime: true })
    expect(sent).toHaveLength(1)
    const deadline = Date.now() + 5000
    while (sent.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent).toHaveLength(2)
  })

  it('records nothing for an attempt cut off by close, so the delivery stays due', async () => {
    const sent: WebhookRequest[] = []
    const hang: SendWebhook = (request) => {
      sent.push(request)
      return new Promise((resolve) =>
        request.signal.addEventListener('abort', () => resolve({ kind: 'aborted' })),
      )
    }
    const sim = await createSimulator()
    engine = createDeliveryEngine(sim, { send: hang, timeoutMs: 60_000 })
    await registerEvent(sim, app, 'invoice.synced')
    await createSubscription(sim, app, { code: 'invoice.synced', url: 'http://receiver.test/hook' })
    await publishAppEvent(sim, app, { code: 'invoice.synced', payload: {} })
    engine.wake()
    const deadline = Date.now() + 5000
    while (sent.length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
    await engine.close()
    expect(onlyDelivery(sim)).toMatchObject({ status: 'pending', attempts: [] })
  })

  it('classifies every kind of failure and keeps retrying', async () => {
    const { send } = scriptedSender(
      { kind: 'redirect', status: 302, location: 'http://elsewhere.test/' },
      { kind: 'timeout' },
      { kind: 'network_error', message: 'Cannot connect: ECONNREFUSED' },
      http(500),
    )
    const sim = await setup(send)
    for (const delay of [5, 30, 120]) {
      sim.clock.advance(delay * 1.1)
      await engine?.runDue()
    }
    expect(onlyDelivery(sim).attempts.map((a) => [a.outcome, a.responseStatus])).toEqual([
      ['redirect', 302],
      ['timeout', null],
      ['network_error', null],
      ['http_error', 500],
    ])
  })

  it('disables the subscription and its pending deliveries on 410 Gone', async () => {
    const sim = await setup(scriptedSender(http(410)).send)
    const [subscription] = sim.db.subscriptions.all()
    expect(subscription).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/410/) })
    expect(onlyDelivery(sim)).toMatchObject({ status: 'disabled', nextAttemptAt: null })
  })
})
