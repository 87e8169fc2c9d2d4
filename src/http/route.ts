/**
 * What a route handler gets and returns. Handlers are thin: read the validated input, call one domain
 * function, reply. Authentication has already run, as the operation's `security` in the spec says.
 */
import type { Principal } from '../core/auth/access.ts'
import type { Simulator } from '../core/simulator.ts'
import type { AppRecord } from '../core/store/records.ts'
import type { OperationId } from './reply.ts'
import type { ValidatedInput } from './request-validator.ts'
import type { SandboxRequest, SandboxResponse } from './types.ts'

export interface RouteContext<Services = unknown> {
  sim: Simulator
  request: SandboxRequest
  input: ValidatedInput
  /** Set on operations secured by bearerAuth. */
  principal?: Principal
  /** Set on operations secured by the X-Service-* app headers. */
  app?: AppRecord
  services: Services
  /** Every operationId of the spec (to validate references to operations, e.g. fault rules). */
  knownOperationIds: ReadonlySet<string>
}

export interface Route<Services = unknown> {
  operationId: OperationId
  handle(context: RouteContext<Services>): Promise<SandboxResponse> | SandboxResponse
}

/** Narrowing helpers for handlers of secured operations. */
export function requirePrincipal(context: RouteContext<unknown>): Principal {
  if (!context.principal) throw new Error(`${context.request.path}: route expects an authenticated principal`)
  return context.principal
}

export function requireApp(context: RouteContext<unknown>): AppRecord {
  if (!context.app) throw new Error(`${context.request.path}: route expects an authenticated app`)
  return context.app
}
