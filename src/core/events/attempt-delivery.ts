/**
 * One attempt of one delivery: sign, send, record what happened and when the next attempt is due.
 *
 * Standard Webhooks headers: `webhook-id` (the delivery's message id, the same on every attempt),
 * `webhook-timestamp` (this attempt's unix seconds on the wall clock) and `webhook-signature`.
 * Only 2xx is success; a 3xx is a failure and is never followed; 410 disables the subscription; 429 and
 * 503 honour Retry-After; every other failure follows the retry schedule (retry-policy.ts).
 *
 * @see https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
 */
import type { components } from '../../generated/openapi.ts'
import type { Simulator } from '../simulator.ts'
import type { DeliveryRecord } from '../store/event-records.ts'
import { nextDelaySeconds } from './retry-policy.ts'
import type { SendWebhook, WebhookResult } from './send-webhook.ts'
import { signWebhook } from './sign-webhook.ts'
import { disableSubscription, signingSecrets } from './subscriptions.ts'
import { webhookBody } from './webhook-payload.ts'

type DeliveryAttempt = components['schemas']['DeliveryAttempt']

export interface AttemptDeps {
  send: SendWebhook
  timeoutMs: number
  /** [0, 1), for the retry jitter. */
  random: () => number
  /** Aborted when the engine stops: the attempt is then dropped unrecorded and stays due. */
  signal: AbortSignal
}

export const USER_AGENT = 'service-sandbox-webhooks/1'

function describe(result: Exclude<WebhookResult, { kind: 'aborted' }>, timeoutMs: number) {
  switch (result.kind) {
    case 'response':
      if (result.status >= 200 && result.status < 300) {
        return { outcome: 'success', responseStatus: result.status } as const
      }
      if (result.status === 410) {
        return {
          outcome: 'gone',
          responseStatus: 410,
          error: 'The receiver answered 410 Gone: the subscription is disabled.',
        } as const
      }
      return {
        outcome: 'http_error',
        responseStatus: result.status,
        error: `The receiver answered ${result.status}.`,
      } as const
    case 'redirect':
      return {
        outcome: 'redirect',
        responseStatus: result.status,
        error: `The receiver redirected${result.location ? ` to ${result.location}` : ''}; webhooks never follow redirects.`,
      } as const
    case 'timeout':
      return { outcome: 'timeout', responseStatus: null, error: `No answer within ${timeoutMs} ms.` } as const
    case 'network_error':
      return { outcome: 'network_error', responseStatus: null, error: result.message } as const
  }
}

/** Makes the attempt if the delivery is still due; records nothing when it was aborted. */
export async function attemptDelivery(sim: Simulator, deliveryID: string, deps: AttemptDeps): Promise<void> {
  const delivery = sim.db.deliveries.get(deliveryID)
  if (delivery?.status !== 'pending') return
  const subscription = sim.db.subscriptions.get(delivery.subscriptionID)
  const event = sim.db.events.get(delivery.eventID)
  if (!subscription?.enabled || !event) {
    // A disabled subscription, or a state imported without the event: nothing can be sent.
    await sim.db.deliveries.update(deliveryID, (draft) => {
      draft.status = subscription?.enabled === false ? 'disabled' : 'failed'
      draft.nextAttemptAt = null
    })
    return
  }

  const startedAt = sim.clock.now()
  const body = webhookBody(event)
  // Wall-clock time, not the virtual clock: receivers check webhook-timestamp against their own clock
  // (Standard Webhooks suggests a 5-minute tolerance), and a fast-forwarded sandbox must not look forged.
  const timestamp = Math.floor(Date.now() / 1000)
  const signature = await signWebhook(signingSecrets(subscription, startedAt), {
    webhookID: delivery.webhookID,
    timestamp,
    body,
  })
  const started = performance.now()
  const result = await deps.send({
    url: subscription.url,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': delivery.webhookID,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    },
    body,
    timeoutMs: deps.timeoutMs,
    signal: deps.signal,
  })
  if (result.kind === 'aborted' || deps.signal.aborted) return
  const durationMs = Math.round((performance.now() - started) * 10) / 10

  // From here to the update there is no await: the record read is the record written (store/table.ts).
  const current = sim.db.deliveries.get(deliveryID)
  if (current?.status !== 'pending') return
  const described = describe(result, deps.timeoutMs)
  const attempt: DeliveryAttempt = { at: new Date(startedAt).toISOString(), durationMs, ...described }
  const attemptsMade = current.attempts.length + 1
  let status: DeliveryRecord['status'] = 'pending'
  let nextAttemptAt: string | null = null
  if (described.outcome === 'success') status = 'succeeded'
  else if (described.outcome === 'gone') status = 'disabled'
  else {
    const delay = nextDelaySeconds(
      {
        attemptsMade,
        status: described.responseStatus,
        retryAfter: result.kind === 'response' ? result.retryAfter : null,
      },
      { random: deps.random, realNowMs: Date.now() },
    )
    if (delay === undefined) status = 'failed'
    else nextAttemptAt = new Date(sim.clock.now() + delay * 1000).toISOString()
  }
  const recorded = sim.db.deliveries.update(deliveryID, (draft) => {
    draft.attempts.push(attempt)
    draft.url = subscription.url
    draft.status = status
    draft.nextAttemptAt = nextAttemptAt
  })
  const disabled =
    described.outcome === 'gone'
      ? disableSubscription(
          sim,
          subscription.subscriptionID,
          `The receiver answered 410 Gone at ${attempt.at} (delivery ${deliveryID}).`,
        )
      : undefined
  await Promise.all([recorded, disabled])
}
