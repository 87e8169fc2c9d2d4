/**
 * What the OAuth flows keep: authorization codes (by SHA-256 hash only, never the code itself), the
 * permissions a user granted an app, the hosted sign-in requests of the redirect flow, and revoked token
 * ids. Their JSON Schemas join `recordJsonSchemas`, so state export, import and reset cover them.
 */
import type { components } from '../../generated/openapi.ts'

type Permission = components['schemas']['Permission']

/**
 * One authorization code of either flow. `clientID` is the app's ID in the app-credential flow and the
 * OAuth client's ID in the redirect flow. A consumed code stays as a tombstone so a second use is
 * recognised and can revoke the token of the first (RFC 6749 §4.1.2).
 */
export interface AuthorizationCodeRecord extends Record<string, unknown> {
  /** SHA-256 (hex) of the code: a leaked state export yields no usable code. */
  codeHash: string
  /** A non-secret id the token carries as `code_id`. */
  codeID: string
  flow: 'app' | 'redirect'
  clientID: string
  userID: string
  redirectURI: string
  permissions: Permission[]
  state: string | null
  /** RFC 7636 S256 challenge, when the authorize request sent one. */
  codeChallenge: string | null
  issuedAt: string
  expiresAt: string
  consumedAt: string | null
  /** The jti of the token issued from this code, decided when the code is consumed. */
  tokenJti: string | null
}

/** Extra permissions a user granted an app (PATCH /oauth/permissions/grant), keyed `userID app appID`. */
export interface OAuthGrantRecord extends Record<string, unknown> {
  grantID: string
  userID: string
  appID: string
  permissions: Permission[]
  updatedAt: string
}

/** A pending visit to the hosted sign-in page (redirect flow), created by GET /v1/oauth/authorize. */
export interface SignInRequestRecord extends Record<string, unknown> {
  requestID: string
  clientID: string
  redirectURI: string
  state: string | null
  flow: 'sign-in' | 'sign-up'
  codeChallenge: string | null
  createdAt: string
  expiresAt: string
  /** Set once the user allowed or denied: a request yields at most one code. */
  finishedAt: string | null
}

export interface TokenRevocationRecord extends Record<string, unknown> {
  jti: string
  reason: 'code_reuse'
  revokedAt: string
}

const id = { type: 'string', minLength: 1, maxLength: 128 }
const hash = { type: 'string', pattern: '^[0-9a-f]{64}$' }
const timestamp = { type: 'string', format: 'date-time' }
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' }
const permissions = { type: 'array', items: { $ref: '#/components/schemas/Permission' } }
const challenge = { type: ['string', 'null'], pattern: '^[A-Za-z0-9_-]{43}$' }

export const oauthRecordJsonSchemas = {
  authorizationCodes: {
    type: 'object',
    required: [
      'codeHash',
      'codeID',
      'flow',
      'clientID',
      'userID',
      'redirectURI',
      'permissions',
      'state',
      'codeChallenge',
      'issuedAt',
      'expiresAt',
      'consumedAt',
      'tokenJti',
    ],
    additionalProperties: false,
    properties: {
      codeHash: hash,
      codeID: id,
      flow: { enum: ['app', 'redirect'] },
      clientID: id,
      userID: id,
      redirectURI: { type: 'string', minLength: 1 },
      permissions,
      state: { type: ['string', 'null'] },
      codeChallenge: challenge,
      issuedAt: timestamp,
      expiresAt: timestamp,
      consumedAt: nullableTimestamp,
      tokenJti: { type: ['string', 'null'] },
    },
  },
  oauthGrants: {
    type: 'object',
    required: ['grantID', 'userID', 'appID', 'permissions', 'updatedAt'],
    additionalProperties: false,
    properties: { grantID: { type: 'string' }, userID: id, appID: id, permissions, updatedAt: timestamp },
  },
  signInRequests: {
    type: 'object',
    required: [
      'requestID',
      'clientID',
      'redirectURI',
      'state',
      'flow',
      'codeChallenge',
      'createdAt',
      'expiresAt',
      'finishedAt',
    ],
    additionalProperties: false,
    properties: {
      requestID: id,
      clientID: id,
      redirectURI: { type: 'string', minLength: 1 },
      state: { type: ['string', 'null'] },
      flow: { enum: ['sign-in', 'sign-up'] },
      codeChallenge: challenge,
      createdAt: timestamp,
      expiresAt: timestamp,
      finishedAt: nullableTimestamp,
    },
  },
  tokenRevocations: {
    type: 'object',
    required: ['jti', 'reason', 'revokedAt'],
    additionalProperties: false,
    properties: { jti: id, reason: { enum: ['code_reuse'] }, revokedAt: timestamp },
  },
} as const
