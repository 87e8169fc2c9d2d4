/**
 * Event codes: the ones apps register, and the service's own bill lifecycle codes (`x-lifecycle.events`),
 * which exist without registration. The whole `bill.` namespace is reserved for the service.
 */
import { randomToken } from '../auth/secrets.ts'
import { lifecycle } from '../bills/lifecycle.ts'
import { SandboxError } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { EventCodeRecord } from '../store/event-records.ts'
import type { AppRecord } from '../store/records.ts'

/** `publishedBy` of the events the service itself publishes. */
export const SERVICE_PUBLISHER = 'service'

const serviceCodes: ReadonlySet<string> = new Set(Object.values(lifecycle.events))

export function isReservedCode(code: string): boolean {
  return code.startsWith('bill.')
}

/** A code subscriptions may name: a registered one or one the service publishes. */
export function isKnownCode(sim: Simulator, code: string): boolean {
  return serviceCodes.has(code) || sim.db.eventCodes.has(code)
}

export function unknownEvent(code: string): SandboxError {
  return new SandboxError({ status: 400, code: 'unknown_event', detail: `No event ${code} is registered.` })
}

/** Registers `code` for `app`. Check and insert run without an await between, so two racing calls cannot both win. */
export async function registerEvent(sim: Simulator, app: AppRecord, code: string): Promise<EventCodeRecord> {
  if (isReservedCode(code)) {
    throw new SandboxError({
      status: 409,
      code: 'reserved_event',
      detail: `Event codes under bill. belong to the service; ${code} cannot be registered.`,
    })
  }
  if (sim.db.eventCodes.has(code)) {
    throw new SandboxError({
      status: 409,
      code: 'event_already_registered',
      detail: `The event ${code} is already registered.`,
    })
  }
  return sim.db.eventCodes.insert({ code, appID: app.appID, registeredAt: sim.clock.nowIso() })
}

export function newID(prefix: 'evt' | 'sub' | 'dlv' | 'msg'): string {
  return `${prefix}_${randomToken(prefix === 'msg' ? 15 : 9)}`
}
