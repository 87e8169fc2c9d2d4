/**
 * The one module of the event core that does HTTP: it sends one signed delivery and says what came back.
 * It is a parameter of the delivery engine, so tests and other runtimes can swap it.
 *
 * The default sends with `fetch` (Node and browsers alike), looked up on every call so that msw's
 * setupServer or setupWorker, when started later, intercepts deliveries too. It never follows a redirect
 * (`redirect: 'manual'`): a 3xx is reported as such, and the Location's target sees no request.
 */
export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  /** Aborted when the engine stops (shutdown, reset): the attempt is then not recorded at all. */
  signal: AbortSignal
}

export type WebhookResult =
  | { kind: 'response'; status: number; retryAfter: string | null }
  /** A 3xx (status null in a browser, where a manual redirect is opaque). */
  | { kind: 'redirect'; status: number | null; location: string | null }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'network_error'; message: string }

export type SendWebhook = (request: WebhookRequest) => Promise<WebhookResult>

function describeNetworkError(error: unknown): string {
  // Node's fetch says "fetch failed" and puts the reason (ECONNREFUSED, ...) in `cause`.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause
  if (typeof cause?.code === 'string') return `Cannot connect: ${cause.code}`
  if (typeof cause?.message === 'string') return `Cannot connect: ${cause.message}`
  return error instanceof Error ? `Cannot connect: ${error.message}` : 'Cannot connect'
}

export const sendWithFetch: SendWebhook = async (request) => {
  const timeout = AbortSignal.timeout(request.timeoutMs)
  let response: Response
  try {
    response = await globalThis.fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.any([timeout, request.signal]),
    })
  } catch (error) {
    if (request.signal.aborted) return { kind: 'aborted' }
    if (timeout.aborted) return { kind: 'timeout' }
    return { kind: 'network_error', message: describeNetworkError(error) }
  }
  // Only the status line matters; drop the body so the connection is freed.
  await response.body?.cancel().catch(() => undefined)
  if (response.type === 'opaqueredirect') return { kind: 'redirect', status: null, location: null }
  if (response.status >= 300 && response.status < 400) {
    return { kind: 'redirect', status: response.status, location: response.headers.get('location') }
  }
  return { kind: 'response', status: response.status, retryAfter: response.headers.get('retry-after') }
}
