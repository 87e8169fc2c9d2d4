/**
 * GET /vendor/bill latency with 100 and with 100,000 bills, measured side by side in one run, over real
 * HTTP (node:http adapter, keep-alive) and in-process (dispatch, as msw handlers call it); plus the list
 * endpoint's first page, which filters through the collection. Prints medians, p95 and the ratio.
 *
 *   npm run bench:bills            # defaults: 3000 sequential requests per case
 *   REQUESTS=500 npm run bench:bills
 */

import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { computeTotals } from '../src/core/bills/totals.ts'
import { createSandbox, type Sandbox } from '../src/sandbox.ts'
import { createNodeServer } from '../src/server/node-server.ts'
import { defaultFixtures } from '../src/testing/harness.ts'

const REQUESTS = Number(process.env.REQUESTS ?? 3000)
const SIZES = [100, 100_000]

async function sandboxWith(bills: number): Promise<{ sandbox: Sandbox; token: string; billID: string }> {
  const sandbox = await createSandbox({ fixtures: defaultFixtures })
  const now = sandbox.sim.clock.nowIso()
  const lineItems = [{ description: 'Bench line', quantity: 1, unitAmount: 1234 }]
  const extra = bills - sandbox.sim.db.bills.size
  for (let i = 0; i < extra; i++) {
    void sandbox.sim.db.bills.insert({
      billID: `bill_bench_${i}`,
      businessID: 'biz_acme',
      vendorID: 'ven_cloudco',
      status: 'draft',
      currency: 'USD',
      totals: computeTotals(lineItems),
      VendorBillPayload: { vendorID: 'ven_cloudco', lineItems },
      lastDecision: null,
      confirmedAt: null,
      payment: null,
      createdAt: now,
      updatedAt: now,
      createdBy: 'usr_ada',
    })
  }
  await sandbox.sim.db.bills.settled()
  const login = await sandbox.dispatch({
    method: 'POST',
    path: '/auth/login',
    query: new URLSearchParams(),
    headers: { 'content-type': 'application/json' },
    rawBody: JSON.stringify({ email: 'ada@acme.example', password: 'sandbox-admin-1' }),
    origin: 'http://bench',
  })
  // The bill looked up is the last one inserted: a scan would pay for every record before it.
  const billID = bills > 100 ? `bill_bench_${extra - 1}` : 'bill_0001'
  return { sandbox, token: (login.json as { access_token: string }).access_token, billID }
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { median: at(0.5), p95: at(0.95) }
}

async function timeInProcess(sandbox: Sandbox, token: string, path: string, query: string) {
  const samples: number[] = []
  const headers = { authorization: `Bearer ${token}`, 'x-identifier': 'SERVICE' }
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now()
    const response = await sandbox.dispatch({
      method: 'GET',
      path,
      query: new URLSearchParams(query),
      headers,
      rawBody: '',
      origin: 'http://bench',
    })
    samples.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  }
  return stats(samples)
}

async function timeHttp(port: number, token: string, pathAndQuery: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const samples: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now()
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: pathAndQuery,
          agent,
          headers: { authorization: `Bearer ${token}`, 'x-identifier': 'SERVICE' },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', reject)
      req.end()
    })
    samples.push(performance.now() - started)
    if (status !== 200) throw new Error(`${pathAndQuery} answered ${status}`)
  }
  agent.destroy()
  return stats(samples)
}

const fmt = (ms: number) => `${(ms * 1000).toFixed(0).padStart(6)} µs`

async function main() {
  console.log(
    `GET /vendor/bill, ${REQUESTS} sequential requests per case (Node ${process.version}, ${new Date().toISOString()})`,
  )
  const rows: {
    size: number
    inProcess: ReturnType<typeof stats>
    http: ReturnType<typeof stats>
    list: ReturnType<typeof stats>
    setupMs: number
  }[] = []
  for (const size of SIZES) {
    const setupStarted = performance.now()
    const { sandbox, token, billID } = await sandboxWith(size)
    const setupMs = performance.now() - setupStarted
    const server = createNodeServer(sandbox.dispatch)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    // Warm up the JIT and the validators before measuring.
    await timeInProcess(sandbox, token, '/vendor/bill', `billID=${billID}`)
    const inProcess = await timeInProcess(sandbox, token, '/vendor/bill', `billID=${billID}`)
    const http = await timeHttp(port, token, `/vendor/bill?billID=${billID}`)
    const list = await timeInProcess(sandbox, token, '/vendor/bill/list', 'size=20')
    server.close()
    rows.push({ size, inProcess, http, list, setupMs })
    console.log(
      `${String(size).padStart(7)} bills | in-process median ${fmt(inProcess.median)} p95 ${fmt(inProcess.p95)} | HTTP median ${fmt(http.median)} p95 ${fmt(http.p95)} | list page 1 median ${fmt(list.median)} | seeded in ${setupMs.toFixed(0)} ms`,
    )
  }
  const [small, large] = rows
  if (small && large) {
    console.log(
      `ratio 100k/100: GET in-process ${(large.inProcess.median / small.inProcess.median).toFixed(2)}x, ` +
        `GET over HTTP ${(large.http.median / small.http.median).toFixed(2)}x (target: within 2x), ` +
        `list page 1 ${(large.list.median / small.list.median).toFixed(2)}x (a scan: @msw/data queries are not indexed)`,
    )
  }
}

await main()
