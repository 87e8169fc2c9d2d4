/**
 * The simulator's tables. Each is an @msw/data collection with a primary-key index (see table.ts).
 * Later capabilities (OAuth codes, events, deliveries) add tables here, so that state export, import and
 * reset cover them without further wiring.
 */
import type {
  DeliveryRecord,
  EventCodeRecord,
  IdempotencyKeyRecord,
  PublishedEventRecord,
  SubscriptionRecord,
} from './event-records.ts'
import type {
  AuthorizationCodeRecord,
  OAuthGrantRecord,
  SignInRequestRecord,
  TokenRevocationRecord,
} from './oauth-records.ts'
import { recordSchema } from './record-schema.ts'
import {
  type AppRecord,
  type Bill,
  type BusinessRecord,
  type MembershipRecord,
  type NotificationRecord,
  type OAuthClientRecord,
  type PayoutRecord,
  recordJsonSchemas,
  type UserRecord,
  type VendorRecord,
} from './records.ts'
import { Table } from './table.ts'

function table<T extends Record<string, unknown>>(
  name: keyof typeof recordJsonSchemas,
  key: keyof T & string,
): Table<T> {
  return new Table<T>(name, key, recordSchema<T>(name, recordJsonSchemas[name]))
}

export function createDatabase() {
  return {
    users: table<UserRecord>('users', 'userID'),
    businesses: table<BusinessRecord>('businesses', 'businessID'),
    memberships: table<MembershipRecord>('memberships', 'membershipID'),
    vendors: table<VendorRecord>('vendors', 'vendorID'),
    payouts: table<PayoutRecord>('payouts', 'payoutID'),
    bills: table<Bill & Record<string, unknown>>('bills', 'billID'),
    apps: table<AppRecord>('apps', 'appID'),
    oauthClients: table<OAuthClientRecord>('oauthClients', 'clientID'),
    notifications: table<NotificationRecord>('notifications', 'notificationID'),
    authorizationCodes: table<AuthorizationCodeRecord>('authorizationCodes', 'codeHash'),
    oauthGrants: table<OAuthGrantRecord>('oauthGrants', 'grantID'),
    signInRequests: table<SignInRequestRecord>('signInRequests', 'requestID'),
    tokenRevocations: table<TokenRevocationRecord>('tokenRevocations', 'jti'),
    eventCodes: table<EventCodeRecord>('eventCodes', 'code'),
    events: table<PublishedEventRecord>('events', 'eventID'),
    idempotencyKeys: table<IdempotencyKeyRecord>('idempotencyKeys', 'key'),
    subscriptions: table<SubscriptionRecord>('subscriptions', 'subscriptionID'),
    deliveries: table<DeliveryRecord>('deliveries', 'deliveryID'),
  }
}

export type Database = ReturnType<typeof createDatabase>
export type TableName = keyof Database
