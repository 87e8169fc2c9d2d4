/**
 * The redirect flow's authorize step (seed: "OAuth: redirect flow endpoints"): checks the client and the
 * redirect_uri and records a sign-in request for the hosted page. Every failure here is a JSON error and
 * never a redirect: with an unknown client or an unregistered URI there is nowhere safe to send the
 * browser (RFC 6749 §4.1.2.1).
 */
import { lifetimes } from '../../contract/spec.ts'
import { randomToken } from '../auth/secrets.ts'
import { SandboxError } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { SignInRequestRecord } from '../store/oauth-records.ts'
import { isRegisteredRedirectUri } from './redirect-uri.ts'

export interface RedirectAuthorizeRequest {
  client_id: string
  redirect_uri: string
  platform: string
  state?: string
  flow?: 'sign-in' | 'sign-up'
  code_challenge?: string
  code_challenge_method?: string
}

function invalid(code: string, detail: string): SandboxError {
  return new SandboxError({ status: 400, code, detail })
}

export async function startSignInRequest(
  sim: Simulator,
  request: RedirectAuthorizeRequest,
): Promise<SignInRequestRecord> {
  const client = sim.db.oauthClients.get(request.client_id)
  if (!client) throw invalid('invalid_client', `Unknown client_id ${request.client_id}.`)
  if (!isRegisteredRedirectUri(client.redirectURIs, request.redirect_uri)) {
    throw invalid(
      'invalid_request',
      'redirect_uri is not one the client registered (compared exactly: scheme, host, port, path, query).',
    )
  }
  if (request.platform !== client.platform)
    throw invalid('invalid_request', 'platform is not the platform this client is registered for.')
  // RFC 7636 §4.3: no method means `plain`, which this server does not support (§4.4.1).
  if (request.code_challenge !== undefined && request.code_challenge_method !== 'S256')
    throw invalid('invalid_request', 'code_challenge_method must be S256.')
  if (request.code_challenge === undefined && request.code_challenge_method !== undefined)
    throw invalid('invalid_request', 'code_challenge_method was sent without a code_challenge.')

  const now = sim.clock.now()
  return sim.db.signInRequests.insert({
    requestID: `req_${randomToken(16)}`,
    clientID: client.clientID,
    redirectURI: request.redirect_uri,
    state: request.state ?? null,
    flow: request.flow ?? 'sign-in',
    codeChallenge: request.code_challenge ?? null,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + lifetimes.signInRequestSeconds * 1000).toISOString(),
    finishedAt: null,
  })
}
