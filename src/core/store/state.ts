/**
 * The whole simulator state as one JSON document (control API export/import and `--state FILE`).
 * An import validates every record of every table before it changes anything: a bad document is
 * rejected whole, naming the table, the index and the field.
 */
import type { JWK } from 'jose'
import { createSigningKeys } from '../auth/tokens.ts'
import { badRequest, type FieldError } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { TableName } from './database.ts'
import { recordSchema } from './record-schema.ts'
import { recordJsonSchemas } from './records.ts'

export const STATE_VERSION = 1

export interface SandboxState {
  version: 1
  clock: string
  clockOffsetSeconds: number
  signingKey: { kid: string; privateJwk: JWK }
  collections: Record<string, Record<string, unknown>[]>
}

export function exportState(sim: Simulator): SandboxState {
  const collections: Record<string, Record<string, unknown>[]> = {}
  for (const [name, table] of Object.entries(sim.db)) collections[name] = table.all()
  return {
    version: STATE_VERSION,
    clock: sim.clock.nowIso(),
    clockOffsetSeconds: sim.clock.offsetSeconds(),
    signingKey: { kid: sim.keys.kid, privateJwk: sim.keys.privateJwk },
    collections,
  }
}

/** Problems with a state document, each naming where it is; empty when it can be imported. */
export function checkState(sim: Simulator, value: unknown): FieldError[] {
  const problems: FieldError[] = []
  const at = (name: string, message: string) => problems.push({ in: 'body', name, message })
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    at('state', 'must be an object')
    return problems
  }
  const state = value as Partial<SandboxState>
  if (state.version !== STATE_VERSION) at('version', `must be ${STATE_VERSION}`)
  if (typeof state.collections !== 'object' || state.collections === null) {
    at('collections', 'must be an object')
    return problems
  }
  if (state.signingKey !== undefined) checkSigningKey(state.signingKey, at)
  if (state.clockOffsetSeconds !== undefined && typeof state.clockOffsetSeconds !== 'number') {
    at('clockOffsetSeconds', 'must be a number')
  }
  for (const [name, records] of Object.entries(state.collections)) {
    // Own properties only: `toString` or `constructor` must not pass for a table.
    const table = Object.hasOwn(sim.db, name) ? sim.db[name as TableName] : undefined
    if (!table) {
      at(`collections.${name}`, 'is not a known collection')
      continue
    }
    if (!Array.isArray(records)) {
      at(`collections.${name}`, 'must be an array')
      continue
    }
    const schema = recordSchema(name, recordJsonSchemas[name as keyof typeof recordJsonSchemas] ?? {})
    const seen = new Set<string>()
    records.forEach((record, i) => {
      const result = schema['~standard'].validate(record)
      if (!(result instanceof Promise) && result.issues) {
        for (const issue of result.issues) at(`collections.${name}[${i}]`, issue.message)
      }
      const key = String((record as Record<string, unknown>)?.[table.key])
      if (seen.has(key)) at(`collections.${name}[${i}].${table.key}`, `duplicates ${key}`)
      seen.add(key)
    })
  }
  return problems
}

/** The saved key must be an ES256 (P-256) private JWK, or the sandbox could not sign with it. */
function checkSigningKey(value: unknown, at: (name: string, message: string) => void): void {
  if (!value || typeof value !== 'object') {
    at('signingKey', 'must be an object with kid and privateJwk')
    return
  }
  const { kid, privateJwk } = value as { kid?: unknown; privateJwk?: Record<string, unknown> }
  if (typeof kid !== 'string' || kid === '') at('signingKey.kid', 'must be a non-empty string')
  if (!privateJwk || typeof privateJwk !== 'object') {
    at('signingKey.privateJwk', 'must be an object')
    return
  }
  if (privateJwk.kty !== 'EC' || privateJwk.crv !== 'P-256')
    at('signingKey.privateJwk', 'must be an EC P-256 key')
  for (const member of ['d', 'x', 'y']) {
    if (typeof privateJwk[member] !== 'string') at(`signingKey.privateJwk.${member}`, 'is required')
  }
}

export async function importState(sim: Simulator, value: unknown): Promise<void> {
  const problems = checkState(sim, value)
  if (problems.length > 0) {
    throw badRequest(
      'INVALID_STATE',
      `The state is invalid: ${problems[0]?.name} ${problems[0]?.message}.`,
      problems,
    )
  }
  const state = value as SandboxState
  if (state.signingKey) sim.keys = await createSigningKeys(state.signingKey)
  for (const table of Object.values(sim.db)) table.clear()
  const writes: Promise<unknown>[] = []
  for (const [name, records] of Object.entries(state.collections)) {
    const table = sim.db[name as TableName] as { insert(r: Record<string, unknown>): Promise<unknown> }
    for (const record of records) writes.push(table.insert(record))
  }
  await Promise.all(writes)
  if (typeof state.clockOffsetSeconds === 'number') sim.clock.restoreOffsetSeconds(state.clockOffsetSeconds)
}
