/**
 * The request log (GET /__sandbox/requests) after both OAuth flows, successes and failures alike: it
 * names every operation, and no password, secret, code or token appears in it, searched for by value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billHeaders, demoUsers, type RunningSandbox, signIn, startHttpSandbox } from '../testing/harness.ts'
import {
  appCode,
  getRedirectToken,
  ledgerlyApp,
  ledgerlyWeb,
  postAppToken,
  redirectCode,
} from '../testing/oauth.ts'

describe('the request log', () => {
  let running: RunningSandbox
  beforeAll(async () => {
    running = await startHttpSandbox()
  })
  afterAll(() => running.close())

  it('never holds the secrets, codes or tokens of the requests it records', async () => {
    const userToken = await signIn(running, demoUsers.admin)

    const appFlowCode = await appCode(running, userToken)
    await postAppToken(running, appFlowCode, { key_secret: 'ks_wrong_but_secret' })
    const appToken = (
      (await (await postAppToken(running, appFlowCode)).json()) as { data: { access_token: string } }
    ).data.access_token
    await postAppToken(running, appFlowCode) // reused: refused, and logged with its error code

    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
    const redirectFlowCode = await redirectCode(running, demoUsers.clerk, {
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })
    const exchanged = await getRedirectToken(running, redirectFlowCode, { code_verifier: verifier })
    const redirectToken = ((await exchanged.json()) as { access_token: string }).access_token
    await getRedirectToken(running, redirectFlowCode, { code_verifier: verifier }) // reused
    await running.fetch(`${running.baseUrl}/vendor/bill?billID=bill_0001&access_token=${redirectToken}`, {
      headers: billHeaders(userToken),
    })

    const response = await running.fetch(`${running.baseUrl}/__sandbox/requests?limit=1000`)
    const log = await response.text()

    const entries = JSON.parse(log) as { operationId: string | null; query: string }[]
    const operations = entries.map((entry) => entry.operationId)
    expect(new Set(operations)).toEqual(
      new Set([
        'logIn',
        'oauthAuthorize',
        'oauthToken',
        'redirectAuthorize',
        'signInSubmit',
        'redirectToken',
        'getBill',
      ]),
    )
    // The token exchange's query is logged, its code and client_secret masked.
    const tokenQuery = new URLSearchParams(entries.find((e) => e.operationId === 'redirectToken')?.query)
    expect(tokenQuery.get('client_id')).toBe(ledgerlyWeb.clientID)
    expect(tokenQuery.has('code')).toBe(true)

    const secrets = {
      userPassword: demoUsers.admin.password,
      clerkPassword: demoUsers.clerk.password,
      appKey: ledgerlyApp.appKey,
      keySecret: ledgerlyApp.keySecret,
      wrongKeySecret: 'ks_wrong_but_secret',
      clientSecret: ledgerlyWeb.clientSecret,
      appFlowCode,
      redirectFlowCode,
      codeVerifier: verifier,
      userToken,
      appToken,
      redirectToken,
    }
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8)
      expect(log.includes(secret), `${name} appears in the request log`).toBe(false)
      expect(log.includes(encodeURIComponent(secret)), `${name} appears URL-encoded`).toBe(false)
    }
  })
})
