/**
 * Internal records: what the simulator keeps. Bills are stored in their API shape (the spec's `Bill`
 * schema); the others are internal and carry their own JSON Schemas, which also validate imported state.
 * Secrets are kept only as SHA-256 hashes (see core/auth/secrets.ts).
 */
import type { components } from '../../generated/openapi.ts'
import { eventRecordJsonSchemas } from './event-records.ts'
import { oauthRecordJsonSchemas } from './oauth-records.ts'

export type Bill = components['schemas']['Bill']
export type Role = components['schemas']['Role']
export type Permission = components['schemas']['Permission']

export interface UserRecord extends Record<string, unknown> {
  userID: string
  email: string
  name: string
  passwordHash: string
  createdAt: string
}

export interface BusinessRecord extends Record<string, unknown> {
  businessID: string
  name: string
}

export interface MembershipRecord extends Record<string, unknown> {
  membershipID: string
  userID: string
  businessID: string
  role: Role
}

export interface VendorRecord extends Record<string, unknown> {
  vendorID: string
  businessID: string
  name: string
  email?: string
}

export interface PayoutRecord extends Record<string, unknown> {
  payoutID: string
  businessID: string
  amount: number
  currency: string
  billID: string | null
  createdAt: string
}

/** An app of the app-credential OAuth flow and of the event endpoints. */
export interface AppRecord extends Record<string, unknown> {
  appID: string
  name: string
  appKeyHash: string
  keyID: string
  keySecretHash: string
  redirectURIs: string[]
  /** Permissions the app may ask for at all. */
  allowedPermissions: Permission[]
}

/** A client of the redirect OAuth flow. */
export interface OAuthClientRecord extends Record<string, unknown> {
  clientID: string
  name: string
  platform: string
  clientSecretHash: string
  redirectURIs: string[]
}

export interface NotificationRecord extends Record<string, unknown> {
  notificationID: string
  to: string
  subject: string
  body: string
  billID: string
  at: string
}

const id = { type: 'string', minLength: 1, maxLength: 128 }
const hash = { type: 'string', pattern: '^[0-9a-f]{64}$' }
const timestamp = { type: 'string', format: 'date-time' }

export const recordJsonSchemas = {
  users: {
    type: 'object',
    required: ['userID', 'email', 'name', 'passwordHash', 'createdAt'],
    additionalProperties: false,
    properties: {
      userID: id,
      email: { type: 'string', format: 'email' },
      name: { type: 'string' },
      passwordHash: { type: 'string', pattern: '^pbkdf2-sha256\\$' },
      createdAt: timestamp,
    },
  },
  businesses: {
    type: 'object',
    required: ['businessID', 'name'],
    additionalProperties: false,
    properties: { businessID: id, name: { type: 'string', minLength: 1 } },
  },
  memberships: {
    type: 'object',
    required: ['membershipID', 'userID', 'businessID', 'role'],
    additionalProperties: false,
    properties: { membershipID: id, userID: id, businessID: id, role: { $ref: '#/components/schemas/Role' } },
  },
  vendors: {
    type: 'object',
    required: ['vendorID', 'businessID', 'name'],
    additionalProperties: false,
    properties: {
      vendorID: id,
      businessID: id,
      name: { type: 'string', minLength: 1 },
      email: { type: 'string', format: 'email' },
    },
  },
  payouts: {
    type: 'object',
    required: ['payoutID', 'businessID', 'amount', 'currency', 'billID', 'createdAt'],
    additionalProperties: false,
    properties: {
      payoutID: id,
      businessID: id,
      amount: { $ref: '#/components/schemas/Money' },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
      billID: { type: ['string', 'null'] },
      createdAt: timestamp,
    },
  },
  bills: { $ref: '#/components/schemas/Bill' },
  apps: {
    type: 'object',
    required: ['appID', 'name', 'appKeyHash', 'keyID', 'keySecretHash', 'redirectURIs', 'allowedPermissions'],
    additionalProperties: false,
    properties: {
      appID: id,
      name: { type: 'string' },
      appKeyHash: hash,
      keyID: id,
      keySecretHash: hash,
      redirectURIs: { type: 'array', items: { type: 'string', minLength: 1 } },
      allowedPermissions: { type: 'array', items: { $ref: '#/components/schemas/Permission' } },
    },
  },
  oauthClients: {
    type: 'object',
    required: ['clientID', 'name', 'platform', 'clientSecretHash', 'redirectURIs'],
    additionalProperties: false,
    properties: {
      clientID: id,
      name: { type: 'string' },
      platform: { type: 'string', minLength: 1 },
      clientSecretHash: hash,
      redirectURIs: { type: 'array', items: { type: 'string', minLength: 1 } },
    },
  },
  notifications: { $ref: '#/components/schemas/Notification' },
  ...oauthRecordJsonSchemas,
  ...eventRecordJsonSchemas,
} as const
