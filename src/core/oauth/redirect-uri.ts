/**
 * Redirect URIs: compared by exact string equality with a registered one, no normalisation of case,
 * trailing slash, port, query, percent-encoding or userinfo (RFC 6749 §3.1.2.3, RFC 9700 §2.1 and §4.1:
 * every "smart" comparison has been an open redirect somewhere). Parameters are appended without
 * re-encoding the registered query, which must be kept (RFC 6749 §3.1.2).
 */

export function isRegisteredRedirectUri(registered: readonly string[], presented: string): boolean {
  return registered.includes(presented)
}

/**
 * `uri` with `params` added to its query. Values are percent-encoded with encodeURIComponent, so `state`
 * comes back byte for byte (`+`, `&`, `=` and non-ASCII included) through any URL parser.
 *
 * @example
 *   withQueryParameters('https://app.example/cb?tenant=7', { code: 'rc_1', state: 'a&b' })
 *   // 'https://app.example/cb?tenant=7&code=rc_1&state=a%26b'
 */
export function withQueryParameters(uri: string, params: Record<string, string | null>): string {
  const added = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&')
  if (added === '') return uri
  if (!uri.includes('?')) return `${uri}?${added}`
  return uri.endsWith('?') || uri.endsWith('&') ? `${uri}${added}` : `${uri}&${added}`
}
