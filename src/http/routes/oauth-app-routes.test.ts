/**
 * The app-credential OAuth flow, in-process through msw's setupServer: a signed-in user authorizes an app
 * (POST /oauth/authorize), the app exchanges the code once (POST /oauth/token), and the token carries
 * the permissions that bill operations enforce. Every response is checked against the spec.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../core/auth/secrets.ts'
import { billApi } from '../../testing/bill-api.ts'
import { demoUsers, type RunningSandbox, signIn, startMswSandbox } from '../../testing/harness.ts'
import {
  appAuthorization,
  appCode,
  getUserInfo,
  ledgerlyApp,
  postAppAuthorize,
  postAppToken,
} from '../../testing/oauth.ts'

type TokenBody = {
  data: { access_token: string; permissions: string; token_type: string; expires_in: number }
}

describe('the app-credential OAuth flow', () => {
  let running: RunningSandbox
  let admin: string

  beforeAll(async () => {
    running = await startMswSandbox()
    admin = await signIn(running, demoUsers.admin)
  })
  afterAll(() => running.close())

  async function appToken(userToken: string, permissions: string): Promise<string> {
    const response = await postAppToken(running, await appCode(running, userToken, { permissions }))
    expect(response.status).toBe(200)
    return ((await response.json()) as TokenBody).data.access_token
  }

  it('authorizes an app for the signed-in user and exchanges the code once for a token with the permissions', async () => {
    const authorized = await postAppAuthorize(
      running,
      admin,
      appAuthorization({ permissions: 'bills:write,bills:read', state: 'st-42' }),
    )
    expect(authorized.status).toBe(200)
    expect(authorized.headers.get('cache-control')).toBe('no-store')
    const { data, status_code } = (await authorized.json()) as {
      data: { code: string; user_id: string; state: string }
      status_code: number
    }
    expect(status_code).toBe(200)
    expect(data).toMatchObject({ user_id: 'usr_ada', state: 'st-42', code: expect.stringMatching(/^ac_/) })

    const exchanged = await postAppToken(running, data.code)
    expect(exchanged.status).toBe(200)
    expect(exchanged.headers.get('cache-control')).toBe('no-store')
    const token = ((await exchanged.json()) as TokenBody).data
    expect(token).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      permissions: 'bills:read,bills:write',
    })
    expect(token.access_token.split('.')).toHaveLength(3)
  })

  it('keeps codes only as SHA-256 hashes: the exported state holds the hash and never the code', async () => {
    const code = await appCode(running, admin)
    const exported = await running.fetch(`${running.baseUrl}/__sandbox/state`)
    const state = await exported.text()
    expect(state).not.toContain(code)
    expect(state).toContain(`"codeHash":"${await sha256Hex(code)}"`)
  })

  it('returns the state byte for byte, unicode and &=+ included', async () => {
    const state = 'ünï-🦊 a&b=c+d%20/?#'
    const response = await postAppAuthorize(running, admin, appAuthorization({ state }))
    expect(((await response.json()) as { data: { state: string } }).data.state).toBe(state)
  })

  it('lets an app token with bills:read only read bills: getBill 200, createBill 403 MISSING_PERMISSION', async () => {
    const readOnly = billApi(running, await appToken(admin, 'bills:read'), 'biz_acme')
    expect((await readOnly.get('bill_0001')).status).toBe(200)
    const created = await readOnly.create()
    expect(created.status).toBe(403)
    expect(created.body).toMatchObject({
      code: 'MISSING_PERMISSION',
      detail: expect.stringContaining('bills:write'),
    })
  })

  it('limits an app token to the permissions of the user role too (a viewer cannot write through an app)', async () => {
    const viewer = await signIn(running, demoUsers.viewer)
    const app = billApi(running, await appToken(viewer, 'bills:read,bills:write'), 'biz_acme')
    expect((await app.create()).status).toBe(403)
  })

  it('needs profile:read on an app token for GET /auth/user/info', async () => {
    expect((await getUserInfo(running, await appToken(admin, 'bills:read'))).status).toBe(403)
    expect((await getUserInfo(running, await appToken(admin, 'profile:read'))).status).toBe(200)
  })

  it('records granted permissions, which the next authorize includes', async () => {
    const clerk = await signIn(running, demoUsers.clerk)
    const granted = await running.fetch(`${running.baseUrl}/oauth/permissions/grant`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${clerk}` },
      body: JSON.stringify({ permissions: appAuthorization({ permissions: 'bills:write' }) }),
    })
    expect(granted.status).toBe(200)
    expect(await granted.json()).toEqual({
      data: { message: 'Granted bills:write to app_ledgerly; authorize again for a token that carries it.' },
      status_code: 200,
    })

    const code = await appCode(running, clerk, { permissions: 'bills:read' })
    const token = ((await (await postAppToken(running, code)).json()) as TokenBody).data
    expect(token.permissions).toBe('bills:read,bills:write')
    expect((await billApi(running, token.access_token, 'biz_acme').create()).status).toBe(200)
  })

  it('refuses permissions that are not documented or not allowed for the app with 400 invalid_scope', async () => {
    const unknown = await postAppAuthorize(running, admin, appAuthorization({ permissions: 'bills:delete' }))
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ error: 'invalid_scope', status_code: 400 })

    const hooksOnlyReads = await postAppAuthorize(running, admin, {
      app_id: 'app_hooks',
      app_key: 'ak_hooks_demo',
      state: 's',
      redirect_uri: 'http://127.0.0.1:5174/callback',
      permissions: 'bills:read,bills:write',
    })
    expect(hooksOnlyReads.status).toBe(400)
    expect(await hooksOnlyReads.json()).toMatchObject({ error: 'invalid_scope' })
  })

  it('refuses a redirect_uri the app did not register with 400 invalid_request', async () => {
    const response = await postAppAuthorize(
      running,
      admin,
      appAuthorization({ redirect_uri: `${ledgerlyApp.redirectURI}/` }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('refuses a wrong app_key or an unknown app_id with 401 invalid_client', async () => {
    for (const overrides of [{ app_key: 'ak_wrong' }, { app_id: 'app_nobody' }]) {
      const response = await postAppAuthorize(running, admin, appAuthorization(overrides))
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ error: 'invalid_client', status_code: 401 })
    }
  })

  it('refuses a wrong key_secret or an unknown key_id at the token endpoint with 401 invalid_client', async () => {
    const code = await appCode(running, admin)
    for (const overrides of [{ key_secret: 'ks_wrong' }, { key_id: 'key_nobody' }]) {
      const response = await postAppToken(running, code, overrides)
      expect(response.status).toBe(401)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.json()).toMatchObject({ error: 'invalid_client' })
    }
    // A failed client authentication does not spend the code.
    expect((await postAppToken(running, code)).status).toBe(200)
  })

  it('answers missing parameters with 400 invalid_request naming the field', async () => {
    const { app_key: _omitted, ...withoutKey } = appAuthorization()
    const authorize = await postAppAuthorize(running, admin, withoutKey)
    expect(authorize.status).toBe(400)
    expect(await authorize.json()).toMatchObject({
      error: 'invalid_request',
      errors: [expect.objectContaining({ in: 'body', name: 'token.app_key' })],
    })

    const token = await running.fetch(`${running.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: { auth_code: 'ac_x', key_id: ledgerlyApp.keyID } }),
    })
    expect(token.status).toBe(400)
    expect(await token.json()).toMatchObject({
      error: 'invalid_request',
      errors: [expect.objectContaining({ name: 'token.key_secret' })],
    })
  })

  it('refuses a code issued to another app with 401 invalid_grant and leaves it to its own app', async () => {
    const code = await appCode(running, admin)
    const other = await postAppToken(running, code, { key_id: 'key_hooks', key_secret: 'ks_hooks_demo' })
    expect(other.status).toBe(401)
    expect(await other.json()).toMatchObject({ error: 'invalid_grant' })
    expect((await postAppToken(running, code)).status).toBe(200)
  })

  it('refuses a reused code with 401 invalid_grant and revokes the token issued from it', async () => {
    const code = await appCode(running, admin, { permissions: 'profile:read' })
    const first = ((await (await postAppToken(running, code)).json()) as TokenBody).data.access_token
    expect((await getUserInfo(running, first)).status).toBe(200)

    const again = await postAppToken(running, code)
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' })

    const revoked = await getUserInfo(running, first)
    expect(revoked.status).toBe(401)
    expect(await revoked.json()).toMatchObject({ code: 'TOKEN_REVOKED' })
  })

  it('lets a code expire after 600 s of virtual time', async () => {
    const code = await appCode(running, admin)
    await running.sandbox.advanceClock(601)
    const response = await postAppToken(running, code)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/expired/),
    })
  })

  it('takes a user token to authorize: none gives 401, an app token gives 401 invalid_token', async () => {
    const anonymous = await running.fetch(`${running.baseUrl}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: appAuthorization() }),
    })
    expect(anonymous.status).toBe(401)

    const fromApp = await postAppAuthorize(
      running,
      await appToken(admin, 'bills:read'),
      appAuthorization({ permissions: 'bills:pay' }),
    )
    expect(fromApp.status).toBe(401)
    expect(await fromApp.json()).toMatchObject({ error: 'invalid_token' })
  })
})
