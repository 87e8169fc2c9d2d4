/**
 * Checks a response against the spec: the status must be declared by the operation, the content type must
 * be one the status declares, and the body must match that media type's schema. Used by every test that
 * talks to the sandbox (through checked-fetch) and by the conformance suite.
 */
import { compileInSpec, describeAjvErrors, resolveRef } from './ajv.ts'
import type { OperationRef } from './spec.ts'

export interface ResponseProblem {
  operationId: string
  status: number
  message: string
}

export { operationAt as operationFor } from './spec.ts'

export function validateResponse(
  op: OperationRef,
  status: number,
  contentType: string | null,
  body: unknown,
): string[] {
  const responses = (op.operation.responses ?? {}) as Record<string, unknown>
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default
  if (!declared) return [`status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`]
  const response = resolveRef<{ content?: Record<string, { schema?: unknown }> }>(declared)
  if (!response.content) {
    return body === undefined || body === '' || body === null ? [] : [`status ${status} declares no body`]
  }
  const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? ''
  const media = response.content[mediaType]
  if (!media)
    return [
      `content type "${mediaType}" is not declared for ${status} (declared: ${Object.keys(response.content).join(', ')})`,
    ]
  if (!media.schema) return []
  const validate = compileInSpec(media.schema, `response:${op.operationId}:${status}:${mediaType}`)
  if (validate(body)) return []
  return describeAjvErrors(validate.errors, 'body').map((e) => `${e.name} ${e.message}`)
}
