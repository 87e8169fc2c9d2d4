/**
 * Reads the bearer token of a request. The interface declares the bearer scheme but shows the bare token
 * in one example, so both `Bearer <jwt>` and `<jwt>` are accepted. A token in the query string is refused:
 * URLs end up in logs and Referer headers (RFC 6750 §5.3).
 */
import { unauthorized } from '../errors.ts'

export function bearerTokenOf(authorization: string | undefined, query: URLSearchParams): string {
  if (query.has('access_token')) {
    throw unauthorized(
      'TOKEN_IN_QUERY',
      'Access tokens are not accepted in the query string; use the Authorization header.',
    )
  }
  const value = authorization?.trim()
  if (!value) throw unauthorized('UNAUTHORIZED', 'A bearer access token is required.')
  const match = /^Bearer\s+(\S+)$/i.exec(value)
  if (match?.[1]) return match[1]
  if (/\s/.test(value)) throw unauthorized('TOKEN_INVALID', 'The Authorization header is malformed.')
  return value
}
