/**
 * The adapter-neutral request and response. node:http and msw both translate to and from these, so the
 * routing, validation and handlers are shared and the server does not pay for Web Request objects.
 */
export interface SandboxRequest {
  method: string
  path: string
  query: URLSearchParams
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>
  /** The raw body text ('' when none). */
  rawBody: string
  /** The request's origin, e.g. http://127.0.0.1:4010 (used for hosted-page links). */
  origin: string
}

export interface SandboxResponse {
  status: number
  headers: Record<string, string>
  /** JSON body, serialized by the adapter. */
  json?: unknown
  /** Text body (HTML pages). */
  text?: string
}

export const MAX_BODY_BYTES = 1024 * 1024
