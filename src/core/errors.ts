/**
 * Typed, coded errors. Domain code throws these; exactly one place (src/http/error-response.ts) turns them
 * into responses, in the error family of the operation that failed.
 */
export interface FieldError {
  in: 'query' | 'header' | 'body' | 'path'
  name: string
  message: string
}

export interface SandboxErrorInit {
  status: number
  /** Stable code: UPPER_SNAKE for problem+json operations, RFC 6749 style lower_snake for client errors. */
  code: string
  detail: string
  errors?: FieldError[]
  /** Extra members of the error body (for example `billStatus`). */
  extra?: Record<string, unknown>
  headers?: Record<string, string>
}

export class SandboxError extends Error {
  readonly status: number
  readonly code: string
  readonly errors: FieldError[] | undefined
  readonly extra: Record<string, unknown> | undefined
  readonly headers: Record<string, string> | undefined

  constructor(init: SandboxErrorInit) {
    super(init.detail)
    this.name = 'SandboxError'
    this.status = init.status
    this.code = init.code
    this.errors = init.errors
    this.extra = init.extra
    this.headers = init.headers
  }
}

export function validationError(errors: FieldError[]): SandboxError {
  const first = errors[0]
  const summary = first ? `${first.name} ${first.message}` : 'the request is invalid'
  return new SandboxError({
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: `The request is invalid: ${summary}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}.`,
    errors,
  })
}

export function badRequest(code: string, detail: string, errors?: FieldError[]): SandboxError {
  return new SandboxError({ status: 400, code, detail, ...(errors ? { errors } : {}) })
}

export function unauthorized(code: string, detail: string): SandboxError {
  return new SandboxError({ status: 401, code, detail })
}

export function forbidden(code: string, detail: string): SandboxError {
  return new SandboxError({ status: 403, code, detail })
}

export function notFound(code: string, detail: string): SandboxError {
  return new SandboxError({ status: 404, code, detail })
}

export function conflict(code: string, detail: string, extra?: Record<string, unknown>): SandboxError {
  return new SandboxError({ status: 409, code, detail, ...(extra ? { extra } : {}) })
}
