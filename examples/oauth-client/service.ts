/**
 * The three calls the example makes to the Service, all from the server: start the redirect flow,
 * exchange the code (with the client secret, which never reaches the browser), read the user.
 */
import { createHash } from 'node:crypto'
import type { ServiceUser } from './store.ts'

export interface ServiceConfig {
  /** Where the Service (the sandbox) runs, e.g. http://127.0.0.1:4010; it serves the authorize host too. */
  sandboxUrl: string
  clientID: string
  clientSecret: string
  platform: string
  /** Must equal a redirect URI registered for the client, character for character. */
  redirectUri: string
  fetch: typeof fetch
}

export class ServiceError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'ServiceError'
    this.status = status
  }
}

async function failure(step: string, response: Response): Promise<ServiceError> {
  const body = (await response.json().catch(() => ({}))) as { error?: string; error_description?: string }
  const reason = body.error_description ?? body.error ?? `status ${response.status}`
  return new ServiceError(`${step} failed: ${reason}`, response.status)
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/** GET /v1/oauth/authorize: where to send the browser to sign in (or sign up). */
export async function startSignIn(
  config: ServiceConfig,
  attempt: { state: string; codeVerifier: string; flow: 'sign-in' | 'sign-up' },
): Promise<string> {
  const url = new URL('/v1/oauth/authorize', config.sandboxUrl)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientID,
    redirect_uri: config.redirectUri,
    state: attempt.state,
    platform: config.platform,
    flow: attempt.flow,
    code_challenge: s256(attempt.codeVerifier),
    code_challenge_method: 'S256',
  }).toString()
  const response = await config.fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw await failure('Starting the sign-in', response)
  return ((await response.json()) as { redirect_url: string }).redirect_url
}

/** GET /v1/oauth/token: the code for an access token. */
export async function exchangeCode(
  config: ServiceConfig,
  exchange: { code: string; state: string; codeVerifier: string },
): Promise<{ accessToken: string; expiresIn: number }> {
  const url = new URL('/v1/oauth/token', config.sandboxUrl)
  url.search = new URLSearchParams({
    grant_type: 'authorization_code',
    code: exchange.code,
    redirect_uri: config.redirectUri,
    client_id: config.clientID,
    client_secret: config.clientSecret,
    state: exchange.state,
    code_verifier: exchange.codeVerifier,
  }).toString()
  const response = await config.fetch(url)
  if (!response.ok) throw await failure('Exchanging the code', response)
  const token = (await response.json()) as { access_token: string; expires_in?: number }
  return { accessToken: token.access_token, expiresIn: token.expires_in ?? 3600 }
}

/** GET /auth/user/info with the token: who signed in (the token itself stays opaque to us). */
export async function userInfo(config: ServiceConfig, accessToken: string): Promise<Record<string, unknown>> {
  const response = await config.fetch(new URL('/auth/user/info', config.sandboxUrl), {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  if (!response.ok) throw await failure('Reading the user', response)
  return (await response.json()) as Record<string, unknown> & { user: ServiceUser }
}
