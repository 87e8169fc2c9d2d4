/**
 * A fetch that checks every answer of a spec operation against the spec (status declared, content type
 * declared, body matching the schema) and throws on any mismatch. Tests use it instead of fetch, so no
 * response goes unchecked.
 *
 * @example
 *   const fetch = checkedFetch()
 *   const res = await fetch('http://127.0.0.1:4010/vendor/bill?billID=bill_0001', { headers })
 */
import { operationFor, validateResponse } from '../contract/response-validator.ts'

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ContractViolation'
  }
}

export function checkedFetch(
  inner: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const response = await inner(request)
    const op = operationFor(request.method, url.pathname)
    if (!op) return response
    const contentType = response.headers.get('content-type')
    const text = await response.clone().text()
    let body: unknown = text
    if (contentType?.includes('json')) {
      try {
        body = text === '' ? undefined : JSON.parse(text)
      } catch {
        throw new ContractViolation(
          `${op.operationId} ${response.status}: body is not JSON: ${text.slice(0, 200)}`,
        )
      }
    } else if (text === '') {
      body = undefined
    }
    const problems = validateResponse(op, response.status, contentType, body)
    if (problems.length > 0) {
      throw new ContractViolation(
        `${request.method} ${url.pathname} -> ${response.status} breaks the spec (${op.operationId}):\n  ${problems.join('\n  ')}\n  body: ${text.slice(0, 500)}`,
      )
    }
    return response
  }
}
