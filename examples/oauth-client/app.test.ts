/**
 * The example client without a browser: what a browser would do, step by step, with the cookies kept by
 * hand. Proves the callback's rejections (missing code, a state that is not this browser's) and the
 * whole sign-in, /auth/me and sign-out path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoUsers } from '../../src/testing/harness.ts'
import { submitHostedForm } from '../../src/testing/oauth.ts'
import { type ExampleSetup, startExample } from './test-setup.ts'

/** The cookies a browser would keep, from Set-Cookie headers (name=value only; enough here). */
class Jar {
  readonly cookies = new Map<string, string>()
  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const value = pair.slice(at + 1)
      if (/Max-Age=0/i.test(line)) this.cookies.delete(pair.slice(0, at))
      else this.cookies.set(pair.slice(0, at), value)
    }
    return response
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

describe('the example OAuth client', () => {
  let setup: ExampleSetup
  beforeAll(async () => {
    setup = await startExample()
  })
  afterAll(() => setup.close())

  async function visit(jar: Jar, path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${setup.client.url}${path}`
    return jar.take(
      await setup.running.fetch(url, { ...init, redirect: 'manual', headers: { cookie: jar.header } }),
    )
  }

  /** Login, then the hosted form: returns the URL the sandbox sends the browser back to. */
  async function signInAt(jar: Jar, fields: Record<string, string>, path = '/auth/login'): Promise<string> {
    const login = await visit(jar, path)
    const page = new URL(login.headers.get('location') ?? '')
    const answer = await submitHostedForm(setup.running, {
      request: page.searchParams.get('request') ?? '',
      ...fields,
    })
    return answer.headers.get('location') ?? ''
  }

  it('starts each login with a fresh state in an httpOnly, SameSite=Lax cookie and sends the browser to the hosted page', async () => {
    const first = await visit(new Jar(), '/auth/login')
    expect(first.status).toBe(302)
    expect(first.headers.get('location')).toMatch(
      new RegExp(`^${setup.running.baseUrl}/v1/oauth/signin\\?request=req_`),
    )
    const cookie = first.headers.getSetCookie()[0] ?? ''
    expect(cookie).toMatch(
      /^oauth_state=[\w-]{43}; Path=\/auth\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/,
    )
    const second = (await visit(new Jar(), '/auth/login')).headers.getSetCookie()[0]
    expect(second).not.toBe(cookie)
  })

  it('signs in through the hosted page, keeps a server-side session and shows the user at /auth/me', async () => {
    const jar = new Jar()
    const callback = await visit(jar, await signInAt(jar, { decision: 'allow', ...demoUsers.admin }))
    expect(callback.status).toBe(303)
    expect(callback.headers.get('location')).toBe('/')
    expect(jar.cookies.has('oauth_state')).toBe(false)
    expect(callback.headers.getSetCookie().join('\n')).toMatch(
      /sid=[\w-]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax/,
    )

    const home = await visit(jar, '/')
    expect(await home.text()).toContain('Signed in as Ada Admin')
    const me = await visit(jar, '/auth/me')
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ user: { email: demoUsers.admin.email } })

    expect((await visit(jar, '/auth/logout', { method: 'POST' })).status).toBe(303)
    expect((await visit(jar, '/auth/me')).status).toBe(401)
  })

  it('answers /auth/me with 401 when nobody is signed in', async () => {
    const me = await visit(new Jar(), '/auth/me')
    expect(me.status).toBe(401)
    expect(await me.json()).toEqual({ error: 'not_signed_in' })
  })

  it('rejects a callback without a code (400) and signs nobody in', async () => {
    const jar = new Jar()
    const login = await visit(jar, '/auth/login')
    const state = decodeURIComponent(jar.cookies.get('oauth_state') ?? '')
    expect(login.status).toBe(302)
    const callback = await visit(jar, `/auth/callback?state=${encodeURIComponent(state)}`)
    expect(callback.status).toBe(400)
    expect(await callback.text()).toContain('The callback carries no code.')
    expect(jar.cookies.has('sid')).toBe(false)
  })

  it('rejects a callback whose state is not the one in this browser’s cookie (400), without exchanging the code', async () => {
    const victim = new Jar()
    await visit(victim, '/auth/login')
    // An attacker's own, valid callback URL, planted in the victim's browser (login CSRF, RFC 6749 §10.12).
    const planted = await signInAt(new Jar(), { decision: 'allow', ...demoUsers.otherBusinessAdmin })
    setup.running.sandbox.log.clear()

    const callback = await visit(victim, planted)
    expect(callback.status).toBe(400)
    expect(await callback.text()).toContain('The sign-in state does not match.')
    expect(victim.cookies.has('sid')).toBe(false)
    expect(setup.running.sandbox.log.latest(100).map((entry) => entry.operationId)).not.toContain(
      'redirectToken',
    )
  })

  it('rejects a callback when the browser has no state cookie at all', async () => {
    const planted = await signInAt(new Jar(), { decision: 'allow', ...demoUsers.admin })
    const callback = await visit(new Jar(), planted)
    expect(callback.status).toBe(400)
  })

  it('comes back from a denied sign-in with the reason and no session', async () => {
    const jar = new Jar()
    const callback = await visit(jar, await signInAt(jar, { decision: 'deny' }))
    expect(callback.status).toBe(303)
    expect(callback.headers.get('location')).toBe('/?error=access_denied')
    expect(await (await visit(jar, '/?error=access_denied')).text()).toContain('You declined to sign in')
    expect((await visit(jar, '/auth/me')).status).toBe(401)
  })
})
