/**
 * A bounded log of requests for the control API. Only method, path, a redacted query, the operation, the
 * status and timing are kept: never headers or bodies, and the query's secrets are masked, so codes,
 * tokens and secrets cannot leak through it.
 */
export interface LoggedRequest {
  at: string
  method: string
  path: string
  query: string
  operationId: string | null
  status: number
  durationMs: number
  errorCode?: string
}

const SECRET_PARAMS = new Set([
  'code',
  'client_secret',
  'access_token',
  'key_secret',
  'app_key',
  'password',
  'code_verifier',
  'token',
])

export function redactQuery(query: URLSearchParams): string {
  const out = new URLSearchParams()
  for (const [name, value] of query)
    out.append(name, SECRET_PARAMS.has(name.toLowerCase()) ? 'REDACTED' : value)
  return out.toString()
}

export class RequestLog {
  readonly #entries: LoggedRequest[] = []
  readonly #capacity: number

  constructor(capacity = 1000) {
    this.#capacity = capacity
  }

  record(entry: LoggedRequest): void {
    this.#entries.push(entry)
    if (this.#entries.length > this.#capacity) this.#entries.splice(0, this.#entries.length - this.#capacity)
  }

  latest(limit: number): LoggedRequest[] {
    return this.#entries.slice(-limit)
  }

  clear(): void {
    this.#entries.length = 0
  }
}
