/**
 * Who may do what, in which business. A user token has its role's permissions; an app token only the
 * permissions granted to the app, never more than the user's role allows. A business the caller is not a
 * member of is 403; a bill in another business is 404 (handled where bills are looked up).
 */
import { operationPermission, rolePermissions } from '../../contract/spec.ts'
import { badRequest, forbidden, unauthorized } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { Permission, Role, UserRecord } from '../store/records.ts'
import type { VerifiedToken } from './tokens.ts'

export interface Principal {
  user: UserRecord
  token: VerifiedToken
}

export interface BusinessAccess {
  principal: Principal
  businessID: string
  role: Role
  permissions: Permission[]
}

export function principalOf(sim: Simulator, token: VerifiedToken): Principal {
  const user = sim.db.users.get(token.sub)
  if (!user) throw unauthorized('TOKEN_INVALID', 'The access token belongs to no known user.')
  // Tokens issued from a code that was used twice are revoked (RFC 6749 §4.1.2).
  if (sim.db.tokenRevocations.has(token.jti))
    throw unauthorized('TOKEN_REVOKED', 'The access token has been revoked.')
  return { user, token }
}

export function membershipsOf(sim: Simulator, userID: string) {
  return sim.db.memberships.filter((m) => m.userID === userID)
}

/** The permissions a token carries for a role. */
export function effectivePermissions(role: Role | undefined, token: VerifiedToken): Permission[] {
  const fromRole = role ? [...rolePermissions[role]] : []
  if (token.kind !== 'app') return fromRole
  const granted = new Set(token.permissions ?? [])
  return fromRole.filter((p) => granted.has(p))
}

export function resolveBusinessAccess(
  sim: Simulator,
  principal: Principal,
  operationId: string,
  businessHeader: string | undefined,
  options: { requireHeader?: boolean } = {},
): BusinessAccess {
  if (options.requireHeader && !businessHeader) {
    throw badRequest('BUSINESS_REQUIRED', 'This business API needs the X-Service-Business-ID header.', [
      { in: 'header', name: 'X-Service-Business-ID', message: 'is required' },
    ])
  }
  const memberships = membershipsOf(sim, principal.user.userID)
  const businessID = businessHeader ?? memberships[0]?.businessID
  const membership = businessID ? memberships.find((m) => m.businessID === businessID) : undefined
  if (!businessID || !membership) {
    throw forbidden('NOT_A_MEMBER', `The caller is not a member of business ${businessID ?? '(none)'}.`)
  }
  const permissions = effectivePermissions(membership.role, principal.token)
  const needed = operationPermission(operationId)
  if (needed && !permissions.includes(needed)) {
    throw forbidden('MISSING_PERMISSION', `This operation needs the permission ${needed}.`)
  }
  return { principal, businessID, role: membership.role, permissions }
}
