/**
 * The redirect OAuth flow over real HTTP, as a client app and a browser drive it: GET /v1/oauth/authorize
 * gives the hosted page, the form answers with a 302 to the client's redirect_uri, and the client
 * exchanges the code on its server at GET /v1/oauth/token. Every response is checked against the spec.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultFixtures, demoUsers, type RunningSandbox, startHttpSandbox } from '../../testing/harness.ts'
import {
  getRedirectAuthorize,
  getRedirectToken,
  getUserInfo,
  hostedPageUrl,
  ledgerlyWeb,
  redirectCode,
  requestIdOf,
  signInThroughHostedPage,
  submitHostedForm,
} from '../../testing/oauth.ts'

/** A second client, to prove codes are bound to the client they were issued to. */
const otherClient = {
  clientID: 'cli_other',
  name: 'Other App',
  platform: 'other',
  clientSecret: 'cs_other_demo',
  redirectURIs: ['http://127.0.0.1:5180/auth/callback'],
}
/** A client whose registered redirect_uri has a query of its own. */
const tenantClient = {
  clientID: 'cli_tenant',
  name: 'Tenant <App> & Co',
  platform: 'tenant',
  clientSecret: 'cs_tenant_demo',
  redirectURIs: ['http://127.0.0.1:5181/cb?tenant=acme&label=a%20b'],
}

type Token = { access_token: string; token_type: string; expires_in: number }

describe('the redirect OAuth flow', () => {
  let running: RunningSandbox

  beforeAll(async () => {
    running = await startHttpSandbox({
      fixtures: {
        ...defaultFixtures,
        oauthClients: [...(defaultFixtures.oauthClients ?? []), otherClient, tenantClient],
      },
    })
  })
  afterAll(() => running.close())

  async function tokenFor(code: string): Promise<string> {
    const response = await getRedirectToken(running, code)
    expect(response.status).toBe(200)
    return ((await response.json()) as Token).access_token
  }

  describe('authorize and the hosted page', () => {
    it('points the browser to the hosted sign-in page on the same origin', async () => {
      const response = await getRedirectAuthorize(running)
      expect(response.status).toBe(200)
      const { redirect_url } = (await response.json()) as { redirect_url: string }
      expect(redirect_url).toMatch(new RegExp(`^${running.baseUrl}/v1/oauth/signin\\?request=req_`))
    })

    it('serves a real HTML form with email, password, Allow and Deny, and no secret in it', async () => {
      const page = await running.fetch(await hostedPageUrl(running))
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(page.headers.get('content-security-policy')).toContain('form-action')
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      const body = await page.text()
      expect(body).toContain('<form method="post" action="/v1/oauth/signin">')
      expect(body).toContain('type="email" name="email"')
      expect(body).toContain('type="password" name="password"')
      expect(body).toContain('name="decision" value="allow"')
      expect(body).toContain('name="decision" value="deny" formnovalidate')
      expect(body).not.toContain('name="name"')
      expect(body).not.toContain(ledgerlyWeb.clientSecret)
      expect(body).not.toContain('<script')
    })

    it('serves the sign-up form, with a name field, when flow=sign-up', async () => {
      const body = await (await running.fetch(await hostedPageUrl(running, { flow: 'sign-up' }))).text()
      expect(body).toContain('Create an account for Ledgerly Web')
      expect(body).toContain('name="name"')
      expect(body).toContain('autocomplete="new-password"')
    })

    it('escapes what it shows: the client name and the echoed email', async () => {
      const page = await hostedPageUrl(running, {
        client_id: tenantClient.clientID,
        platform: tenantClient.platform,
        redirect_uri: tenantClient.redirectURIs[0],
      })
      expect(await (await running.fetch(page)).text()).toContain('Tenant &lt;App&gt; &amp; Co')

      const retry = await submitHostedForm(running, {
        request: requestIdOf(page),
        decision: 'allow',
        email: '"><script>alert(1)</script>',
        password: 'whatever-1',
      })
      const body = await retry.text()
      expect(body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
      expect(body).not.toContain('<script>')
    })

    it('answers an unknown or expired sign-in request with an HTML 400 page and no redirect', async () => {
      const unknown = await running.fetch(`${running.baseUrl}/v1/oauth/signin?request=req_nope`)
      expect(unknown.status).toBe(400)
      expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await unknown.text()).toContain('This sign-in link is unknown, has expired or was already used')

      const page = await hostedPageUrl(running)
      await running.sandbox.advanceClock(901)
      const expired = await running.fetch(page, { redirect: 'manual' })
      expect(expired.status).toBe(400)
      expect(expired.headers.get('location')).toBeNull()
    })

    it('answers a form without its request field with an HTML 400 page', async () => {
      const response = await submitHostedForm(running, { decision: 'allow' })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('request is required')
    })
  })

  describe('signing in', () => {
    it('redirects to redirect_uri with code and state, and the code exchanges for a token of that user', async () => {
      const callback = await signInThroughHostedPage(running, demoUsers.admin, { state: 'xyz-1' })
      expect(`${callback.origin}${callback.pathname}`).toBe(ledgerlyWeb.redirectURI)
      expect(callback.searchParams.get('state')).toBe('xyz-1')
      const code = callback.searchParams.get('code') ?? ''

      const exchanged = await getRedirectToken(running, code, { state: 'xyz-1' })
      expect(exchanged.status).toBe(200)
      expect(exchanged.headers.get('cache-control')).toBe('no-store')
      const token = (await exchanged.json()) as Token
      expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })

      const info = await getUserInfo(running, token.access_token)
      expect(await info.json()).toMatchObject({ user: { userID: 'usr_ada' } })
    })

    it('returns state byte for byte: unicode, &, =, + and % survive the round trip', async () => {
      const state = 'ünï 漢字 🦊 a&b=c+d%2F/?#;'
      const callback = await signInThroughHostedPage(running, demoUsers.clerk, { state })
      expect(callback.searchParams.get('state')).toBe(state)
      expect(callback.search).toContain(`state=${encodeURIComponent(state)}`)
    })

    it('keeps the query of a registered redirect_uri as registered and adds code and state after it', async () => {
      const callback = await signInThroughHostedPage(running, demoUsers.admin, {
        client_id: tenantClient.clientID,
        platform: tenantClient.platform,
        redirect_uri: tenantClient.redirectURIs[0],
        state: 's 1',
      })
      expect(callback.href).toMatch(
        /^http:\/\/127\.0\.0\.1:5181\/cb\?tenant=acme&label=a%20b&code=rc_[\w-]+&state=s%201$/,
      )
    })

    it('shows the form again with a message, status 200, on a wrong password', async () => {
      const request = requestIdOf(await hostedPageUrl(running))
      const response = await submitHostedForm(running, {
        request,
        decision: 'allow',
        email: demoUsers.admin.email,
        password: 'not-the-password',
      })
      expect(response.status).toBe(200)
      const body = await response.text()
      expect(body).toContain('<p class="error" role="alert">Wrong email or password.</p>')
      expect(body).toContain(`value="${demoUsers.admin.email}"`)
      expect(body).not.toContain('not-the-password')
      // The request stays open: the right password then succeeds.
      const retried = await submitHostedForm(running, { request, decision: 'allow', ...demoUsers.admin })
      expect(retried.status).toBe(302)
    })

    it('signs up a new user on the sign-up form and signs them in to the client', async () => {
      const request = requestIdOf(await hostedPageUrl(running, { flow: 'sign-up' }))
      const tooShort = await submitHostedForm(running, {
        request,
        decision: 'allow',
        name: 'Nia New',
        email: 'nia@new.example',
        password: 'short',
      })
      expect(await tooShort.text()).toContain('Choose a password of at least 8 characters.')

      const taken = await submitHostedForm(running, {
        request,
        decision: 'allow',
        name: 'Ada Again',
        email: demoUsers.admin.email,
        password: 'long-enough-1',
      })
      expect(await taken.text()).toContain('This email is already registered.')

      const done = await submitHostedForm(running, {
        request,
        decision: 'allow',
        name: 'Nia New',
        email: 'nia@new.example',
        password: 'long-enough-1',
      })
      expect(done.status).toBe(302)
      const code = new URL(done.headers.get('location') ?? '').searchParams.get('code') ?? ''
      const info = await getUserInfo(running, await tokenFor(code))
      expect(await info.json()).toMatchObject({
        user: { email: 'nia@new.example', name: 'Nia New' },
        memberships: [{ role: 'admin' }],
      })
    })

    it('redirects with error=access_denied and the state when the user denies', async () => {
      const request = requestIdOf(await hostedPageUrl(running, { state: 'deny&me' }))
      const denied = await submitHostedForm(running, { request, decision: 'deny' })
      expect(denied.status).toBe(302)
      expect(denied.headers.get('location')).toBe(
        `${ledgerlyWeb.redirectURI}?error=access_denied&state=deny%26me`,
      )
    })

    it('answers a sign-in request once: submitting it again gives the 400 page', async () => {
      const request = requestIdOf(await hostedPageUrl(running))
      expect(
        (await submitHostedForm(running, { request, decision: 'allow', ...demoUsers.admin })).status,
      ).toBe(302)
      const again = await submitHostedForm(running, { request, decision: 'allow', ...demoUsers.admin })
      expect(again.status).toBe(400)
      expect(again.headers.get('location')).toBeNull()
    })
  })

  describe('redirect_uri must equal a registered one exactly, else a JSON 400 and never a redirect', () => {
    const registered = ledgerlyWeb.redirectURI // http://127.0.0.1:5173/auth/callback
    it.each([
      ['a trailing slash', `${registered}/`],
      ['another case in the path', 'http://127.0.0.1:5173/Auth/Callback'],
      ['another case in scheme and host', 'HTTP://LOCALHOST:5173/auth/callback'],
      ['an extra query', `${registered}?next=/admin`],
      ['a fragment', `${registered}#x`],
      ['another port', 'http://127.0.0.1:5174/auth/callback'],
      ['no port', 'http://127.0.0.1/auth/callback'],
      ['another scheme', 'https://127.0.0.1:5173/auth/callback'],
      ['a user@host trick to another host', 'http://127.0.0.1:5173@evil.example/auth/callback'],
      ['userinfo in front of the host', 'http://evil.example@127.0.0.1:5173/auth/callback'],
      ['a backslash trick', 'http://127.0.0.1:5173\\@evil.example/auth/callback'],
      ['a longer host', 'http://127.0.0.1:5173.evil.example/auth/callback'],
      ['a dot-segment path', `${registered}/../../evil`],
      ['a percent-encoded path', 'http://127.0.0.1:5173/auth/%63allback'],
      ['a longer path', `${registered}x`],
    ])('refuses %s', async (_case, redirect_uri) => {
      const before = running.sandbox.sim.db.signInRequests.size
      const response = await getRedirectAuthorize(running, { redirect_uri })
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(await response.json()).toMatchObject({ error: 'invalid_request', status_code: 400 })
      expect(running.sandbox.sim.db.signInRequests.size).toBe(before)
    })

    it('accepts each registered URI as registered', async () => {
      const response = await getRedirectAuthorize(running, {
        redirect_uri: 'http://localhost:5173/auth/callback',
      })
      expect(response.status).toBe(200)
    })

    it('refuses an unknown client_id with a JSON error and no redirect', async () => {
      const response = await getRedirectAuthorize(running, { client_id: 'cli_nobody' })
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      expect(await response.json()).toMatchObject({ error: 'invalid_client' })
    })

    it('refuses a platform other than the client’s, and a missing client_id, with a JSON 400', async () => {
      const platform = await getRedirectAuthorize(running, { platform: 'other' })
      expect(platform.status).toBe(400)
      expect(await platform.json()).toMatchObject({ error: 'invalid_request' })
      const missing = await getRedirectAuthorize(running, { client_id: undefined })
      expect(missing.status).toBe(400)
      expect(await missing.json()).toMatchObject({
        error: 'invalid_request',
        errors: [expect.objectContaining({ in: 'query', name: 'client_id' })],
      })
    })
  })

  describe('the token exchange', () => {
    it('refuses a wrong client_secret with 401 invalid_client, no-store, and leaves the code usable', async () => {
      const code = await redirectCode(running, demoUsers.admin)
      const wrong = await getRedirectToken(running, code, { client_secret: 'cs_wrong' })
      expect(wrong.status).toBe(401)
      expect(wrong.headers.get('cache-control')).toBe('no-store')
      expect(await wrong.json()).toMatchObject({ error: 'invalid_client', status_code: 401 })
      expect((await getRedirectToken(running, code)).status).toBe(200)
    })

    it('answers missing parameters with 400 invalid_request naming each', async () => {
      const response = await getRedirectToken(running, 'rc_x', {
        client_secret: undefined,
        redirect_uri: undefined,
      })
      expect(response.status).toBe(400)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const body = (await response.json()) as { error: string; errors: { name: string }[] }
      expect(body.error).toBe('invalid_request')
      expect(body.errors.map((e) => e.name).sort()).toEqual(['client_secret', 'redirect_uri'])
    })

    it('refuses another grant_type with 400 unsupported_grant_type', async () => {
      const response = await getRedirectToken(running, 'rc_x', { grant_type: 'password' })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'unsupported_grant_type' })
    })

    it('refuses a redirect_uri other than the authorize request’s with 400 invalid_grant', async () => {
      const code = await redirectCode(running, demoUsers.admin)
      const response = await getRedirectToken(running, code, {
        redirect_uri: 'http://localhost:5173/auth/callback',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' })
    })

    it('refuses a code issued to one client when another client presents it', async () => {
      const code = await redirectCode(running, demoUsers.admin)
      const response = await getRedirectToken(running, code, {
        client_id: otherClient.clientID,
        client_secret: otherClient.clientSecret,
        redirect_uri: otherClient.redirectURIs[0],
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        error: 'invalid_grant',
        error_description: 'The authorization code was issued to another client.',
      })
    })

    it('exchanges a code once: of 20 parallel exchanges over HTTP exactly one succeeds', async () => {
      const code = await redirectCode(running, demoUsers.admin)
      const responses = await Promise.all(Array.from({ length: 20 }, () => getRedirectToken(running, code)))
      const statuses = responses.map((r) => r.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.filter((s) => s === 400)).toHaveLength(19)
    })

    it('refuses a reused code with invalid_grant and revokes the token issued from it', async () => {
      const code = await redirectCode(running, demoUsers.admin)
      const token = await tokenFor(code)
      expect((await getUserInfo(running, token)).status).toBe(200)

      const reused = await getRedirectToken(running, code)
      expect(reused.status).toBe(400)
      expect(await reused.json()).toMatchObject({ error: 'invalid_grant' })

      const revoked = await getUserInfo(running, token)
      expect(revoked.status).toBe(401)
      expect(await revoked.json()).toMatchObject({ code: 'TOKEN_REVOKED' })
    })

    it('lets codes expire after 600 s of virtual time', async () => {
      const code = await redirectCode(running, demoUsers.admin)
      await running.sandbox.advanceClock(601)
      const response = await getRedirectToken(running, code)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        error: 'invalid_grant',
        error_description: 'The authorization code has expired.',
      })
    })

    it('refuses a state other than the authorize request’s when one is sent', async () => {
      const code = await redirectCode(running, demoUsers.admin, { state: 'right' })
      const response = await getRedirectToken(running, code, { state: 'wrong' })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' })
    })
  })

  describe('PKCE (RFC 7636, S256)', () => {
    // RFC 7636 Appendix B.
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
    const challenge = {
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }

    it('exchanges the code with the matching code_verifier', async () => {
      const code = await redirectCode(running, demoUsers.admin, challenge)
      expect((await getRedirectToken(running, code, { code_verifier: verifier })).status).toBe(200)
    })

    it('refuses a wrong code_verifier with invalid_grant, and the code is spent', async () => {
      const code = await redirectCode(running, demoUsers.admin, challenge)
      const wrong = await getRedirectToken(running, code, { code_verifier: verifier.replace('d', 'e') })
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toMatchObject({
        error: 'invalid_grant',
        error_description: 'code_verifier does not match the code_challenge.',
      })
      expect((await getRedirectToken(running, code, { code_verifier: verifier })).status).toBe(400)
    })

    it('refuses a missing code_verifier when a challenge was sent', async () => {
      const code = await redirectCode(running, demoUsers.admin, challenge)
      const response = await getRedirectToken(running, code)
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' })
    })

    it('refuses a code_verifier when no challenge was sent (downgrade, RFC 9700 §2.1.1)', async () => {
      const code = await redirectCode(running, demoUsers.admin)
      const response = await getRedirectToken(running, code, { code_verifier: verifier })
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' })
    })

    it('refuses the plain method at authorize (no code_challenge_method means plain)', async () => {
      const response = await getRedirectAuthorize(running, { code_challenge: challenge.code_challenge })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'invalid_request' })
    })
  })
})
