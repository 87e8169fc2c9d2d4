/**
 * Secrets and passwords, on Web Crypto only, so the core runs unchanged in Node and in the browser.
 * App keys, key secrets and client secrets are high-entropy, so a SHA-256 digest is enough to keep them
 * out of the state; passwords get PBKDF2. Every comparison is constant-time.
 */
const encoder = new TextEncoder()

function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
}

function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** Compares two strings in time that depends only on their lengths. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a)
  const right = encoder.encode(b)
  let diff = left.length ^ right.length
  const length = Math.max(left.length, right.length)
  for (let i = 0; i < length; i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0)
  return diff === 0
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(value)))
}

// Compared against when there is no stored hash (an unknown id), so the answer costs the same hashing
// either way and its timing tells nothing about which ids exist. No SHA-256 digest is all zeros in practice.
const NO_HASH = '0'.repeat(64)

/** Hashes the presented secret and compares digests in constant time; false when nothing is stored. */
export async function secretMatches(presented: string, storedHash: string | undefined): Promise<boolean> {
  const matches = constantTimeEqual(await sha256Hex(presented), storedHash ?? NO_HASH)
  return matches && storedHash !== undefined
}

export function randomToken(bytes = 24): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes))
  let binary = ''
  for (const b of raw) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

// A sandbox trades work factor for start-up time; still a salted, slow hash, never the password itself.
const PBKDF2_ITERATIONS = 20_000

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  )
  return toHex(bits)
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toHex(salt)}$${await pbkdf2(password, salt, PBKDF2_ITERATIONS)}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split('$')
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !hash) return false
  return constantTimeEqual(await pbkdf2(password, fromHex(salt), Number(iterations)), hash)
}
