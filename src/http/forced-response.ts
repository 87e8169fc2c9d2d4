/**
 * The answer to a forced status (fault rule or `Prefer: code=`): the spec's first example for that status
 * when it has one, else an error body of the operation's family with code INJECTED_FAULT.
 */
import { resolveRef } from '../contract/ajv.ts'
import type { OperationRef } from '../contract/spec.ts'
import { SandboxError } from '../core/errors.ts'
import { type ErrorFamily, errorResponse } from './error-response.ts'
import type { SandboxResponse } from './types.ts'

const clientCodes: Record<number, string> = { 400: 'invalid_request', 401: 'invalid_client', 409: 'conflict' }

export function forcedResponse(op: OperationRef, status: number, family: ErrorFamily): SandboxResponse {
  const responses = (op.operation.responses ?? {}) as Record<string, unknown>
  const declared = responses[String(status)]
  if (declared && status < 400) {
    const response = resolveRef<{
      content?: Record<string, { examples?: Record<string, unknown>; example?: unknown }>
    }>(declared)
    const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? []
    const first = media?.examples
      ? resolveRef<{ value: unknown }>(Object.values(media.examples)[0]).value
      : media?.example
    if (mediaType && first !== undefined) {
      return { status, headers: { 'content-type': mediaType, 'x-sandbox-fault': 'forced' }, json: first }
    }
    return { status, headers: { 'x-sandbox-fault': 'forced' } }
  }
  const response = errorResponse(
    new SandboxError({
      status,
      code: family === 'problem' ? 'INJECTED_FAULT' : (clientCodes[status] ?? 'server_error'),
      detail: `Status ${status} forced by a sandbox fault rule.`,
    }),
    family,
  )
  response.headers['x-sandbox-fault'] = 'forced'
  return response
}
