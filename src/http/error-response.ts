/**
 * The one place errors become responses. Bill, sign-in, key and sandbox operations answer RFC 9457
 * problem+json with an upper-case `code`; the app-credential OAuth, redirect OAuth and event operations
 * answer the seed's JSON client-error object `{error, error_description, status_code}` with RFC 6749 codes
 * (§5.2) or lower-case event codes; the hosted sign-in pages answer an HTML page, since a browser shows
 * them. Unknown errors become a 500 without any internals.
 */
import { resolveRef } from '../contract/ajv.ts'
import type { OperationRef } from '../contract/spec.ts'
import { SandboxError } from '../core/errors.ts'
import { errorPage } from './pages/error-page.ts'
import type { SandboxResponse } from './types.ts'

/** `page`: the hosted sign-in pages, whose errors the spec declares as text/html (a browser shows them). */
export type ErrorFamily = 'problem' | 'oauth' | 'event' | 'page'

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  500: 'Internal Server Error',
}

/** Generic codes raised by shared layers (auth, validation) in the words of each client-error family. */
const clientCodes: Record<ErrorFamily, Record<string, string>> = {
  problem: {},
  oauth: {
    VALIDATION_FAILED: 'invalid_request',
    BODY_TOO_LARGE: 'invalid_request',
    UNAUTHORIZED: 'invalid_token',
    TOKEN_INVALID: 'invalid_token',
    TOKEN_EXPIRED: 'invalid_token',
    TOKEN_REVOKED: 'invalid_token',
    TOKEN_IN_QUERY: 'invalid_request',
    INTERNAL: 'server_error',
  },
  event: {
    VALIDATION_FAILED: 'invalid_request',
    BODY_TOO_LARGE: 'invalid_request',
    INTERNAL: 'server_error',
  },
  page: {},
}

function declaresHtmlErrors(operation: Readonly<Record<string, unknown>>): boolean {
  const bad = (operation.responses as Record<string, unknown> | undefined)?.['400']
  if (!bad) return false
  const content = resolveRef<{ content?: Record<string, unknown> }>(bad).content ?? {}
  return 'text/html' in content
}

export function familyOf(op: Pick<OperationRef, 'tags' | 'operation'>): ErrorFamily {
  const { tags } = op
  if (declaresHtmlErrors(op.operation)) return 'page'
  if (tags.includes('events')) return 'event'
  if (tags.includes('oauth-app') || tags.includes('oauth-redirect')) return 'oauth'
  return 'problem'
}

function toKebab(code: string): string {
  return code.toLowerCase().replace(/_/g, '-')
}

export function errorResponse(error: unknown, family: ErrorFamily): SandboxResponse {
  const known =
    error instanceof SandboxError
      ? error
      : new SandboxError({ status: 500, code: 'INTERNAL', detail: 'The server failed to answer.' })
  const headers: Record<string, string> = { ...known.headers }
  if (family === 'page') return errorPage(known.status, known.message)
  if (family === 'problem') {
    headers['content-type'] = 'application/problem+json'
    return {
      status: known.status,
      headers,
      json: {
        type: `https://service-sandbox.dev/problems/${toKebab(known.code)}`,
        title: titles[known.status] ?? 'Error',
        status: known.status,
        code: known.code,
        detail: known.message,
        ...(known.errors ? { errors: known.errors } : {}),
        ...known.extra,
      },
    }
  }
  const mapped =
    clientCodes[family][known.code] ?? (/^[a-z_]+$/.test(known.code) ? known.code : known.code.toLowerCase())
  headers['content-type'] = 'application/json'
  if (family === 'oauth') headers['cache-control'] = 'no-store'
  return {
    status: known.status,
    headers,
    json: {
      error: mapped,
      error_description: known.message,
      status_code: known.status,
      ...(known.errors ? { errors: known.errors } : {}),
    },
  }
}
