/**
 * Publishing: an event is stored and every enabled subscription to its code gets a delivery, due at once.
 * The caller then wakes the delivery engine; publishing itself never waits for a receiver.
 *
 * Idempotency keys are per app and live `x-lifetimes.idempotencyKeySeconds`: a repeat within that time
 * answers the first event and creates nothing. The lookup and the writes run without an await between
 * them (see store/table.ts), so two racing publishes with one key give one event.
 */
import { lifetimes } from '../../contract/spec.ts'
import type { components } from '../../generated/openapi.ts'
import { SandboxError } from '../errors.ts'
import { appMayReadBills } from '../oauth/app-authorizations.ts'
import type { Simulator } from '../simulator.ts'
import type { PublishedEventRecord } from '../store/event-records.ts'
import type { AppRecord } from '../store/records.ts'
import { createDelivery } from './deliveries.ts'
import { isReservedCode, newID, SERVICE_PUBLISHER, unknownEvent } from './event-codes.ts'

type PublishData = components['schemas']['PublishData']

export interface PublishResult {
  event: PublishedEventRecord
  /** How many deliveries the (first) publish created. */
  deliveries: number
  duplicate: boolean
}

/** Stores the event and its deliveries; synchronous up to the returned promise (see the module comment). */
function record(
  sim: Simulator,
  publishedBy: string,
  data: PublishData,
  audience: (appID: string) => boolean = () => true,
): { event: PublishedEventRecord; written: Promise<unknown> } {
  const subscriptions = sim.db.subscriptions.filter(
    (s) => s.code === data.code && s.enabled && audience(s.appID),
  )
  const event: PublishedEventRecord = {
    eventID: newID('evt'),
    code: data.code,
    publishedBy,
    payload: data.payload,
    publishedAt: sim.clock.nowIso(),
    idempotencyKey: data.idempotencyKey ?? null,
    deliveries: subscriptions.length,
  }
  const writes: Promise<unknown>[] = [sim.db.events.insert(event)]
  for (const subscription of subscriptions) {
    writes.push(createDelivery(sim, { subscription, eventID: event.eventID, code: event.code }))
  }
  return { event, written: Promise.all(writes) }
}

export async function publishAppEvent(
  sim: Simulator,
  app: AppRecord,
  data: PublishData,
): Promise<PublishResult> {
  if (isReservedCode(data.code)) {
    throw new SandboxError({
      status: 400,
      code: 'reserved_event',
      detail: `Only the service publishes ${data.code}.`,
    })
  }
  const registered = sim.db.eventCodes.get(data.code)
  if (!registered || registered.appID !== app.appID) throw unknownEvent(data.code)

  const now = sim.clock.now()
  const key = data.idempotencyKey === undefined ? undefined : `${app.appID} ${data.idempotencyKey}`
  const seen = key === undefined ? undefined : sim.db.idempotencyKeys.get(key)
  if (seen && Date.parse(seen.expiresAt) > now) {
    const first = sim.db.events.get(seen.eventID)
    if (first) return { event: first, deliveries: first.deliveries, duplicate: true }
  }
  const { event, written } = record(sim, app.appID, data)
  const writes: Promise<unknown>[] = [written]
  if (key !== undefined) {
    if (seen) sim.db.idempotencyKeys.delete(key)
    const expiresAt = new Date(now + lifetimes.idempotencyKeySeconds * 1000).toISOString()
    writes.push(sim.db.idempotencyKeys.insert({ key, eventID: event.eventID, expiresAt }))
  }
  await Promise.all(writes)
  return { event, deliveries: event.deliveries, duplicate: false }
}

/**
 * A bill lifecycle event, published by the service to the subscriptions of apps that the bill's business
 * authorized to read bills (see oauth/app-authorizations.ts). Nothing is stored when no such subscription
 * listens, so bill traffic does not grow the state.
 */
export function publishServiceEvent(
  sim: Simulator,
  code: string,
  payload: Record<string, unknown>,
): { event: PublishedEventRecord; written: Promise<unknown> } | undefined {
  const businessID = typeof payload.businessID === 'string' ? payload.businessID : undefined
  const audience = (appID: string) => businessID !== undefined && appMayReadBills(sim, appID, businessID)
  if (!sim.db.subscriptions.filter((s) => s.code === code && s.enabled && audience(s.appID)).length)
    return undefined
  return record(sim, SERVICE_PUBLISHER, { code, payload }, audience)
}
