/**
 * The msw adapter: one catch-all handler per origin that turns the Web Request into a SandboxRequest and
 * the answer back into a Response. With no baseUrl it matches any origin, for tests that talk to a made-up
 * host; requests to paths the spec does not have are passed through untouched.
 */
import { type HttpHandler, HttpResponse, http, passthrough } from 'msw'
import { isSpecPath } from '../contract/spec.ts'
import type { Dispatch } from './dispatch.ts'
import { MAX_BODY_BYTES, type SandboxRequest, type SandboxResponse } from './types.ts'

export async function fromWebRequest(request: Request): Promise<SandboxRequest> {
  const url = new URL(request.url)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value
  })
  const text = request.body ? await request.text() : ''
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers,
    // Over the limit, keep one byte too many so dispatch answers BODY_TOO_LARGE without holding it all.
    rawBody: text.length > MAX_BODY_BYTES ? text.slice(0, MAX_BODY_BYTES + 1) : text,
    origin: url.origin,
  }
}

export function toWebResponse(response: SandboxResponse): Response {
  if (response.json !== undefined) {
    return HttpResponse.json(response.json as never, { status: response.status, headers: response.headers })
  }
  return new HttpResponse(response.text ?? null, { status: response.status, headers: response.headers })
}

export function createMswHandlers(dispatch: Dispatch, baseUrl?: string): HttpHandler[] {
  const pattern = baseUrl ? `${baseUrl.replace(/\/$/, '')}/*` : '*'
  return [
    http.all(pattern, async ({ request }) => {
      const url = new URL(request.url)
      if (!isSpecPath(url.pathname)) return passthrough()
      return toWebResponse(await dispatch(await fromWebRequest(request)))
    }),
  ]
}
