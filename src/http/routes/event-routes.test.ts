/**
 * The four event operations over real HTTP, with real local receivers: registration, publishing,
 * subscriptions, their errors, and the signed delivery a publish makes, verified with the
 * `standardwebhooks` package (an implementation we did not write). Every sandbox answer is checked
 * against the spec by the harness's fetch.
 */
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createSubscription,
  demoApps,
  listDeliveries,
  publishEvent,
  registerEvent,
  subscribeReceiver,
  updateSubscription,
} from '../../testing/event-calls.ts'
import {
  billHeaders,
  demoUsers,
  type RunningSandbox,
  signIn,
  startHttpSandbox,
} from '../../testing/harness.ts'
import { appCode, postAppToken } from '../../testing/oauth.ts'
import { startReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts'

let running: RunningSandbox
let receiver: WebhookReceiver
let codes = 0
/** A fresh event code per test, so tests do not see each other's registrations. */
const freshCode = () => `invoice.synced-${++codes}`

beforeAll(async () => {
  running = await startHttpSandbox({ webhookTimeoutMs: 300 })
})
afterAll(() => running.close())
beforeEach(async () => {
  receiver = await startReceiver()
})
afterEach(async () => {
  await running.sandbox.deliveries.idle()
  await receiver.close()
})

describe('app authentication', () => {
  const operations = [
    ['POST', '/event/register?name=invoice.synced', undefined],
    ['POST', '/event/publish', { data: { code: 'invoice.synced', payload: {} } }],
    ['POST', '/event/subscribe', { subs: { code: 'invoice.synced', url: 'http://127.0.0.1:9/hook' } }],
    ['PATCH', '/event/subscribe', { subs: { subscriptionID: 'sub_x', enabled: false } }],
  ] as const
  const { ledgerly } = demoApps
  const headerSets = {
    'without any app header': {},
    'without X-Service-Key-Secret': {
      'x-service-app-id': ledgerly.appID,
      'x-service-key-id': ledgerly.keyID,
    },
    'with a wrong key secret': {
      'x-service-app-id': ledgerly.appID,
      'x-service-key-id': ledgerly.keyID,
      'x-service-key-secret': 'ks_wrong',
    },
    'with the key id of another app': {
      'x-service-app-id': ledgerly.appID,
      'x-service-key-id': demoApps.hooks.keyID,
      'x-service-key-secret': ledgerly.keySecret,
    },
    'with an unknown app': {
      'x-service-app-id': 'app_nobody',
      'x-service-key-id': ledgerly.keyID,
      'x-service-key-secret': ledgerly.keySecret,
    },
  }
  describe.each(operations)('%s %s', (method, path, body) => {
    it.each(Object.entries(headerSets))('answers 401 invalid_credentials %s', async (_case, headers) => {
      const response = await running.fetch(`${running.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ error: 'invalid_credentials', status_code: 401 })
    })
  })
})

describe('POST /event/register', () => {
  it('registers a name once; the second time answers 409 event_already_registered', async () => {
    const code = freshCode()
    const first = await registerEvent(running, demoApps.ledgerly, code)
    expect(first).toEqual({
      status: 200,
      body: { data: { message: `Event ${code} registered` }, status_code: 200 },
    })
    const again = await registerEvent(running, demoApps.hooks, code)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ error: 'event_already_registered', status_code: 409 })
  })

  it('answers 409 reserved_event for a name under bill.', async () => {
    const { status, body } = await registerEvent(running, demoApps.ledgerly, 'bill.archived')
    expect(status).toBe(409)
    expect(body).toMatchObject({ error: 'reserved_event' })
  })

  it('answers 400 invalid_request naming the parameter when the name is not an event code', async () => {
    const { status, body } = await registerEvent(running, demoApps.ledgerly, 'Not A Code')
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'invalid_request', errors: [{ in: 'query', name: 'name' }] })
  })
})

describe('POST /event/publish', () => {
  it('delivers a signed webhook that the standardwebhooks package verifies', async () => {
    const code = freshCode()
    const { subscriptionID, secret } = await subscribeReceiver(running, demoApps.ledgerly, code, receiver.url)
    const published = await publishEvent(running, demoApps.ledgerly, {
      code,
      payload: { invoiceID: 'INV-2041' },
    })
    expect(published.status).toBe(200)
    expect(published.body.data).toMatchObject({ message: 'Event published to 1 subscription', deliveries: 1 })

    const [request] = await receiver.waitFor(1)
    if (!request) throw new Error('no request')
    const payload = new Webhook(secret).verify(request.body, request.headers)
    expect(payload).toEqual({
      type: code,
      timestamp: expect.any(String),
      data: {
        eventID: published.body.data.eventID,
        code,
        publishedBy: demoApps.ledgerly.appID,
        payload: { invoiceID: 'INV-2041' },
      },
    })
    expect(request).toMatchObject({ method: 'POST', path: '/hook' })
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers['webhook-id']).toMatch(/^msg_/)

    await running.sandbox.deliveries.idle()
    const { body: deliveries } = await listDeliveries(running, { subscriptionID })
    expect(deliveries).toMatchObject([
      {
        webhookID: request.headers['webhook-id'],
        eventID: published.body.data.eventID,
        status: 'succeeded',
        attempts: [{ outcome: 'success', responseStatus: 204 }],
        nextAttemptAt: null,
      },
    ])
  })

  it('answers 400 unknown_event for a code nobody registered, and for one another app registered', async () => {
    const unknown = await publishEvent(running, demoApps.ledgerly, { code: 'never.registered', payload: {} })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ error: 'unknown_event', status_code: 400 })

    const code = freshCode()
    await registerEvent(running, demoApps.hooks, code)
    const foreign = await publishEvent(running, demoApps.ledgerly, { code, payload: {} })
    expect(foreign.status).toBe(400)
    expect(foreign.body).toMatchObject({ error: 'unknown_event' })
  })

  it('answers 400 reserved_event for a bill lifecycle code: only the service publishes those', async () => {
    const { status, body } = await publishEvent(running, demoApps.ledgerly, {
      code: 'bill.approved',
      payload: {},
    })
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'reserved_event' })
  })

  it('answers 400 invalid_request naming the field when the payload is missing', async () => {
    const response = await running.fetch(`${running.baseUrl}/event/publish`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-app-id': demoApps.ledgerly.appID,
        'x-service-key-id': demoApps.ledgerly.keyID,
        'x-service-key-secret': demoApps.ledgerly.keySecret,
      },
      body: JSON.stringify({ data: { code: 'invoice.synced' } }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: 'invalid_request',
      errors: [{ name: 'data.payload' }],
    })
  })

  it('publishes once per idempotency key: a repeat answers the first event and delivers nothing', async () => {
    const code = freshCode()
    await subscribeReceiver(running, demoApps.ledgerly, code, receiver.url)
    const data = { code, payload: { invoiceID: 'INV-7' }, idempotencyKey: `sync-${code}` }
    const first = await publishEvent(running, demoApps.ledgerly, data)
    const repeat = await publishEvent(running, demoApps.ledgerly, data)
    expect(repeat.status).toBe(200)
    expect(repeat.body.data).toMatchObject({
      eventID: first.body.data.eventID,
      deliveries: 1,
      duplicate: true,
    })
    await running.sandbox.deliveries.idle()
    expect(receiver.received).toHaveLength(1)
    const { body } = await listDeliveries(running, { eventID: first.body.data.eventID })
    expect(body).toHaveLength(1)
  })

  it('publishes a bill lifecycle event when a bill is approved through the API', async () => {
    const { subscriptionID, secret } = await subscribeReceiver(
      running,
      demoApps.hooks,
      'bill.approved',
      receiver.url,
    )
    const token = await signIn(running, demoUsers.approver)
    // Bill events reach an app only once a member of the business authorized it to read bills.
    const code = await appCode(running, token, {
      app_id: 'app_hooks',
      app_key: 'ak_hooks_demo',
      redirect_uri: 'http://127.0.0.1:5174/callback',
      permissions: 'bills:read',
    })
    expect(
      (await postAppToken(running, code, { key_id: 'key_hooks', key_secret: 'ks_hooks_demo' })).status,
    ).toBe(200)
    const approved = await running.fetch(
      `${running.baseUrl}/vendor/bill/review?billID=bill_0002&action=APPROVE`,
      {
        method: 'POST',
        headers: billHeaders(token, 'biz_acme'),
      },
    )
    expect(approved.status).toBe(200)

    const [request] = await receiver.waitFor(1)
    if (!request) throw new Error('no request')
    const payload = new Webhook(secret).verify(request.body, request.headers)
    expect(payload).toMatchObject({
      type: 'bill.approved',
      data: {
        code: 'bill.approved',
        publishedBy: 'service',
        payload: {
          billID: 'bill_0002',
          businessID: 'biz_acme',
          status: 'approved',
          bill: { billID: 'bill_0002' },
        },
      },
    })
    await updateSubscription(running, demoApps.hooks, { subscriptionID, enabled: false })
  })
})

describe('POST /event/subscribe', () => {
  it('generates a whsec_ secret when none is given, and does not echo a given one', async () => {
    const code = freshCode()
    await registerEvent(running, demoApps.ledgerly, code)
    const generated = await createSubscription(running, demoApps.ledgerly, { code, url: receiver.url })
    expect(generated.body.data).toMatchObject({
      message: `Subscribed to ${code}`,
      subscriptionID: expect.stringMatching(/^sub_/),
      secret: expect.stringMatching(/^whsec_/),
    })
    const given = await createSubscription(running, demoApps.ledgerly, {
      code,
      url: `${receiver.url}/2`,
      secret: `whsec_${btoa('k'.repeat(32))}`,
    })
    expect(given.status).toBe(200)
    expect(given.body.data.secret).toBeUndefined()
  })

  it('answers 409 subscription_exists for the same app, code and URL twice', async () => {
    const code = freshCode()
    await subscribeReceiver(running, demoApps.ledgerly, code, receiver.url)
    const again = await createSubscription(running, demoApps.ledgerly, { code, url: receiver.url })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ error: 'subscription_exists', status_code: 409 })
  })

  it('answers 400 unknown_event for a code that is neither registered nor a bill lifecycle code', async () => {
    const { status, body } = await createSubscription(running, demoApps.ledgerly, {
      code: 'bill.archived',
      url: receiver.url,
    })
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'unknown_event' })
  })

  it('answers 400 invalid_request for a URL with credentials and for a secret that is not base64', async () => {
    const code = freshCode()
    await registerEvent(running, demoApps.ledgerly, code)
    const credentials = await createSubscription(running, demoApps.ledgerly, {
      code,
      url: 'http://user:pass@127.0.0.1:9/hook',
    })
    expect(credentials.status).toBe(400)
    expect(credentials.body).toMatchObject({ error: 'invalid_request', errors: [{ name: 'subs.url' }] })
    const secret = await createSubscription(running, demoApps.ledgerly, {
      code,
      url: receiver.url,
      secret: 'whsec_abc=abc=abc=abc=abc=abc=abc=abc=abc=',
    })
    expect(secret.status).toBe(400)
    expect(secret.body).toMatchObject({ error: 'invalid_request', errors: [{ name: 'subs.secret' }] })
  })
})

describe('PATCH /event/subscribe', () => {
  it('answers 400 unknown_subscription for a missing subscription and for one of another app', async () => {
    const missing = await updateSubscription(running, demoApps.ledgerly, {
      subscriptionID: 'sub_none',
      enabled: false,
    })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ error: 'unknown_subscription' })

    const { subscriptionID } = await subscribeReceiver(running, demoApps.ledgerly, freshCode(), receiver.url)
    const foreign = await updateSubscription(running, demoApps.hooks, { subscriptionID, enabled: false })
    expect(foreign.status).toBe(400)
    expect(foreign.body).toMatchObject({ error: 'unknown_subscription' })
  })

  it('answers 409 subscription_exists when the new URL is already subscribed to the code', async () => {
    const code = freshCode()
    await subscribeReceiver(running, demoApps.ledgerly, code, receiver.url)
    const other = await createSubscription(running, demoApps.ledgerly, { code, url: `${receiver.url}/other` })
    const moved = await updateSubscription(running, demoApps.ledgerly, {
      subscriptionID: other.body.data.subscriptionID,
      url: receiver.url,
    })
    expect(moved.status).toBe(409)
    expect(moved.body).toMatchObject({ error: 'subscription_exists' })
  })

  it('moves a subscription to a new URL: the next delivery goes there', async () => {
    const code = freshCode()
    const second = await startReceiver()
    try {
      const { subscriptionID, secret } = await subscribeReceiver(
        running,
        demoApps.ledgerly,
        code,
        receiver.url,
      )
      const moved = await updateSubscription(running, demoApps.ledgerly, { subscriptionID, url: second.url })
      expect(moved.body.data).toEqual({ message: `Subscription ${subscriptionID} updated`, subscriptionID })
      await publishEvent(running, demoApps.ledgerly, { code, payload: {} })
      const [request] = await second.waitFor(1)
      if (!request) throw new Error('no request')
      expect(() => new Webhook(secret).verify(request.body, request.headers)).not.toThrow()
      await running.sandbox.deliveries.idle()
      expect(receiver.received).toHaveLength(0)
    } finally {
      await second.close()
    }
  })
})
