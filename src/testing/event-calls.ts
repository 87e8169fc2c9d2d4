/**
 * Test helpers for the event operations and the delivery control API: the demo apps of
 * fixtures/default.json and one function per call, all through the harness's checked fetch, so every
 * answer is checked against the spec.
 */
import type { components } from '../generated/openapi.ts'
import type { RunningSandbox } from './harness.ts'

type Schemas = components['schemas']

export interface AppCredentials {
  appID: string
  keyID: string
  keySecret: string
}

/** The apps of fixtures/default.json. */
export const demoApps = {
  ledgerly: { appID: 'app_ledgerly', keyID: 'key_ledgerly', keySecret: 'ks_ledgerly_demo' },
  hooks: { appID: 'app_hooks', keyID: 'key_hooks', keySecret: 'ks_hooks_demo' },
} as const satisfies Record<string, AppCredentials>

export function appHeaders(app: AppCredentials): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-service-app-id': app.appID,
    'x-service-key-id': app.keyID,
    'x-service-key-secret': app.keySecret,
  }
}

export interface Answer<T> {
  status: number
  body: T
}

async function call<T>(running: RunningSandbox, path: string, init: RequestInit): Promise<Answer<T>> {
  const response = await running.fetch(`${running.baseUrl}${path}`, init)
  const text = await response.text()
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T }
}

type ClientError = Schemas['ClientError']

export function registerEvent(running: RunningSandbox, app: AppCredentials, name: string) {
  return call<Schemas['MessageEnvelope'] & ClientError>(
    running,
    `/event/register?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: appHeaders(app),
    },
  )
}

export function publishEvent(running: RunningSandbox, app: AppCredentials, data: Schemas['PublishData']) {
  return call<Schemas['PublishEnvelope'] & ClientError>(running, '/event/publish', {
    method: 'POST',
    headers: appHeaders(app),
    body: JSON.stringify({ data }),
  })
}

export function createSubscription(
  running: RunningSandbox,
  app: AppCredentials,
  subs: Schemas['SubscriptionCreate'],
) {
  return call<Schemas['SubscriptionEnvelope'] & ClientError>(running, '/event/subscribe', {
    method: 'POST',
    headers: appHeaders(app),
    body: JSON.stringify({ subs }),
  })
}

export function updateSubscription(
  running: RunningSandbox,
  app: AppCredentials,
  subs: Schemas['SubscriptionUpdate'],
) {
  return call<Schemas['SubscriptionEnvelope'] & ClientError>(running, '/event/subscribe', {
    method: 'PATCH',
    headers: appHeaders(app),
    body: JSON.stringify({ subs }),
  })
}

/** Registers `code` and subscribes `url` to it; returns the subscription id and its generated secret. */
export async function subscribeReceiver(
  running: RunningSandbox,
  app: AppCredentials,
  code: string,
  url: string,
): Promise<{ subscriptionID: string; secret: string }> {
  if (!code.startsWith('bill.')) {
    const registered = await registerEvent(running, app, code)
    if (registered.status !== 200) throw new Error(`register ${code}: ${registered.status}`)
  }
  const created = await createSubscription(running, app, { code, url })
  if (created.status !== 200 || !created.body.data.secret) throw new Error(`subscribe: ${created.status}`)
  return { subscriptionID: created.body.data.subscriptionID, secret: created.body.data.secret }
}

export function listDeliveries(running: RunningSandbox, query: Record<string, string> = {}) {
  return call<Schemas['Delivery'][]>(running, `/__sandbox/deliveries?${new URLSearchParams(query)}`, {})
}

export function replayDelivery(running: RunningSandbox, deliveryID: string) {
  // A 404 answers a Problem: its `code` and `detail` are read then; `status` would clash with the Delivery's.
  return call<Schemas['Delivery'] & Partial<Pick<Schemas['Problem'], 'detail'>>>(
    running,
    `/__sandbox/deliveries/replay?deliveryID=${encodeURIComponent(deliveryID)}`,
    { method: 'POST' },
  )
}

export function subscriptionHealth(running: RunningSandbox, subscriptionID: string) {
  return call<Schemas['SubscriptionHealth'] & Schemas['Problem']>(
    running,
    `/__sandbox/subscriptions/health?subscriptionID=${encodeURIComponent(subscriptionID)}`,
    {},
  )
}

export function advanceClockOverHttp(running: RunningSandbox, seconds: number) {
  return call<Schemas['Clock']>(running, '/__sandbox/clock/advance', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  })
}
