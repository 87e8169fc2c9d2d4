/**
 * The sandbox control API as a user drives it: reset, state export and import, the request log, the
 * virtual clock and fault injection. Over real HTTP, every answer checked against the spec.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Bill, billApi, samplePayload } from '../../testing/bill-api.ts'
import { demoUsers, type RunningSandbox, signIn, startHttpSandbox } from '../../testing/harness.ts'

describe('the sandbox control API', () => {
  let running: RunningSandbox
  let admin: ReturnType<typeof billApi>
  let token: string

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await running.fetch(`${running.baseUrl}/__sandbox/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }

  beforeAll(async () => {
    running = await startHttpSandbox()
  })
  afterAll(() => running.close())
  beforeEach(async () => {
    await control('POST', 'reset')
    await control('DELETE', 'faults')
    await control('DELETE', 'requests')
    token = await signIn(running, demoUsers.admin)
    admin = billApi(running, token, 'biz_acme')
  })

  it('resets to the fixtures: created bills are gone and fixture bills are back in their states', async () => {
    const created = (await admin.create()).body as Bill
    await admin.review('bill_0002', 'APPROVE')
    const { status, body } = await control('POST', 'reset')
    expect(status).toBe(200)
    expect(body.counts.bills).toBe(8)
    expect((await admin.get(created.billID)).status).toBe(404)
    expect(((await admin.get('bill_0002')).body as Bill).status).toBe('review')
  })

  it('exports the state and imports it back into another sandbox with every bill intact', async () => {
    const created = (await admin.create(samplePayload({ memo: 'carried over' }))).body as Bill
    const exported = await control('GET', 'state')
    expect(exported.status).toBe(200)
    expect(exported.body.collections.bills).toHaveLength(9)
    expect(JSON.stringify(exported.body)).not.toContain('sandbox-admin-1')

    const other = await startHttpSandbox()
    try {
      const imported = await other.fetch(`${other.baseUrl}/__sandbox/state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(exported.body),
      })
      expect(imported.status).toBe(200)
      // The signing key travels with the state: the token from the first sandbox works on the second.
      const bill = await billApi(other, token, 'biz_acme').get(created.billID)
      expect(bill.body).toEqual(created)
    } finally {
      await other.close()
    }
  })

  it('rejects an invalid state whole, naming where it is wrong, and changes nothing', async () => {
    const { body: state } = await control('GET', 'state')
    state.collections.bills[3].status = 'lost'
    const { status, body } = await control('PUT', 'state', state)
    expect(status).toBe(400)
    expect(body.code).toBe('INVALID_STATE')
    expect(body.errors[0].name).toBe('collections.bills[3]')
    expect(body.errors[0].message).toMatch(/status/)
    expect((await admin.get('bill_0001')).status).toBe(200)
  })

  it('rejects a state with a collection name the sandbox does not have, even one every object inherits', async () => {
    const { body: state } = await control('GET', 'state')
    for (const name of ['toString', 'constructor', 'gadgets']) {
      const { status, body } = await control('PUT', 'state', {
        ...state,
        collections: { ...state.collections, [name]: [] },
      })
      expect(status, name).toBe(400)
      expect(body.errors).toContainEqual({
        in: 'body',
        name: `collections.${name}`,
        message: 'is not a known collection',
      })
    }
  })

  it('rejects a state whose signing key is not an ES256 private key, and keeps the current key', async () => {
    const { body: state } = await control('GET', 'state')
    for (const signingKey of [{ kid: 'k', privateJwk: { kty: 'oct', k: 'c2VjcmV0' } }, { kid: 'k' }, 'key']) {
      const { status, body } = await control('PUT', 'state', { ...state, signingKey })
      expect(status, JSON.stringify(signingKey)).toBe(400)
      expect(body.errors[0].name).toMatch(/^signingKey/)
    }
    expect((await admin.get('bill_0001')).status).toBe(200)
  })

  it('logs requests with their operation and status, and never a code, secret or token', async () => {
    await admin.get('bill_0001')
    await admin.get('bill_9999')
    await running.fetch(`${running.baseUrl}/vendor/bill?billID=bill_0001&access_token=${token}`, {
      headers: { 'x-identifier': 'SERVICE' },
    })
    // Unchecked fetch: this probe is about the log, whatever the token endpoint answers.
    await globalThis.fetch(
      `${running.baseUrl}/v1/oauth/token?grant_type=authorization_code&code=SECRETCODE&client_secret=cs_ledgerly_demo&client_id=x&redirect_uri=y`,
    )
    const { body } = await control('GET', 'requests?limit=10')
    const entries = body as { operationId: string; status: number; errorCode?: string; query: string }[]
    expect(entries.some((e) => e.operationId === 'getBill' && e.status === 200)).toBe(true)
    expect(
      entries.some(
        (e) => e.operationId === 'getBill' && e.status === 404 && e.errorCode === 'BILL_NOT_FOUND',
      ),
    ).toBe(true)
    expect(entries.some((e) => e.errorCode === 'TOKEN_IN_QUERY')).toBe(true)
    const text = JSON.stringify(entries)
    for (const secret of [token, 'SECRETCODE', 'cs_ledgerly_demo', 'sandbox-admin-1'])
      expect(text).not.toContain(secret)
    expect(text).toContain('code=REDACTED&client_secret=REDACTED')
    expect(text).toContain('access_token=REDACTED')
  })

  it('advances the virtual clock, and an access token expires after its lifetime', async () => {
    const before = await control('GET', 'clock')
    expect((await admin.get('bill_0001')).status).toBe(200)
    const advanced = await control('POST', 'clock/advance', { seconds: 3601 })
    expect(advanced.body.offsetSeconds).toBe(before.body.offsetSeconds + 3601)
    const expired = await admin.get('bill_0001')
    expect(expired.status).toBe(401)
    expect(expired.body).toMatchObject({ code: 'TOKEN_EXPIRED' })
  })

  it('refuses to move the clock backwards', async () => {
    const { status, body } = await control('POST', 'clock/advance', { seconds: -5 })
    expect(status).toBe(400)
    expect(body.errors[0].name).toBe('seconds')
  })

  it('forces a status for a number of calls, then stops', async () => {
    const set = await control('PUT', 'faults', { getBill: { status: 503, times: 2 } })
    expect(set.status).toBe(200)
    // 503 is not a status getBill declares, so the checked fetch refuses it: use a declared one.
    await control('PUT', 'faults', { getBill: { status: 500, times: 2 } })
    expect((await admin.get('bill_0001')).status).toBe(500)
    expect((await admin.get('bill_0001')).status).toBe(500)
    expect((await admin.get('bill_0001')).status).toBe(200)
    expect((await control('GET', 'faults')).body).toEqual({})
  })

  it('adds latency to an operation', async () => {
    await control('PUT', 'faults', { listBills: { latencyMs: 300 } })
    const started = performance.now()
    expect((await admin.list()).status).toBe(200)
    // A lower bound only: the rule must have delayed the answer (timers may fire a tick early).
    expect(performance.now() - started).toBeGreaterThanOrEqual(250)
  })

  it('forces a status for one request with the Prism-style Prefer header, with the spec example for a 2xx', async () => {
    const failed = await admin.call('GET', '/vendor/bill', {
      query: { billID: 'bill_0001' },
      headers: { prefer: 'code=404' },
    })
    expect(failed.status).toBe(404)
    const example = await admin.call('GET', '/vendor/bill', {
      query: { billID: 'bill_9999' },
      headers: { prefer: 'code=200' },
    })
    expect(example.status).toBe(200)
    expect(example.headers.get('x-sandbox-fault')).toBe('forced')
  })

  it('refuses fault rules for operations the spec does not have', async () => {
    const { status, body } = await control('PUT', 'faults', { getBil: { status: 500 } })
    expect(status).toBe(400)
    expect(body.errors).toEqual([
      { in: 'body', name: 'getBil', message: 'is not an operationId of the spec' },
    ])
  })

  it('lists the paid-externally notifications in the outbox', async () => {
    await admin.payExternally('bill_0003', { emails: ['vendor@example.com'], note: 'Paid' })
    const { body } = await control('GET', 'outbox')
    expect(body).toEqual([
      expect.objectContaining({ to: 'vendor@example.com', billID: 'bill_0003', body: 'Paid' }),
    ])
  })
})
