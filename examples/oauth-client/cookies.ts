/** Just enough cookie handling for the example: parse the Cookie header, write a Set-Cookie value. */

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at < 1) continue
    const name = part.slice(0, at).trim()
    // First one wins: a cookie set for a more specific path comes first (RFC 6265 §5.4).
    if (!cookies.has(name)) cookies.set(name, decodeURIComponent(part.slice(at + 1).trim()))
  }
  return cookies
}

export interface CookieOptions {
  path: string
  maxAgeSeconds: number
  secure: boolean
}

/**
 * HttpOnly so page scripts cannot read it; SameSite=Lax so it still comes along on the top-level GET
 * that brings the browser back from the sign-in page, and not on cross-site POSTs.
 */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

export function clearCookie(name: string, options: Omit<CookieOptions, 'maxAgeSeconds'>): string {
  return setCookie(name, '', { ...options, maxAgeSeconds: 0 })
}
