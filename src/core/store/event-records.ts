/**
 * What events and webhooks keep: registered event codes, published events, idempotency keys,
 * subscriptions and deliveries. Their JSON Schemas join `recordJsonSchemas`, so state export, import,
 * reset and `--state` cover them; pending deliveries are state, so a restart loses none.
 *
 * Webhook signing secrets are kept in the clear: the sandbox signs every delivery with them (Standard
 * Webhooks signatures are symmetric HMACs). They are never logged.
 */
import type { components } from '../../generated/openapi.ts'

/** An event code registered by an app (POST /event/register). `bill.*` codes are never stored here. */
export interface EventCodeRecord extends Record<string, unknown> {
  code: string
  appID: string
  registeredAt: string
}

/** A published event: by an app (POST /event/publish) or by the service (bill lifecycle). */
export interface PublishedEventRecord extends Record<string, unknown> {
  eventID: string
  code: string
  /** The publishing app's id, or `service`. */
  publishedBy: string
  payload: Record<string, unknown>
  publishedAt: string
  idempotencyKey: string | null
  /** How many deliveries the publish created (answered again for a duplicate idempotency key). */
  deliveries: number
}

/** An idempotency key of one app, keyed `${appID} ${idempotencyKey}`, so a repeat is found in O(1). */
export interface IdempotencyKeyRecord extends Record<string, unknown> {
  key: string
  eventID: string
  expiresAt: string
}

export interface PreviousSecret extends Record<string, unknown> {
  secret: string
  /** Deliveries stop carrying this secret's signature after this time. */
  expiresAt: string
}

export interface SubscriptionRecord extends Record<string, unknown> {
  subscriptionID: string
  appID: string
  code: string
  url: string
  description: string | null
  enabled: boolean
  disabledReason: string | null
  secret: string
  /** Secrets replaced by a rotation, still signed with until they expire (newest first). */
  previousSecrets: PreviousSecret[]
  createdAt: string
  updatedAt: string
}

/** Deliveries are stored in their API shape (the spec's `Delivery`). */
export type DeliveryRecord = components['schemas']['Delivery'] & Record<string, unknown>

const id = { type: 'string', minLength: 1, maxLength: 128 }
const timestamp = { type: 'string', format: 'date-time' }
const secret = { $ref: '#/components/schemas/WebhookSecret' }

export const eventRecordJsonSchemas = {
  eventCodes: {
    type: 'object',
    required: ['code', 'appID', 'registeredAt'],
    additionalProperties: false,
    properties: { code: { $ref: '#/components/schemas/EventCode' }, appID: id, registeredAt: timestamp },
  },
  events: {
    type: 'object',
    required: ['eventID', 'code', 'publishedBy', 'payload', 'publishedAt', 'idempotencyKey', 'deliveries'],
    additionalProperties: false,
    properties: {
      eventID: id,
      code: { $ref: '#/components/schemas/EventCode' },
      publishedBy: id,
      payload: { type: 'object' },
      publishedAt: timestamp,
      idempotencyKey: { type: ['string', 'null'], maxLength: 255 },
      deliveries: { type: 'integer', minimum: 0 },
    },
  },
  idempotencyKeys: {
    type: 'object',
    required: ['key', 'eventID', 'expiresAt'],
    additionalProperties: false,
    properties: { key: { type: 'string', minLength: 1, maxLength: 400 }, eventID: id, expiresAt: timestamp },
  },
  subscriptions: {
    type: 'object',
    required: [
      'subscriptionID',
      'appID',
      'code',
      'url',
      'description',
      'enabled',
      'disabledReason',
      'secret',
      'previousSecrets',
      'createdAt',
      'updatedAt',
    ],
    additionalProperties: false,
    properties: {
      subscriptionID: id,
      appID: id,
      code: { $ref: '#/components/schemas/EventCode' },
      url: { type: 'string', pattern: '^https?://', maxLength: 2048 },
      description: { type: ['string', 'null'], maxLength: 500 },
      enabled: { type: 'boolean' },
      disabledReason: { type: ['string', 'null'] },
      secret,
      previousSecrets: {
        type: 'array',
        items: {
          type: 'object',
          required: ['secret', 'expiresAt'],
          additionalProperties: false,
          properties: { secret, expiresAt: timestamp },
        },
      },
      createdAt: timestamp,
      updatedAt: timestamp,
    },
  },
  deliveries: { $ref: '#/components/schemas/Delivery' },
} as const
