/**
 * Webhooks in a setupServer test: the sandbox and the receiver are both msw handlers, in-process, with no
 * port opened. Deliveries go through `fetch`, which msw intercepts, so the receiver handler gets the
 * signed request and verifies it with the `standardwebhooks` package. This is the README's example.
 */
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, type Sandbox } from '../../sandbox.ts'
import { checkedFetch } from '../../testing/checked-fetch.ts'
import { demoApps } from '../../testing/event-calls.ts'
import { defaultFixtures } from '../../testing/harness.ts'

const api = 'http://sandbox.test'
// A secret of our choosing, so the receiver can verify without asking the sandbox.
const secret = `whsec_${btoa('a receiver secret of 32 bytes!!!')}`
const appHeaders = {
  'content-type': 'application/json',
  'x-service-app-id': demoApps.ledgerly.appID,
  'x-service-key-id': demoApps.ledgerly.keyID,
  'x-service-key-secret': demoApps.ledgerly.keySecret,
}

const received: unknown[] = []
let answers: number[] = []
const elsewhere: Request[] = []
let sandbox: Sandbox
const fetch = checkedFetch()

const server = setupServer(
  http.post('http://receiver.test/hook', async ({ request }) => {
    const body = await request.text()
    received.push(new Webhook(secret).verify(body, Object.fromEntries(request.headers)))
    const status = answers.shift() ?? 204
    if (status === 302) return HttpResponse.redirect('http://receiver.test/elsewhere', 302)
    return new HttpResponse(null, { status })
  }),
  http.all('http://receiver.test/elsewhere', ({ request }) => {
    elsewhere.push(request)
    return new HttpResponse(null, { status: 204 })
  }),
)

beforeAll(async () => {
  sandbox = await createSandbox({ fixtures: defaultFixtures, baseUrl: api })
  server.use(...sandbox.handlers)
  server.listen({ onUnhandledFrame: 'error' } as never)
  await fetch(`${api}/event/register?name=invoice.synced`, { method: 'POST', headers: appHeaders })
  await fetch(`${api}/event/subscribe`, {
    method: 'POST',
    headers: appHeaders,
    body: JSON.stringify({ subs: { code: 'invoice.synced', url: 'http://receiver.test/hook', secret } }),
  })
})
afterEach(() => {
  received.length = 0
  elsewhere.length = 0
  answers = []
})
afterAll(async () => {
  await sandbox.close()
  server.close()
})

async function publish(payload: Record<string, unknown>) {
  const response = await fetch(`${api}/event/publish`, {
    method: 'POST',
    headers: appHeaders,
    body: JSON.stringify({ data: { code: 'invoice.synced', payload } }),
  })
  expect(response.status).toBe(200)
  await sandbox.deliveries.idle()
}

describe('a receiver that is an msw handler', () => {
  it('gets the signed delivery of a publish', async () => {
    await publish({ invoiceID: 'INV-2041' })
    expect(received).toMatchObject([
      { type: 'invoice.synced', data: { publishedBy: 'app_ledgerly', payload: { invoiceID: 'INV-2041' } } },
    ])
  })

  it('gets the retry after a 500 once the virtual clock is advanced', async () => {
    answers = [500]
    await publish({ invoiceID: 'INV-2042' })
    expect(received).toHaveLength(1)
    await sandbox.advanceClock(6)
    expect(received).toHaveLength(2)
  })

  it('has its redirect answered as a failure, never followed', async () => {
    answers = [302]
    await publish({ invoiceID: 'INV-2043' })
    expect(received).toHaveLength(1)
    expect(elsewhere).toHaveLength(0)
    const deliveries = await (await fetch(`${api}/__sandbox/deliveries?status=pending`)).json()
    expect(deliveries).toMatchObject([{ attempts: [{ outcome: 'redirect', responseStatus: 302 }] }])
  })
})
