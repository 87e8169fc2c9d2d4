/**
 * Typed success replies: the status must be one the operation declares in the spec and the body must have
 * that response's generated type, so a handler cannot drift from the contract without a type error.
 */
import type { operations } from '../generated/openapi.ts'
import type { SandboxResponse } from './types.ts'

export type OperationId = keyof operations
type Responses<Op extends OperationId> = operations[Op]['responses']
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never

export function reply<Op extends OperationId, S extends keyof Responses<Op> & number>(
  _operationId: Op,
  status: S,
  body: JsonOf<Responses<Op>[S]>,
  headers: Record<string, string> = {},
): SandboxResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, json: body }
}

export function noContent(): SandboxResponse {
  return { status: 204, headers: {} }
}
