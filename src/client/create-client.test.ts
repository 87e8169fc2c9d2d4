import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import type { components } from '../generated/openapi.ts'
import { createServiceClient } from './create-client.ts'

type Bill = components['schemas']['Bill']
type Problem = components['schemas']['Problem']

const baseUrl = 'http://service.test'

const bill: Bill = {
  billID: 'bill_0001',
  businessID: 'biz_acme',
  vendorID: 'ven_acme_supply',
  status: 'draft',
  currency: 'USD',
  totals: { subtotal: 100, tax: 0, total: 100 },
  VendorBillPayload: {
    vendorID: 'ven_acme_supply',
    currency: 'USD',
    lineItems: [{ description: 'Paper', quantity: 1, unitAmount: 100 }],
  },
  lastDecision: null,
  confirmedAt: null,
  payment: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  createdBy: 'usr_ada',
}

/** A fetch that records each Request and answers with the given status and JSON body. */
function fakeFetch(status = 200, body: unknown = {}) {
  const requests: Request[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init))
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  })
  return { fetch, requests }
}

function onlyRequest(requests: Request[]): Request {
  expect(requests).toHaveLength(1)
  return requests[0]!
}

describe('createServiceClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends the bearer token, X-Identifier and the business on a bill operation', async () => {
    const { fetch, requests } = fakeFetch(200, bill)
    const client = createServiceClient({ baseUrl, fetch, accessToken: 'tok_1', businessID: 'biz_acme' })

    await client.GET('/vendor/bill', { params: { query: { billID: 'bill_0001' } } })

    const request = onlyRequest(requests)
    expect(request.method).toBe('GET')
    expect(request.url).toBe(`${baseUrl}/vendor/bill?billID=bill_0001`)
    expect(request.headers.get('Authorization')).toBe('Bearer tok_1')
    expect(request.headers.get('X-Identifier')).toBe('SERVICE')
    expect(request.headers.get('X-Service-Business-ID')).toBe('biz_acme')
    expect(request.headers.has('X-Service-App-ID')).toBe(false)
  })

  it('sends X-Identifier but no business header on a bill operation when no business is set', async () => {
    const { fetch, requests } = fakeFetch(200, [bill])
    const client = createServiceClient({ baseUrl, fetch, accessToken: 'tok_1' })

    await client.GET('/vendor/bill/list', { params: { query: { status: ['draft', 'review'] } } })

    const request = onlyRequest(requests)
    expect(new URL(request.url).searchParams.getAll('status')).toEqual(['draft', 'review'])
    expect(request.headers.get('X-Identifier')).toBe('SERVICE')
    expect(request.headers.has('X-Service-Business-ID')).toBe(false)
  })

  it('sends the three app headers on an event operation and no bill headers', async () => {
    const { fetch, requests } = fakeFetch(200, { data: { message: 'ok' }, status_code: 200 })
    const client = createServiceClient({
      baseUrl,
      fetch,
      businessID: 'biz_acme',
      app: { appID: 'app_ledgerly', keyID: 'key_ledgerly', keySecret: 'ks_ledgerly_demo' },
    })

    await client.POST('/event/register', { params: { query: { name: 'invoice.synced' } } })

    const request = onlyRequest(requests)
    expect(request.url).toBe(`${baseUrl}/event/register?name=invoice.synced`)
    expect(request.headers.get('X-Service-App-ID')).toBe('app_ledgerly')
    expect(request.headers.get('X-Service-Key-ID')).toBe('key_ledgerly')
    expect(request.headers.get('X-Service-Key-Secret')).toBe('ks_ledgerly_demo')
    expect(request.headers.has('X-Identifier')).toBe(false)
    expect(request.headers.has('X-Service-Business-ID')).toBe(false)
    expect(request.headers.has('Authorization')).toBe(false)
  })

  it('sends no app headers on an event operation when no app is set', async () => {
    const { fetch, requests } = fakeFetch(401, {
      error: 'invalid_credentials',
      error_description: '',
      status_code: 401,
    })
    const client = createServiceClient({ baseUrl, fetch })

    await client.POST('/event/publish', { body: { data: { code: 'invoice.synced', payload: {} } } })

    const request = onlyRequest(requests)
    expect(request.headers.has('X-Service-App-ID')).toBe(false)
    expect(request.headers.get('Content-Type')).toBe('application/json')
    expect(await request.json()).toEqual({ data: { code: 'invoice.synced', payload: {} } })
  })

  it('sends no Authorization header on the operations that issue tokens', async () => {
    const { fetch, requests } = fakeFetch(200, {})
    const client = createServiceClient({ baseUrl, fetch, accessToken: 'tok_1' })

    await client.POST('/oauth/token', {
      body: { token: { auth_code: 'ac_1', key_id: 'k', key_secret: 's' } },
    })
    await client.GET('/v1/oauth/token', {
      params: {
        query: {
          grant_type: 'authorization_code',
          code: 'rc_1',
          redirect_uri: 'http://127.0.0.1:5173/auth/callback',
          client_id: 'cli_ledgerly_web',
          client_secret: 'cs_ledgerly_demo',
        },
      },
    })
    await client.POST('/auth/login', { body: { email: 'ada@acme.example', password: 'sandbox-admin-1' } })
    await client.POST('/auth/signup', {
      body: { email: 'new@example.com', password: 'long-enough', name: 'New' },
    })

    expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/oauth/token',
      '/v1/oauth/token',
      '/auth/login',
      '/auth/signup',
    ])
    for (const request of requests) expect(request.headers.has('Authorization')).toBe(false)
  })

  it('sends the bearer token on the operations that need one outside bills', async () => {
    const { fetch, requests } = fakeFetch(200, {})
    const client = createServiceClient({ baseUrl, fetch, accessToken: 'tok_1' })

    await client.GET('/auth/user/info')
    await client.POST('/oauth/authorize', {
      body: {
        token: {
          app_id: 'a',
          app_key: 'k',
          state: 's',
          redirect_uri: 'http://x/cb',
          permissions: 'bills:read',
        },
      },
    })

    expect(requests).toHaveLength(2)
    for (const request of requests) expect(request.headers.get('Authorization')).toBe('Bearer tok_1')
  })

  it('keeps a header the caller passes explicitly instead of the middleware one', async () => {
    const { fetch, requests } = fakeFetch(200, bill)
    const client = createServiceClient({ baseUrl, fetch, accessToken: 'tok_1', businessID: 'biz_acme' })

    await client.GET('/vendor/bill', {
      params: { query: { billID: 'bill_0001' }, header: { 'X-Service-Business-ID': 'biz_other' } },
      headers: { Authorization: 'Bearer tok_explicit', 'X-Identifier': 'OTHER' },
    })

    const request = onlyRequest(requests)
    expect(request.headers.get('Authorization')).toBe('Bearer tok_explicit')
    expect(request.headers.get('X-Identifier')).toBe('OTHER')
    expect(request.headers.get('X-Service-Business-ID')).toBe('biz_other')
  })

  it('sends the client-wide headers option and lets it win over the middleware', async () => {
    const { fetch, requests } = fakeFetch(200, bill)
    const client = createServiceClient({
      baseUrl,
      fetch,
      accessToken: 'tok_1',
      headers: { 'X-Request-ID': 'req_1', Authorization: 'tok_bare' },
    })

    await client.GET('/vendor/bill', { params: { query: { billID: 'bill_0001' } } })

    const request = onlyRequest(requests)
    expect(request.headers.get('X-Request-ID')).toBe('req_1')
    expect(request.headers.get('Authorization')).toBe('tok_bare')
  })

  it('reads a token function on every request and sends nothing when it gives undefined', async () => {
    const { fetch, requests } = fakeFetch(200, bill)
    let token: string | undefined = 'tok_1'
    const client = createServiceClient({ baseUrl, fetch, accessToken: () => token })

    await client.GET('/vendor/bill', { params: { query: { billID: 'bill_0001' } } })
    token = 'tok_2'
    await client.GET('/vendor/bill', { params: { query: { billID: 'bill_0001' } } })
    token = undefined
    await client.GET('/vendor/bill', { params: { query: { billID: 'bill_0001' } } })

    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer tok_1',
      'Bearer tok_2',
      null,
    ])
  })

  it('returns the typed body as data on success', async () => {
    const { fetch } = fakeFetch(200, bill)
    const client = createServiceClient({ baseUrl, fetch, accessToken: 'tok_1' })

    const { data, error, response } = await client.GET('/vendor/bill', {
      params: { query: { billID: 'bill_0001' } },
    })

    // Both ways round: openapi-fetch wraps the type (Readable<>), so it is equivalent rather than identical.
    expectTypeOf(data).toExtend<Bill | undefined>()
    expectTypeOf<Bill>().toExtend<NonNullable<typeof data>>()
    expect(response.status).toBe(200)
    expect(error).toBeUndefined()
    expect(data?.billID).toBe('bill_0001')
    expect(data?.status).toBe('draft')
  })

  it('returns the typed problem as error on a client error', async () => {
    const problem: Problem = {
      type: 'https://service-sandbox.dev/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'billID is required.',
    }
    const { fetch } = fakeFetch(400, problem)
    const client = createServiceClient({ baseUrl, fetch, accessToken: 'tok_1' })

    const { data, error } = await client.GET('/vendor/bill', { params: { query: { billID: '' } } })

    expectTypeOf(error).toExtend<Problem | undefined>()
    expectTypeOf<Problem>().toExtend<NonNullable<typeof error>>()
    expect(data).toBeUndefined()
    expect(error?.code).toBe('VALIDATION_FAILED')
  })

  it('looks up globalThis.fetch per call by default, so interception started later applies', async () => {
    const client = createServiceClient({ baseUrl, accessToken: 'tok_1' })
    const { fetch, requests } = fakeFetch(200, bill)
    vi.stubGlobal('fetch', fetch)

    const { data } = await client.GET('/vendor/bill', { params: { query: { billID: 'bill_0001' } } })

    expect(onlyRequest(requests).headers.get('X-Identifier')).toBe('SERVICE')
    expect(data?.billID).toBe('bill_0001')
  })
})
