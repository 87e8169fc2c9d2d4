/**
 * Webhook subscriptions: create, update (URL, description, enabled, secret rotation) and disable.
 * Every check-then-write here runs without an await between reading and writing (see store/table.ts),
 * so two racing requests cannot create the same subscription twice.
 */
import { lifetimes } from '../../contract/spec.ts'
import type { components } from '../../generated/openapi.ts'
import { badRequest, SandboxError } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { SubscriptionRecord } from '../store/event-records.ts'
import type { AppRecord } from '../store/records.ts'
import { isKnownCode, newID, unknownEvent } from './event-codes.ts'
import { decodeWebhookSecret, generateWebhookSecret } from './webhook-secret.ts'

type SubscriptionCreate = components['schemas']['SubscriptionCreate']
type SubscriptionUpdate = components['schemas']['SubscriptionUpdate']

/** Old secrets kept signing during a rotation: each adds a signature to every delivery's header. */
const MAX_PREVIOUS_SECRETS = 3

export interface SubscriptionResult {
  subscription: SubscriptionRecord
  /** The secret, when the sandbox generated it: shown once, in the answer. */
  generatedSecret?: string
}

function checkUrl(url: string): void {
  // The schema already asks for http(s); credentials in a URL would end up in logs and in the state.
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw badRequest('invalid_request', 'The subscription URL must be an http(s) URL.', [
      { in: 'body', name: 'subs.url', message: 'must be an http(s) URL' },
    ])
  }
  if (parsed.username || parsed.password) {
    throw badRequest('invalid_request', 'The subscription URL must not contain credentials.', [
      { in: 'body', name: 'subs.url', message: 'must not contain credentials' },
    ])
  }
}

function checkSecret(secret: string): void {
  if (!decodeWebhookSecret(secret)) {
    throw badRequest('invalid_request', 'The secret must be whsec_ and the base64 of 24 to 64 bytes.', [
      { in: 'body', name: 'subs.secret', message: 'must be whsec_ and the base64 of 24 to 64 bytes' },
    ])
  }
}

function subscriptionExists(code: string, url: string): SandboxError {
  return new SandboxError({
    status: 409,
    code: 'subscription_exists',
    detail: `The app already has a subscription of ${url} to ${code}.`,
  })
}

function findDuplicate(sim: Simulator, appID: string, code: string, url: string, except?: string) {
  return sim.db.subscriptions.filter(
    (s) => s.appID === appID && s.code === code && s.url === url && s.subscriptionID !== except,
  )[0]
}

export async function createSubscription(
  sim: Simulator,
  app: AppRecord,
  input: SubscriptionCreate,
): Promise<SubscriptionResult> {
  checkUrl(input.url)
  if (input.secret !== undefined) checkSecret(input.secret)
  if (!isKnownCode(sim, input.code)) throw unknownEvent(input.code)
  if (findDuplicate(sim, app.appID, input.code, input.url)) throw subscriptionExists(input.code, input.url)
  const now = sim.clock.nowIso()
  const generatedSecret = input.secret === undefined ? generateWebhookSecret() : undefined
  const subscription = await sim.db.subscriptions.insert({
    subscriptionID: newID('sub'),
    appID: app.appID,
    code: input.code,
    url: input.url,
    description: input.description ?? null,
    enabled: input.enabled ?? true,
    disabledReason: input.enabled === false ? 'Created disabled.' : null,
    secret: input.secret ?? (generatedSecret as string),
    previousSecrets: [],
    createdAt: now,
    updatedAt: now,
  })
  return { subscription, ...(generatedSecret ? { generatedSecret } : {}) }
}

export async function updateSubscription(
  sim: Simulator,
  app: AppRecord,
  input: SubscriptionUpdate,
): Promise<SubscriptionResult> {
  if (input.url !== undefined) checkUrl(input.url)
  if (input.secret !== undefined) checkSecret(input.secret)
  const current = sim.db.subscriptions.get(input.subscriptionID)
  // Another app's subscription answers like a missing one: its existence is not revealed.
  if (!current || current.appID !== app.appID) {
    throw new SandboxError({
      status: 400,
      code: 'unknown_subscription',
      detail: `The app has no subscription ${input.subscriptionID}.`,
    })
  }
  if (
    input.url !== undefined &&
    findDuplicate(sim, app.appID, current.code, input.url, current.subscriptionID)
  ) {
    throw subscriptionExists(current.code, input.url)
  }
  const nowMs = sim.clock.now()
  const now = new Date(nowMs).toISOString()
  const rotate = input.secret !== undefined || input.rotateSecret === true
  const generatedSecret = rotate && input.secret === undefined ? generateWebhookSecret() : undefined
  const graceUntil = new Date(nowMs + lifetimes.rotatedSecretGraceSeconds * 1000).toISOString()
  const updated = sim.db.subscriptions.update(current.subscriptionID, (draft) => {
    if (input.url !== undefined) draft.url = input.url
    if (input.description !== undefined) draft.description = input.description
    if (input.enabled === true) {
      draft.enabled = true
      draft.disabledReason = null
    }
    if (input.enabled === false && draft.enabled) {
      draft.enabled = false
      draft.disabledReason = 'Disabled by the app.'
    }
    if (rotate) {
      const stillValid = draft.previousSecrets.filter((p) => Date.parse(p.expiresAt) > nowMs)
      draft.previousSecrets = [{ secret: draft.secret, expiresAt: graceUntil }, ...stillValid].slice(
        0,
        MAX_PREVIOUS_SECRETS,
      )
      draft.secret = input.secret ?? (generatedSecret as string)
    }
    draft.updatedAt = now
  })
  const stopped = input.enabled === false ? stopPendingDeliveries(sim, current.subscriptionID) : undefined
  const [subscription] = await Promise.all([updated, stopped])
  return { subscription, ...(generatedSecret ? { generatedSecret } : {}) }
}

/**
 * Pending deliveries of a disabled subscription are over: nothing more is sent for them. The changes land
 * in the index at once (see store/table.ts); the promise settles when they are stored.
 */
export async function stopPendingDeliveries(sim: Simulator, subscriptionID: string): Promise<void> {
  const pending = sim.db.deliveries.filter(
    (d) => d.subscriptionID === subscriptionID && d.status === 'pending',
  )
  await Promise.all(
    pending.map((delivery) =>
      sim.db.deliveries.update(delivery.deliveryID, (draft) => {
        draft.status = 'disabled'
        draft.nextAttemptAt = null
      }),
    ),
  )
}

/** Disables a subscription (a receiver answered 410 Gone) and stops its pending deliveries. */
export async function disableSubscription(
  sim: Simulator,
  subscriptionID: string,
  reason: string,
): Promise<void> {
  if (!sim.db.subscriptions.has(subscriptionID)) return
  const updated = sim.db.subscriptions.update(subscriptionID, (draft) => {
    draft.enabled = false
    draft.disabledReason = reason
    draft.updatedAt = sim.clock.nowIso()
  })
  await Promise.all([updated, stopPendingDeliveries(sim, subscriptionID)])
}

/** The secrets a delivery is signed with now: the current one first, then unexpired old ones. */
export function signingSecrets(subscription: SubscriptionRecord, nowMs: number): string[] {
  return [
    subscription.secret,
    ...subscription.previousSecrets.filter((p) => Date.parse(p.expiresAt) > nowMs).map((p) => p.secret),
  ]
}
