/**
 * Business endpoints take only the sandbox's own, current, correctly signed tokens, from the
 * Authorization header (RFC 6750 §2.1; §5.3 on why not the query string). Each forgery below is a
 * real attack on JWT verifiers (RFC 8725 §2.1, §3.1).
 */
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  billHeaders,
  demoUsers,
  type RunningSandbox,
  signIn,
  startMswSandbox,
} from '../../testing/harness.ts'
import { createSigningKeys, issueAccessToken, TOKEN_AUDIENCE } from './tokens.ts'

const base64url = (value: string) => Buffer.from(value).toString('base64url')
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

describe('business endpoints and access tokens', () => {
  let running: RunningSandbox
  let valid: string

  beforeAll(async () => {
    running = await startMswSandbox()
    valid = await signIn(running, demoUsers.admin)
  })
  afterAll(() => running.close())

  async function getBill(token: string, query = '') {
    const response = await running.fetch(`${running.baseUrl}/vendor/bill?billID=bill_0001${query}`, {
      headers: billHeaders(token),
    })
    return { status: response.status, body: (await response.json()) as { code?: string } }
  }

  it('accept a valid token, with or without the Bearer prefix', async () => {
    expect((await getBill(valid)).status).toBe(200)
    const bare = await running.fetch(`${running.baseUrl}/vendor/bill?billID=bill_0001`, {
      headers: { ...billHeaders(valid), authorization: valid },
    })
    expect(bare.status).toBe(200)
  })

  it('refuse a token with alg none (401 TOKEN_INVALID)', async () => {
    const [, payload] = valid.split('.')
    const unsigned = `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`
    expect(await getBill(unsigned)).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'TOKEN_INVALID' }),
    })
  })

  it('refuse a tampered token whose payload was changed after signing', async () => {
    const [header, payload, signature] = valid.split('.') as [string, string, string]
    const claims = { ...decode(payload), sub: demoUsers.otherBusinessAdmin.userID }
    const tampered = `${header}.${base64url(JSON.stringify(claims))}.${signature}`
    expect(await getBill(tampered)).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'TOKEN_INVALID' }),
    })
  })

  it('refuse a token of another issuer, even signed with the sandbox key', async () => {
    const { sim } = running.sandbox
    const foreign = await issueAccessToken(sim.keys, sim.clock, 'https://evil.example', 3600, {
      sub: demoUsers.admin.userID,
      kind: 'user',
    })
    expect((await getBill(foreign.token)).status).toBe(401)
  })

  it('refuse a token signed by another key, and an HS256 token keyed with the public key', async () => {
    const { sim } = running.sandbox
    const otherKeys = await createSigningKeys()
    const otherKey = await issueAccessToken(otherKeys, sim.clock, sim.issuer, 3600, {
      sub: demoUsers.admin.userID,
      kind: 'user',
    })
    expect((await getBill(otherKey.token)).status).toBe(401)

    const confused = await new SignJWT({ kind: 'user' })
      .setProtectedHeader({ alg: 'HS256', kid: sim.keys.kid })
      .setIssuer(sim.issuer)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(demoUsers.admin.userID)
      .setJti('tok_confused')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JSON.stringify(sim.keys.publicJwk)))
    expect((await getBill(confused)).status).toBe(401)
  })

  it('refuse a token in the query string, with or without a header (401 TOKEN_IN_QUERY)', async () => {
    const withHeader = await getBill(valid, `&access_token=${valid}`)
    expect(withHeader).toEqual({ status: 401, body: expect.objectContaining({ code: 'TOKEN_IN_QUERY' }) })
    const onlyQuery = await running.fetch(
      `${running.baseUrl}/vendor/bill?billID=bill_0001&access_token=${valid}`,
      { headers: { 'x-identifier': 'SERVICE' } },
    )
    expect(onlyQuery.status).toBe(401)
    expect(await onlyQuery.json()).toMatchObject({ code: 'TOKEN_IN_QUERY' })
  })

  it('refuse an expired token (401 TOKEN_EXPIRED) once the virtual clock passes its exp', async () => {
    await running.sandbox.advanceClock(3601)
    expect(await getBill(valid)).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'TOKEN_EXPIRED' }),
    })
  })
})
