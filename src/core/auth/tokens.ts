/**
 * Access tokens: ES256 JWTs signed by the simulator and published as a JWK Set. Verification pins the
 * algorithm (so `alg: none` and HS256 confusion fail), the issuer and the audience, and reads time from
 * the virtual clock. @see https://www.rfc-editor.org/rfc/rfc8725 (JWT best current practices)
 */
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
} from 'jose'
import type { Clock } from '../clock.ts'
import { unauthorized } from '../errors.ts'
import { randomToken } from './secrets.ts'

export const TOKEN_ALG = 'ES256'
export const TOKEN_AUDIENCE = 'service-api'

export interface SigningKeys {
  kid: string
  privateJwk: JWK
  publicJwk: JWK
  privateKey: CryptoKey
  publicKey: CryptoKey
}

export async function createSigningKeys(existing?: { kid: string; privateJwk: JWK }): Promise<SigningKeys> {
  if (existing) {
    const privateKey = (await importJWK(existing.privateJwk, TOKEN_ALG)) as CryptoKey
    const { d: _d, ...publicJwk } = existing.privateJwk
    const publicKey = (await importJWK(publicJwk, TOKEN_ALG)) as CryptoKey
    return { kid: existing.kid, privateJwk: existing.privateJwk, publicJwk, privateKey, publicKey }
  }
  const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALG, { extractable: true })
  const kid = `sandbox-${randomToken(6)}`
  const privateJwk = await exportJWK(privateKey)
  const publicJwk = await exportJWK(publicKey)
  return { kid, privateJwk, publicJwk, privateKey, publicKey }
}

export function jwks(keys: SigningKeys): { keys: JWK[] } {
  return { keys: [{ ...keys.publicJwk, kid: keys.kid, alg: TOKEN_ALG, use: 'sig' }] }
}

export interface TokenClaims {
  sub: string
  /** `user` for first-party sign-in, `app` for tokens from the OAuth flows. */
  kind: 'user' | 'app'
  permissions?: string[]
  appID?: string
  clientID?: string
  /** The authorization code the token came from, so a reused code can revoke it. */
  codeID?: string
}

export interface IssuedToken {
  token: string
  jti: string
  expiresIn: number
}

export function newTokenId(): string {
  return `tok_${randomToken(12)}`
}

export async function issueAccessToken(
  keys: SigningKeys,
  clock: Clock,
  issuer: string,
  lifetimeSeconds: number,
  claims: TokenClaims,
  /** A jti decided beforehand: a code records its token's jti when it is consumed, before the signing. */
  jti = newTokenId(),
): Promise<IssuedToken> {
  const now = Math.floor(clock.now() / 1000)
  const payload: Record<string, unknown> = { kind: claims.kind }
  if (claims.permissions) payload.permissions = claims.permissions
  if (claims.appID) payload.app_id = claims.appID
  if (claims.clientID) payload.client_id = claims.clientID
  if (claims.codeID) payload.code_id = claims.codeID
  const token = await new SignJWT(payload)
    .setProtectedHeader({ alg: TOKEN_ALG, kid: keys.kid, typ: 'at+jwt' })
    .setIssuer(issuer)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.sub)
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(keys.privateKey)
  return { token, jti, expiresIn: lifetimeSeconds }
}

export interface VerifiedToken extends TokenClaims {
  jti: string
  expiresAt: number
}

/** Verifies a token; throws a 401 SandboxError (`TOKEN_EXPIRED` or `TOKEN_INVALID`) when it fails. */
export async function verifyAccessToken(
  keys: SigningKeys,
  clock: Clock,
  issuer: string,
  token: string,
): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      algorithms: [TOKEN_ALG],
      issuer,
      audience: TOKEN_AUDIENCE,
      currentDate: new Date(clock.now()),
      requiredClaims: ['sub', 'jti', 'exp'],
    })
    const kind = payload.kind === 'app' ? 'app' : 'user'
    const verified: VerifiedToken = {
      sub: payload.sub as string,
      jti: payload.jti as string,
      expiresAt: (payload.exp as number) * 1000,
      kind,
    }
    if (Array.isArray(payload.permissions)) verified.permissions = payload.permissions.map(String)
    if (typeof payload.app_id === 'string') verified.appID = payload.app_id
    if (typeof payload.client_id === 'string') verified.clientID = payload.client_id
    if (typeof payload.code_id === 'string') verified.codeID = payload.code_id
    return verified
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw unauthorized('TOKEN_EXPIRED', 'The access token has expired.')
    throw unauthorized('TOKEN_INVALID', 'The access token is not valid for this service.')
  }
}
