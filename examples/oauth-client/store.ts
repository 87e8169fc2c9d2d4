/**
 * In-memory server-side state of the example: login attempts in flight (keyed by their state) and
 * sessions (keyed by a random id in an httpOnly cookie). The browser holds only the two random keys;
 * the access token never leaves the server.
 */
import { randomBytes } from 'node:crypto'

export function randomKey(): string {
  return randomBytes(32).toString('base64url')
}

export interface ServiceUser {
  userID: string
  email: string
  name: string
}

export interface Session {
  accessToken: string
  user: ServiceUser
  expiresAt: number
}

export interface LoginAttempt {
  /** PKCE verifier (RFC 7636): proves at the exchange that this server started the attempt. */
  codeVerifier: string
  expiresAt: number
}

/** A Map whose entries expire; expired ones are dropped when read and swept on write. */
export class ExpiringMap<V extends { expiresAt: number }> {
  readonly #entries = new Map<string, V>()

  set(key: string, value: V): void {
    const now = Date.now()
    for (const [k, v] of this.#entries) if (v.expiresAt <= now) this.#entries.delete(k)
    this.#entries.set(key, value)
  }

  get(key: string | undefined): V | undefined {
    if (key === undefined) return undefined
    const value = this.#entries.get(key)
    if (value && value.expiresAt <= Date.now()) {
      this.#entries.delete(key)
      return undefined
    }
    return value
  }

  /** Reads and removes: a login attempt is good for one callback. */
  take(key: string | undefined): V | undefined {
    const value = this.get(key)
    if (key !== undefined) this.#entries.delete(key)
    return value
  }

  delete(key: string | undefined): void {
    if (key !== undefined) this.#entries.delete(key)
  }
}
