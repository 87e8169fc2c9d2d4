/**
 * Delivery records: one per message to one subscription. A new delivery is due at once; the engine
 * (delivery-engine.ts) makes the attempts. Replays are new deliveries of the same message, under the same
 * `webhook-id`, so a receiver that de-duplicates by it (as Standard Webhooks suggests) sees one message.
 */
import { notFound } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { DeliveryRecord, SubscriptionRecord } from '../store/event-records.ts'
import { newID } from './event-codes.ts'

export interface NewDelivery {
  subscription: SubscriptionRecord
  eventID: string
  code: string
  webhookID?: string
  replayOf?: string
}

/** Inserts a delivery; the record is in the index when this returns, the promise settles once stored. */
export function createDelivery(sim: Simulator, input: NewDelivery): Promise<DeliveryRecord> {
  const enabled = input.subscription.enabled
  return sim.db.deliveries.insert({
    deliveryID: newID('dlv'),
    webhookID: input.webhookID ?? newID('msg'),
    subscriptionID: input.subscription.subscriptionID,
    eventID: input.eventID,
    code: input.code,
    url: input.subscription.url,
    status: enabled ? 'pending' : 'disabled',
    attempts: [],
    nextAttemptAt: enabled ? sim.clock.nowIso() : null,
    replayOf: input.replayOf ?? null,
  })
}

/** A new delivery of the same message (same webhook-id) to the subscription as it is now. */
export function replayDelivery(sim: Simulator, deliveryID: string): Promise<DeliveryRecord> {
  const original = sim.db.deliveries.get(deliveryID)
  if (!original) throw notFound('NOT_FOUND', `No delivery ${deliveryID}.`)
  const subscription = sim.db.subscriptions.get(original.subscriptionID)
  if (!subscription) throw notFound('NOT_FOUND', `No subscription ${original.subscriptionID}.`)
  return createDelivery(sim, {
    subscription,
    eventID: original.eventID,
    code: original.code,
    webhookID: original.webhookID,
    replayOf: original.deliveryID,
  })
}

export interface DeliveryFilter {
  subscriptionID?: string
  eventID?: string
  status?: DeliveryRecord['status']
}

/** Deliveries, oldest first. */
export function listDeliveries(sim: Simulator, filter: DeliveryFilter = {}): DeliveryRecord[] {
  return sim.db.deliveries.filter(
    (d) =>
      (filter.subscriptionID === undefined || d.subscriptionID === filter.subscriptionID) &&
      (filter.eventID === undefined || d.eventID === filter.eventID) &&
      (filter.status === undefined || d.status === filter.status),
  )
}

export interface SubscriptionHealth {
  subscriptionID: string
  enabled: boolean
  disabledReason: string | null
  attempts: number
  successes: number
  failures: number
  lastStatus: number | null
  lastAttemptAt: string | null
  pending: number
}

/** Counts over every attempt of every delivery of a subscription. */
export function subscriptionHealth(sim: Simulator, subscriptionID: string): SubscriptionHealth {
  const subscription = sim.db.subscriptions.get(subscriptionID)
  if (!subscription) throw notFound('NOT_FOUND', `No subscription ${subscriptionID}.`)
  const health: SubscriptionHealth = {
    subscriptionID,
    enabled: subscription.enabled,
    disabledReason: subscription.disabledReason,
    attempts: 0,
    successes: 0,
    failures: 0,
    lastStatus: null,
    lastAttemptAt: null,
    pending: 0,
  }
  for (const delivery of listDeliveries(sim, { subscriptionID })) {
    if (delivery.status === 'pending') health.pending++
    for (const attempt of delivery.attempts) {
      health.attempts++
      if (attempt.outcome === 'success') health.successes++
      else health.failures++
      // ISO timestamps of one clock compare as strings; ties keep the later-listed attempt.
      if (health.lastAttemptAt === null || attempt.at >= health.lastAttemptAt) {
        health.lastAttemptAt = attempt.at
        health.lastStatus = attempt.responseStatus ?? null
      }
    }
  }
  return health
}
