/**
 * The example client: a small node:http web app that signs users in with the Service's redirect flow,
 * using the routes the interface recommends (GET /auth/login, /auth/callback, /auth/me, /auth/logout).
 *
 * The rules it follows (RFC 6749 §10.12, RFC 9700 §2.1 and §4.7): a fresh random `state` per attempt,
 * kept in an httpOnly cookie and compared on the callback; PKCE S256 on top; the code exchanged on the
 * server with the client secret; the token kept server-side, the browser holding only a session id.
 *
 * @example
 *   const client = await startOAuthClient({ sandboxUrl: 'http://127.0.0.1:4010', port: 5173 })
 *   // open http://127.0.0.1:5173/ and sign in as ada@acme.example / sandbox-admin-1
 */
import { timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { clearCookie, parseCookies, setCookie } from './cookies.ts'
import { errorPage, homePage } from './pages.ts'
import { exchangeCode, type ServiceConfig, ServiceError, startSignIn, userInfo } from './service.ts'
import { ExpiringMap, type LoginAttempt, randomKey, type ServiceUser, type Session } from './store.ts'

export interface OAuthClientOptions {
  sandboxUrl: string
  /** Default: the demo client of fixtures/default.json. */
  clientID?: string
  clientSecret?: string
  platform?: string
  host?: string
  /** Default 5173, which the demo client's registered redirect URI names; 0 picks a free port. */
  port?: number
  /** How to reach the Service (tests pass a spec-checking fetch). Default: global fetch. */
  fetch?: typeof fetch
}

export interface RunningOAuthClient {
  /** This app's origin, e.g. http://127.0.0.1:5173. */
  url: string
  redirectUri: string
  close(): Promise<void>
}

const STATE_COOKIE = 'oauth_state'
const SESSION_COOKIE = 'sid'
const ATTEMPT_SECONDS = 600

function sameSecret(a: string | null | undefined, b: string | undefined): boolean {
  if (!a || !b) return false
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body = '',
): void {
  res.writeHead(status, { 'cache-control': 'no-store', ...headers })
  res.end(body)
}

const html = { 'content-type': 'text/html; charset=utf-8' }
const json = { 'content-type': 'application/json' }

export function createOAuthClientHandler(service: ServiceConfig, origin: string) {
  const attempts = new ExpiringMap<LoginAttempt>()
  const sessions = new ExpiringMap<Session>()
  const secure = origin.startsWith('https:')
  const stateCookie = { path: '/auth/callback', secure }
  const sessionCookie = { path: '/', secure }

  async function login(url: URL, res: ServerResponse): Promise<void> {
    const state = randomKey()
    const codeVerifier = randomKey()
    const flow = url.searchParams.get('flow') === 'sign-up' ? 'sign-up' : 'sign-in'
    const redirectUrl = await startSignIn(service, { state, codeVerifier, flow })
    attempts.set(state, { codeVerifier, expiresAt: Date.now() + ATTEMPT_SECONDS * 1000 })
    send(res, 302, {
      location: redirectUrl,
      'set-cookie': setCookie(STATE_COOKIE, state, { ...stateCookie, maxAgeSeconds: ATTEMPT_SECONDS }),
    })
  }

  async function callback(url: URL, cookies: Map<string, string>, res: ServerResponse): Promise<void> {
    const expected = cookies.get(STATE_COOKIE)
    const state = url.searchParams.get('state')
    // One callback per attempt: the state cookie goes, whatever happens next.
    const clear = clearCookie(STATE_COOKIE, stateCookie)
    if (!sameSecret(state, expected)) {
      send(
        res,
        400,
        { ...html, 'set-cookie': clear },
        errorPage('The sign-in state does not match. Start again.'),
      )
      return
    }
    const attempt = attempts.take(expected)
    const error = url.searchParams.get('error')
    if (error) {
      send(res, 303, { location: `/?error=${encodeURIComponent(error)}`, 'set-cookie': clear })
      return
    }
    const code = url.searchParams.get('code')
    if (!code || !attempt) {
      const message = code
        ? 'This sign-in attempt has expired. Start again.'
        : 'The callback carries no code.'
      send(res, 400, { ...html, 'set-cookie': clear }, errorPage(message))
      return
    }
    const token = await exchangeCode(service, {
      code,
      state: expected ?? '',
      codeVerifier: attempt.codeVerifier,
    })
    const info = (await userInfo(service, token.accessToken)) as { user: ServiceUser }
    const sid = randomKey()
    const expiresAt = Date.now() + token.expiresIn * 1000
    sessions.set(sid, { accessToken: token.accessToken, user: info.user, expiresAt })
    send(res, 303, {
      location: '/',
      'set-cookie': [
        clear,
        setCookie(SESSION_COOKIE, sid, { ...sessionCookie, maxAgeSeconds: token.expiresIn }),
      ],
    })
  }

  async function me(cookies: Map<string, string>, res: ServerResponse): Promise<void> {
    const sid = cookies.get(SESSION_COOKIE)
    const session = sessions.get(sid)
    if (!session) {
      send(res, 401, json, JSON.stringify({ error: 'not_signed_in' }))
      return
    }
    try {
      // Asked each time, so a token the Service revoked ends the session here too.
      send(res, 200, json, JSON.stringify(await userInfo(service, session.accessToken)))
    } catch (error) {
      if (!(error instanceof ServiceError) || error.status !== 401) throw error
      sessions.delete(sid)
      send(res, 401, json, JSON.stringify({ error: 'not_signed_in' }))
    }
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin)
    const cookies = parseCookies(req.headers.cookie)
    const route = `${req.method} ${url.pathname}`
    try {
      // Cookies belong to one host name: send visitors of localhost:5173 to 127.0.0.1:5173 (or back).
      if (req.method === 'GET' && req.headers.host !== url.host) {
        send(res, 302, { location: url.href })
        return
      }
      if (route === 'GET /') {
        const session = sessions.get(cookies.get(SESSION_COOKIE))
        send(res, 200, html, homePage(session?.user, url.searchParams.get('error')))
      } else if (route === 'GET /auth/login') await login(url, res)
      else if (route === 'GET /auth/callback') await callback(url, cookies, res)
      else if (route === 'GET /auth/me') await me(cookies, res)
      else if (route === 'GET /auth/logout' || route === 'POST /auth/logout') {
        sessions.delete(cookies.get(SESSION_COOKIE))
        send(res, 303, { location: '/', 'set-cookie': clearCookie(SESSION_COOKIE, sessionCookie) })
      } else send(res, 404, json, JSON.stringify({ error: 'not_found' }))
    } catch (error) {
      const message = error instanceof ServiceError ? error.message : 'The example client failed.'
      if (!(error instanceof ServiceError)) console.error(error)
      if (!res.headersSent) send(res, 502, html, errorPage(message))
    }
  }
}

/** Starts the example on host:port; its redirect URI is http://host:port/auth/callback. */
export async function startOAuthClient(options: OAuthClientOptions): Promise<RunningOAuthClient> {
  const host = options.host ?? '127.0.0.1'
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 5173, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  const redirectUri = `${url}/auth/callback`
  const handle = createOAuthClientHandler(
    {
      sandboxUrl: options.sandboxUrl,
      clientID: options.clientID ?? 'cli_ledgerly_web',
      clientSecret: options.clientSecret ?? 'cs_ledgerly_demo',
      platform: options.platform ?? 'ledgerly',
      redirectUri,
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    },
    url,
  )
  server.on('request', (req, res) => void handle(req, res))
  return {
    url,
    redirectUri,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
