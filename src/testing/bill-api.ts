/**
 * Small helpers that drive bill operations in tests, through the checked fetch of a running sandbox.
 * They read as the API is used: create, submit, approve, pay.
 */
import type { components } from '../generated/openapi.ts'
import { billHeaders, type RunningSandbox } from './harness.ts'

export type Bill = components['schemas']['Bill']
export type VendorBillPayload = components['schemas']['VendorBillPayload']

export interface Call {
  status: number
  body: unknown
  headers: Headers
}

export function samplePayload(overrides: Partial<VendorBillPayload> = {}): VendorBillPayload {
  return {
    vendorID: 'ven_cloudco',
    billNumber: 'INV-TEST',
    currency: 'USD',
    lineItems: [{ description: 'Hosting, November', quantity: 1, unitAmount: 10000 }],
    ...overrides,
  }
}

export function billApi(running: RunningSandbox, token: string, businessID?: string) {
  async function call(
    method: string,
    path: string,
    options: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Call> {
    const url = new URL(path, running.baseUrl)
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.append(k, v)
    const response = await running.fetch(url, {
      method,
      headers: { ...billHeaders(token, businessID), ...options.headers },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
  }
  const api = {
    call,
    get: (billID: string) => call('GET', '/vendor/bill', { query: { billID } }),
    create: (payload: VendorBillPayload = samplePayload()) =>
      call('POST', '/vendor/bill', { body: { VendorBillPayload: payload } }),
    update: (billID: string, payload: VendorBillPayload) =>
      call('PUT', '/vendor/bill', { query: { billID }, body: { VendorBillPayload: payload } }),
    list: (query: Record<string, string | string[]> = {}) => {
      const url = new URL('/vendor/bill/list', running.baseUrl)
      for (const [k, v] of Object.entries(query))
        for (const one of [v].flat()) url.searchParams.append(k, one)
      return call('GET', `${url.pathname}${url.search}`)
    },
    review: (billID: string, action: string, body?: unknown) =>
      call('POST', '/vendor/bill/review', { query: { billID, action }, body }),
    confirm: (billID: string) => call('POST', '/vendor/bill/confirm', { query: { billID } }),
    payExternally: (billID: string, body: unknown = {}) =>
      call('POST', '/vendor/bill/paid/external', { query: { billID }, body }),
    mapPayout: (billID: string, payoutID: string) =>
      call('POST', '/vendor/bill/payout', { query: { billID, payoutID } }),
    /** A new bill driven to `status` through the API (needs a token that may write, review and pay). */
    async billIn(status: Bill['status'], payload: VendorBillPayload = samplePayload()): Promise<Bill> {
      const created = (await api.create({ ...payload, submit: status !== 'draft' })).body as Bill
      if (status === 'draft' || status === 'review') return created
      await api.review(created.billID, 'APPROVE')
      if (status === 'approved') return (await api.get(created.billID)).body as Bill
      return (await api.payExternally(created.billID, {})).body as Bill
    },
  }
  return api
}
