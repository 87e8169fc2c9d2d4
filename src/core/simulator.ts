/**
 * The simulator core: state (tables), the virtual clock, signing keys and the side channels (notification
 * outbox, domain events). No HTTP here; src/http adapts it.
 */

import { createSigningKeys, type SigningKeys } from './auth/tokens.ts'
import { type Clock, createClock } from './clock.ts'
import { createDatabase, type Database } from './store/database.ts'

export interface DomainEvent {
  code: string
  payload: Record<string, unknown>
}

export interface SimulatorOptions {
  /** The `iss` of issued tokens and the origin of hosted pages. */
  issuer?: string
  clock?: Clock
  keys?: SigningKeys
}

export interface Simulator {
  readonly db: Database
  readonly clock: Clock
  keys: SigningKeys
  readonly issuer: string
  /** Publishes a domain event (bill lifecycle) to whoever listens: the event engine, tests. */
  emit(event: DomainEvent): void
  onEvent(listener: (event: DomainEvent) => void): () => void
}

export const DEFAULT_ISSUER = 'https://sandbox.service.test'

export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const listeners = new Set<(event: DomainEvent) => void>()
  return {
    db: createDatabase(),
    clock: options.clock ?? createClock(),
    keys: options.keys ?? (await createSigningKeys()),
    issuer: options.issuer ?? DEFAULT_ISSUER,
    emit(event) {
      for (const listener of listeners) listener(event)
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
