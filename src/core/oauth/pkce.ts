/**
 * PKCE with the S256 method only (RFC 7636 §4.2, §4.6): the challenge is BASE64URL(SHA-256(verifier)).
 * `plain` is refused, since it protects nothing once the authorize request leaks.
 */
import { constantTimeEqual } from '../auth/secrets.ts'

const encoder = new TextEncoder()

export async function s256Challenge(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(verifier)))
  let binary = ''
  for (const byte of digest) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function challengeMatches(computed: string, stored: string): boolean {
  return constantTimeEqual(computed, stored)
}
