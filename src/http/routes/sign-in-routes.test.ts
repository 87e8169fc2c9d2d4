/**
 * Sign-in as a client uses it: sign up, log in, read the user, verify the token with the published JWKS.
 */
import { createLocalJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billApi } from '../../testing/bill-api.ts'
import { demoUsers, type RunningSandbox, sandboxModes, signIn } from '../../testing/harness.ts'

describe.each(sandboxModes)('sign-in %s', (_mode, start) => {
  let running: RunningSandbox
  beforeAll(async () => {
    running = await start()
  })
  afterAll(() => running.close())

  const post = async (path: string, body: unknown) => {
    const response = await running.fetch(`${running.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: await response.json(), headers: response.headers }
  }

  it('signs up a new user as the admin of a new business, who can then create bills there', async () => {
    const email = `new.${Date.now()}@example.com`
    const { status, body, headers } = await post('/auth/signup', {
      email,
      password: 'correct-horse-battery',
      name: 'New User',
      businessName: 'New Co',
    })
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, user: { email, name: 'New User' } })

    const info = await running.fetch(`${running.baseUrl}/auth/user/info`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    })
    const me = await info.json()
    expect(me.memberships).toEqual([
      { businessID: me.defaultBusinessID, businessName: 'New Co', role: 'admin' },
    ])
    expect(me.permissions).toContain('bills:pay')
    // A new business has no vendors yet: creating a bill names the vendor field.
    const created = await billApi(running, body.access_token).create()
    expect(created).toMatchObject({ status: 400, body: { errors: [{ name: 'VendorBillPayload.vendorID' }] } })
    // And it cannot see Acme's bills.
    expect((await billApi(running, body.access_token, 'biz_acme').get('bill_0001')).status).toBe(403)
  })

  it('refuses a second sign-up with the same email, whatever its case', async () => {
    const { status, body } = await post('/auth/signup', {
      email: 'ADA@acme.example',
      password: 'another-password',
      name: 'Ada Again',
    })
    expect(status).toBe(409)
    expect(body.code).toBe('EMAIL_TAKEN')
  })

  it('names the fields of an invalid sign-up', async () => {
    const { status, body } = await post('/auth/signup', {
      email: 'not-an-email',
      password: 'short',
      name: '',
    })
    expect(status).toBe(400)
    expect(body.errors.map((e: { name: string }) => e.name).sort()).toEqual(['email', 'name', 'password'])
  })

  it('logs in with the demo credentials and refuses a wrong password or an unknown email alike', async () => {
    expect(
      (await post('/auth/login', { email: demoUsers.clerk.email, password: demoUsers.clerk.password }))
        .status,
    ).toBe(200)
    const wrongPassword = await post('/auth/login', { email: demoUsers.clerk.email, password: 'nope' })
    const unknown = await post('/auth/login', { email: 'nobody@example.com', password: 'nope' })
    expect([wrongPassword.status, unknown.status]).toEqual([401, 401])
    expect(wrongPassword.body).toEqual(unknown.body)
    expect(wrongPassword.body.code).toBe('INVALID_CREDENTIALS')
  })

  it('reads the signed-in user with the role permissions, and refuses without a token', async () => {
    const token = await signIn(running, demoUsers.approver)
    const response = await running.fetch(`${running.baseUrl}/auth/user/info`, {
      headers: { authorization: token },
    })
    expect(await response.json()).toMatchObject({
      user: { userID: 'usr_april' },
      defaultBusinessID: 'biz_acme',
      permissions: ['bills:read', 'bills:review'],
    })
    expect((await running.fetch(`${running.baseUrl}/auth/user/info`)).status).toBe(401)
  })

  it('issues tokens a client can verify with the published JWKS', async () => {
    const token = await signIn(running, demoUsers.admin)
    const jwks = await (await running.fetch(`${running.baseUrl}/.well-known/jwks.json`)).json()
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), {
      audience: 'service-api',
    })
    expect(protectedHeader.alg).toBe('ES256')
    expect(payload.sub).toBe('usr_ada')
    expect(payload.exp! - payload.iat!).toBe(3600)
  })
})
