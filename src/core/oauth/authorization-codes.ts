/**
 * Authorization codes of both OAuth flows: issued bound to a user, a client, a redirect URI, permissions
 * and an optional PKCE challenge; stored only as a SHA-256 hash; redeemed at most once.
 *
 * Atomicity: a redemption looks the code up and marks it consumed in one synchronous stretch (table.ts:
 * writes land in the index before the returned promise), so of N parallel exchanges exactly one wins.
 * The jti of the token to be issued is recorded in the same step, so a second use can revoke that token
 * even while it is still being signed (RFC 6749 §4.1.2: "MUST deny the request and SHOULD revoke ... all
 * tokens previously issued based on that authorization code").
 */
import { lifetimes } from '../../contract/spec.ts'
import { randomToken, sha256Hex } from '../auth/secrets.ts'
import { newTokenId } from '../auth/tokens.ts'
import { SandboxError } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { AuthorizationCodeRecord } from '../store/oauth-records.ts'
import { revokeToken } from './revocations.ts'

export type CodeBinding = Pick<
  AuthorizationCodeRecord,
  'flow' | 'clientID' | 'userID' | 'redirectURI' | 'permissions' | 'state' | 'codeChallenge'
>

/** Issues a code (256 random bits) valid for `x-lifetimes.authorizationCodeSeconds` of virtual time. */
export async function issueAuthorizationCode(sim: Simulator, binding: CodeBinding): Promise<string> {
  const code = `${binding.flow === 'app' ? 'ac' : 'rc'}_${randomToken(32)}`
  const now = sim.clock.now()
  await sim.db.authorizationCodes.insert({
    ...binding,
    codeHash: await sha256Hex(code),
    codeID: `cod_${randomToken(12)}`,
    issuedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + lifetimes.authorizationCodeSeconds * 1000).toISOString(),
    consumedAt: null,
    tokenJti: null,
  })
  return code
}

/**
 * The seed gives the app-credential endpoints 401 for an invalid code (its rule 4); the redirect flow's
 * token endpoint follows RFC 6749 §5.2, where `invalid_grant` is 400.
 */
export function invalidGrant(flow: AuthorizationCodeRecord['flow'], detail: string): SandboxError {
  return new SandboxError({ status: flow === 'app' ? 401 : 400, code: 'invalid_grant', detail })
}

export interface RedeemOptions {
  flow: AuthorizationCodeRecord['flow']
  /** The authenticated client (app ID or OAuth client ID) presenting the code. */
  clientID: string
  /**
   * Further checks of the code's binding (redirect_uri, PKCE), run inside the atomic step; a message
   * refuses the exchange. Must be synchronous: precompute anything that needs an await.
   */
  check?: (code: AuthorizationCodeRecord) => string | undefined
}

export interface Redeemed {
  code: AuthorizationCodeRecord
  /** The jti the new token must carry (already recorded on the code). */
  tokenJti: string
}

/**
 * Consumes a code for its client. A code presented by another client is refused and left alone, so a
 * client cannot spend codes that are not its own. Presented by its own client, the code is spent whether
 * or not the remaining checks pass: a failed PKCE or redirect_uri check gives no second try. A code used
 * again revokes the token issued from it.
 */
export async function redeemAuthorizationCode(
  sim: Simulator,
  presented: string,
  options: RedeemOptions,
): Promise<Redeemed> {
  const { flow } = options
  const codeHash = await sha256Hex(presented)
  // From here to the update: no await, so the look-up and the consumption are one atomic step.
  const code = sim.db.authorizationCodes.get(codeHash)
  if (!code || code.flow !== flow) throw invalidGrant(flow, 'The authorization code is not valid.')
  if (code.clientID !== options.clientID)
    throw invalidGrant(flow, 'The authorization code was issued to another client.')
  if (code.consumedAt !== null) {
    if (code.tokenJti) await revokeToken(sim, code.tokenJti, 'code_reuse')
    throw invalidGrant(
      flow,
      'The authorization code was already used; the token issued from it has been revoked.',
    )
  }
  if (Date.parse(code.expiresAt) <= sim.clock.now())
    throw invalidGrant(flow, 'The authorization code has expired.')
  const problem = options.check?.(code)
  const tokenJti = newTokenId()
  const consumed = sim.db.authorizationCodes.update(codeHash, (draft) => {
    draft.consumedAt = sim.clock.nowIso()
    draft.tokenJti = problem === undefined ? tokenJti : null
  })
  await consumed
  if (problem !== undefined) throw invalidGrant(flow, problem)
  return { code, tokenJti }
}
