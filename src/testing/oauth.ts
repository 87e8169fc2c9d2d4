/**
 * OAuth helpers for tests: the demo app and client of fixtures/default.json, and the steps of both flows
 * as plain requests through the harness's checked fetch (so every answer is checked against the spec).
 */
import type { RunningSandbox } from './harness.ts'

/** The app of the app-credential flow in fixtures/default.json. */
export const ledgerlyApp = {
  appID: 'app_ledgerly',
  appKey: 'ak_ledgerly_demo',
  keyID: 'key_ledgerly',
  keySecret: 'ks_ledgerly_demo',
  redirectURI: 'http://127.0.0.1:5173/callback',
} as const

/** The client of the redirect flow in fixtures/default.json. */
export const ledgerlyWeb = {
  clientID: 'cli_ledgerly_web',
  clientSecret: 'cs_ledgerly_demo',
  platform: 'ledgerly',
  redirectURI: 'http://127.0.0.1:5173/auth/callback',
} as const

const json = { 'content-type': 'application/json' }

// ---- app-credential flow ----

export function appAuthorization(overrides: Record<string, string> = {}) {
  return {
    app_id: ledgerlyApp.appID,
    app_key: ledgerlyApp.appKey,
    state: 'app-state-1',
    redirect_uri: ledgerlyApp.redirectURI,
    permissions: 'bills:read',
    ...overrides,
  }
}

export function postAppAuthorize(
  running: RunningSandbox,
  userToken: string,
  token: Record<string, string>,
): Promise<Response> {
  return running.fetch(`${running.baseUrl}/oauth/authorize`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${userToken}` },
    body: JSON.stringify({ token }),
  })
}

/** An app-flow code for the user (fails the test when authorize does not answer 200). */
export async function appCode(
  running: RunningSandbox,
  userToken: string,
  overrides: Record<string, string> = {},
): Promise<string> {
  const response = await postAppAuthorize(running, userToken, appAuthorization(overrides))
  if (response.status !== 200)
    throw new Error(`authorize answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { data: { code: string } }).data.code
}

export function postAppToken(
  running: RunningSandbox,
  authCode: string,
  overrides: Record<string, string> = {},
): Promise<Response> {
  const token = {
    auth_code: authCode,
    key_id: ledgerlyApp.keyID,
    key_secret: ledgerlyApp.keySecret,
    ...overrides,
  }
  return running.fetch(`${running.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token }),
  })
}

// ---- redirect flow ----

export type Query = Record<string, string | undefined>

function queryString(query: Query): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value)
  return params.toString()
}

export function getRedirectAuthorize(running: RunningSandbox, overrides: Query = {}): Promise<Response> {
  const query = queryString({
    response_type: 'code',
    client_id: ledgerlyWeb.clientID,
    redirect_uri: ledgerlyWeb.redirectURI,
    state: 'state-1',
    platform: ledgerlyWeb.platform,
    ...overrides,
  })
  return running.fetch(`${running.baseUrl}/v1/oauth/authorize?${query}`, {
    headers: { accept: 'application/json' },
    redirect: 'manual',
  })
}

/** Starts the redirect flow and returns the hosted page's URL. */
export async function hostedPageUrl(running: RunningSandbox, overrides: Query = {}): Promise<string> {
  const response = await getRedirectAuthorize(running, overrides)
  if (response.status !== 200)
    throw new Error(`authorize answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { redirect_url: string }).redirect_url
}

/** Submits the hosted form (as a browser would) without following the redirect. */
export function submitHostedForm(running: RunningSandbox, fields: Record<string, string>): Promise<Response> {
  return running.fetch(`${running.baseUrl}/v1/oauth/signin`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
}

export function requestIdOf(pageUrl: string): string {
  const id = new URL(pageUrl).searchParams.get('request')
  if (!id) throw new Error(`no request id in ${pageUrl}`)
  return id
}

/** The whole browser part of the flow: authorize, sign in on the hosted page, allow; returns the callback URL. */
export async function signInThroughHostedPage(
  running: RunningSandbox,
  user: { email: string; password: string },
  overrides: Query = {},
): Promise<URL> {
  const request = requestIdOf(await hostedPageUrl(running, overrides))
  const response = await submitHostedForm(running, { request, decision: 'allow', ...user })
  const location = response.headers.get('location')
  if (response.status !== 302 || !location) throw new Error(`sign-in answered ${response.status}`)
  return new URL(location)
}

/** A redirect-flow code for the user. */
export async function redirectCode(
  running: RunningSandbox,
  user: { email: string; password: string },
  overrides: Query = {},
): Promise<string> {
  const code = (await signInThroughHostedPage(running, user, overrides)).searchParams.get('code')
  if (!code) throw new Error('the callback carries no code')
  return code
}

export function getRedirectToken(
  running: RunningSandbox,
  code: string,
  overrides: Query = {},
): Promise<Response> {
  const query = queryString({
    grant_type: 'authorization_code',
    code,
    redirect_uri: ledgerlyWeb.redirectURI,
    client_id: ledgerlyWeb.clientID,
    client_secret: ledgerlyWeb.clientSecret,
    ...overrides,
  })
  return running.fetch(`${running.baseUrl}/v1/oauth/token?${query}`)
}

export function getUserInfo(running: RunningSandbox, token: string): Promise<Response> {
  return running.fetch(`${running.baseUrl}/auth/user/info`, { headers: { authorization: `Bearer ${token}` } })
}
