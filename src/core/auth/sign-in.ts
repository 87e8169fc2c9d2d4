/**
 * First-party sign-in: sign up (a user and a business of their own, as admin), log in, user info.
 * A wrong email and a wrong password give the same 401, after the same amount of hashing.
 */
import { lifetimes } from '../../contract/spec.ts'
import type { components } from '../../generated/openapi.ts'
import { conflict, forbidden, unauthorized } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { UserRecord } from '../store/records.ts'
import { effectivePermissions, membershipsOf, type Principal } from './access.ts'
import { hashPassword, randomToken, verifyPassword } from './secrets.ts'
import { issueAccessToken } from './tokens.ts'

type Session = components['schemas']['Session']
type UserInfo = components['schemas']['UserInfo']
type User = components['schemas']['User']

export function publicUser(user: UserRecord): User {
  return { userID: user.userID, email: user.email, name: user.name, createdAt: user.createdAt }
}

export function findUserByEmail(sim: Simulator, email: string): UserRecord | undefined {
  const wanted = email.toLowerCase()
  return sim.db.users.filter((u) => u.email.toLowerCase() === wanted)[0]
}

async function sessionFor(sim: Simulator, user: UserRecord): Promise<Session> {
  const issued = await issueAccessToken(sim.keys, sim.clock, sim.issuer, lifetimes.accessTokenSeconds, {
    sub: user.userID,
    kind: 'user',
  })
  return {
    access_token: issued.token,
    token_type: 'Bearer',
    expires_in: issued.expiresIn,
    user: publicUser(user),
  }
}

export type SignUpInput = { email: string; password: string; name: string; businessName?: string }

export async function signUp(sim: Simulator, input: SignUpInput): Promise<Session> {
  return sessionFor(sim, await registerUser(sim, input))
}

/** Creates the user and a business of their own (as admin); the hosted sign-up page uses it too. */
export async function registerUser(sim: Simulator, input: SignUpInput): Promise<UserRecord> {
  if (findUserByEmail(sim, input.email))
    throw conflict('EMAIL_TAKEN', `${input.email} is already registered.`)
  const passwordHash = await hashPassword(input.password)
  // Check again after the await: two sign-ups of one email may have raced through the hash.
  if (findUserByEmail(sim, input.email))
    throw conflict('EMAIL_TAKEN', `${input.email} is already registered.`)
  const user: UserRecord = {
    userID: `usr_${randomToken(9)}`,
    email: input.email,
    name: input.name,
    passwordHash,
    createdAt: sim.clock.nowIso(),
  }
  const businessID = `biz_${randomToken(9)}`
  const inserts = [
    sim.db.users.insert(user),
    sim.db.businesses.insert({ businessID, name: input.businessName ?? `${input.name}'s business` }),
    sim.db.memberships.insert({
      membershipID: `mem_${randomToken(9)}`,
      userID: user.userID,
      businessID,
      role: 'admin',
    }),
  ]
  await Promise.all(inserts)
  return user
}

// A real hash of nothing in particular, so an unknown email costs as much as a wrong password.
let decoyHash: Promise<string> | undefined

export async function logIn(sim: Simulator, input: { email: string; password: string }): Promise<Session> {
  return sessionFor(sim, await verifyCredentials(sim, input))
}

/** The user with this email and password, or 401 `INVALID_CREDENTIALS`; the hosted sign-in page uses it too. */
export async function verifyCredentials(
  sim: Simulator,
  input: { email: string; password: string },
): Promise<UserRecord> {
  const user = findUserByEmail(sim, input.email)
  decoyHash ??= hashPassword(randomToken())
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash))
  if (!user || !ok) throw unauthorized('INVALID_CREDENTIALS', 'Wrong email or password.')
  return user
}

export function userInfo(sim: Simulator, principal: Principal): UserInfo {
  const { token, user } = principal
  if (token.kind === 'app' && !(token.permissions ?? []).includes('profile:read')) {
    throw forbidden('MISSING_PERMISSION', 'This operation needs the permission profile:read.')
  }
  const memberships = membershipsOf(sim, user.userID)
  const first = memberships[0]
  return {
    user: publicUser(user),
    defaultBusinessID: first?.businessID ?? null,
    memberships: memberships.map((m) => ({
      businessID: m.businessID,
      businessName: sim.db.businesses.get(m.businessID)?.name ?? m.businessID,
      role: m.role,
    })),
    permissions: effectivePermissions(first?.role, token),
  }
}
