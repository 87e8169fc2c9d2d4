/**
 * Standard Webhooks signatures on Web Crypto (so the core runs in the browser too): `v1,` and the base64
 * HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the secret's key bytes. With several
 * secrets (a rotation in progress) the signatures are joined by spaces; a receiver accepts the message
 * when any one of them verifies.
 *
 * @see https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#signature-scheme
 */
import { decodeWebhookSecret } from './webhook-secret.ts'

const encoder = new TextEncoder()

export interface SignedContent {
  webhookID: string
  /** Unix seconds. */
  timestamp: number
  body: string
}

async function signOne(secret: string, content: string): Promise<string> {
  const keyBytes = decodeWebhookSecret(secret)
  // Secrets are checked when they are stored; reaching this means a corrupt state, not a bad request.
  if (!keyBytes) throw new Error('A subscription holds a webhook secret that is not valid whsec_ base64')
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(content)))
  let binary = ''
  for (const b of mac) binary += String.fromCharCode(b)
  return `v1,${btoa(binary)}`
}

/** The `webhook-signature` header value for a message signed with each of `secrets`, in order. */
export async function signWebhook(secrets: readonly string[], message: SignedContent): Promise<string> {
  const content = `${message.webhookID}.${message.timestamp}.${message.body}`
  const signatures = await Promise.all(secrets.map((secret) => signOne(secret, content)))
  return signatures.join(' ')
}
