/**
 * Whether an app may see a business's bills outside of a request it makes with a token (webhooks of bill
 * events). The API never reveals another business's bill (404), so an app sees a business's bills only
 * after a member of that business, whose role reads bills, authorized it with `bills:read` through the
 * app-credential flow: a consumed authorization code of the app carrying `bills:read`, whose token was not
 * revoked (a reused code revokes it, RFC 6749 §4.1.2).
 */
import { rolePermissions } from '../../contract/spec.ts'
import type { Simulator } from '../simulator.ts'

export function appMayReadBills(sim: Simulator, appID: string, businessID: string): boolean {
  const readers = new Set(
    sim.db.memberships
      .filter((m) => m.businessID === businessID && rolePermissions[m.role].includes('bills:read'))
      .map((m) => m.userID),
  )
  if (readers.size === 0) return false
  return sim.db.authorizationCodes
    .filter((c) => c.flow === 'app' && c.clientID === appID && c.consumedAt !== null)
    .some(
      (c) =>
        c.permissions.includes('bills:read') &&
        readers.has(c.userID) &&
        // A code spent by a failed exchange issued no token: that is no authorization.
        c.tokenJti !== null &&
        !sim.db.tokenRevocations.has(c.tokenJti),
    )
}
