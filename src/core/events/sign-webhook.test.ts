import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { signWebhook } from './sign-webhook.ts'
import { decodeWebhookSecret, generateWebhookSecret } from './webhook-secret.ts'

// The example of the Standard Webhooks specification (and of its reference libraries' tests).
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  webhookID: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
}

describe('signWebhook', () => {
  it('gives the signature of the Standard Webhooks example', async () => {
    expect(await signWebhook([vector.secret], vector)).toBe(vector.signature)
  })

  it('agrees with the standardwebhooks package on a fresh secret', async () => {
    const secret = generateWebhookSecret()
    const timestamp = Math.floor(Date.now() / 1000)
    const body = JSON.stringify({ type: 'invoice.synced', data: { total: 125000 } })
    const signature = await signWebhook([secret], { webhookID: 'msg_1', timestamp, body })
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    }
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
  })

  it('signs with every secret of a rotation, each verifiable on its own', async () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()]
    const timestamp = Math.floor(Date.now() / 1000)
    const body = '{"ok":true}'
    const signature = await signWebhook([current, previous], { webhookID: 'msg_2', timestamp, body })
    expect(signature.split(' ')).toHaveLength(2)
    const headers = {
      'webhook-id': 'msg_2',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    }
    expect(new Webhook(current).verify(body, headers)).toEqual({ ok: true })
    expect(new Webhook(previous).verify(body, headers)).toEqual({ ok: true })
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/)
  })
})

describe('webhook secrets', () => {
  it('are generated as whsec_ and the base64 of 24 random bytes', () => {
    const secret = generateWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(decodeWebhookSecret(secret)).toHaveLength(24)
  })

  it.each([
    ['no prefix', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    ['not base64', 'whsec_!!!!'],
    ['too short', `whsec_${btoa('x'.repeat(23))}`],
    ['too long', `whsec_${btoa('x'.repeat(65))}`],
  ])('are refused when %s', (_why, secret) => {
    expect(decodeWebhookSecret(secret)).toBeUndefined()
  })
})
