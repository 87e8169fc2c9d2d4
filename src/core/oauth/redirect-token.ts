/**
 * The redirect flow's token exchange (GET /v1/oauth/token): `authorization_code` grant only, client
 * authenticated by `client_id` + `client_secret`, and the code must have been issued to that client for
 * exactly this `redirect_uri` (RFC 6749 §4.1.3), with the PKCE verifier when a challenge was sent
 * (RFC 7636 §4.6). The token signs the user in to the client: it acts as the user (kind `user`, the
 * role's permissions), like a token from POST /auth/login, and names the client and the code.
 */
import { lifetimes } from '../../contract/spec.ts'
import { issueAccessToken } from '../auth/tokens.ts'
import { SandboxError } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { AuthorizationCodeRecord } from '../store/oauth-records.ts'
import { redeemAuthorizationCode } from './authorization-codes.ts'
import { authenticateClient } from './client-credentials.ts'
import { challengeMatches, s256Challenge } from './pkce.ts'

export interface RedirectTokenRequest {
  grant_type: string
  code: string
  redirect_uri: string
  client_id: string
  client_secret: string
  state?: string
  code_verifier?: string
}

function bindingProblem(
  code: AuthorizationCodeRecord,
  request: RedirectTokenRequest,
  computedChallenge: string | undefined,
): string | undefined {
  if (code.redirectURI !== request.redirect_uri)
    return 'redirect_uri is not the one of the authorize request.'
  if (request.state !== undefined && request.state !== code.state)
    return 'state is not the one of the authorize request.'
  if (code.codeChallenge === null) {
    // RFC 9700 §2.1.1: a verifier without a challenge is a PKCE downgrade attempt.
    return computedChallenge === undefined ? undefined : 'code_verifier was sent but no code_challenge was.'
  }
  if (computedChallenge === undefined)
    return 'code_verifier is required: the authorize request sent a code_challenge.'
  if (!challengeMatches(computedChallenge, code.codeChallenge))
    return 'code_verifier does not match the code_challenge.'
  return undefined
}

export async function exchangeRedirectCode(
  sim: Simulator,
  request: RedirectTokenRequest,
): Promise<{ access_token: string; token_type: 'Bearer'; expires_in: number }> {
  if (request.grant_type !== 'authorization_code') {
    throw new SandboxError({
      status: 400,
      code: 'unsupported_grant_type',
      detail: 'grant_type must be authorization_code.',
    })
  }
  const client = await authenticateClient(sim, request.client_id, request.client_secret)
  const computed =
    request.code_verifier === undefined ? undefined : await s256Challenge(request.code_verifier)
  const { code, tokenJti } = await redeemAuthorizationCode(sim, request.code, {
    flow: 'redirect',
    clientID: client.clientID,
    check: (stored) => bindingProblem(stored, request, computed),
  })
  const issued = await issueAccessToken(
    sim.keys,
    sim.clock,
    sim.issuer,
    lifetimes.accessTokenSeconds,
    { sub: code.userID, kind: 'user', clientID: client.clientID, codeID: code.codeID },
    tokenJti,
  )
  return { access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn }
}
