/**
 * Webhook signing secrets in the Standard Webhooks format: `whsec_` and the standard base64 of the key
 * bytes. The spec's `WebhookSecret` asks for 24 to 64 random bytes.
 *
 * @see https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#signature-scheme
 */
export const SECRET_PREFIX = 'whsec_'
export const MIN_SECRET_BYTES = 24
export const MAX_SECRET_BYTES = 64

/** A fresh secret of 24 random bytes (32 base64 characters, no padding). */
export function generateWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(MIN_SECRET_BYTES))
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return `${SECRET_PREFIX}${btoa(binary)}`
}

/** The key bytes of a `whsec_` secret, or undefined when it is not valid base64 of 24 to 64 bytes. */
export function decodeWebhookSecret(secret: string): Uint8Array<ArrayBuffer> | undefined {
  if (!secret.startsWith(SECRET_PREFIX)) return undefined
  let binary: string
  try {
    binary = atob(secret.slice(SECRET_PREFIX.length))
  } catch {
    return undefined
  }
  if (binary.length < MIN_SECRET_BYTES || binary.length > MAX_SECRET_BYTES) return undefined
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}
