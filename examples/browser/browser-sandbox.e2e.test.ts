/**
 * The browser mode end to end, in real Chromium: the example page is bundled with Vite, served from a
 * node:http server that knows nothing about the API, and every API call is answered by the simulator in
 * the tab through msw's Service Worker. The server's request log proves no API call reached the network.
 *
 * Needs Debian's Chromium (`apt-get install chromium`); nothing here can download a browser. A missing
 * browser fails the test: it never skips.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listOperations } from '../../src/contract/spec.ts'
import { buildExample } from './build-example.ts'
import { type StaticServer, serveExample, WORKER_PATH } from './static-server.ts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--no-sandbox', // the CI containers run as root, where Chromium's sandbox cannot start
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const WAIT_MS = 10_000
const SCREENSHOT = '/tmp/browser-sandbox.png'

const apiPaths = new Set(listOperations().map((op) => op.path))

interface ApiCall {
  method: string
  url: string
  status: number
  fromServiceWorker: boolean
}

/** Records the page's API calls and anything it complains about, for assertions after the fact. */
function watch(page: Page): { apiCalls: ApiCall[]; problems: string[] } {
  const apiCalls: ApiCall[] = []
  const problems: string[] = []
  page.on('response', (response) => {
    if (!apiPaths.has(new URL(response.url()).pathname)) return
    apiCalls.push({
      method: response.request().method(),
      url: response.url(),
      status: response.status(),
      fromServiceWorker: response.fromServiceWorker(),
    })
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console.${message.type()}: ${message.text()}`)
  })
  return { apiCalls, problems }
}

/** Waits until the page has started the sandbox, and fails with the page's own words when it could not. */
async function waitUntilReady(page: Page): Promise<void> {
  const status = page.locator('#status')
  await page.locator('#status:not([data-state="starting"])').waitFor({ timeout: WAIT_MS })
  expect(await status.getAttribute('data-state'), (await status.textContent()) ?? '').toBe('ready')
}

/** The cells of a bill row: billID, number, vendor, status, total. */
async function rowOf(page: Page, billID: string): Promise<string[]> {
  return page.locator(`#bills tr[data-bill-id="${billID}"] td`).allTextContents()
}

describe('the browser sandbox in real Chromium (msw setupWorker)', () => {
  let outDir: string | undefined
  let builtFiles: string[] = []
  let server: StaticServer | undefined
  let browser: Browser | undefined

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `No Chromium at ${CHROMIUM}. Install it with \`apt-get install chromium\` (Debian) or point ` +
          'CHROMIUM_PATH at a Chromium binary. This test does not skip without a browser.',
      )
    }
    outDir = await mkdtemp(join(tmpdir(), 'service-sandbox-browser-e2e-'))
    builtFiles = await buildExample(outDir)
    server = await serveExample(outDir)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 20_000 })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (outDir) await rm(outDir, { recursive: true, force: true })
  }, 20_000)

  it('creates a bill through the page form and lists it with the fixture bills, all answered in the tab', async () => {
    if (!browser || !server) throw new Error('beforeAll did not finish')
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } })
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(WAIT_MS)
      const { apiCalls, problems } = watch(page)

      await page.goto(`${server.url}/`, { timeout: WAIT_MS })
      await waitUntilReady(page)
      const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
      expect(controller).toBe(`${server.url}${WORKER_PATH}`)
      expect(await rowOf(page, 'bill_0001')).toEqual([
        'bill_0001',
        'INV-0001',
        'ven_acme_supply',
        'draft',
        '$646.00',
      ])
      const fixtureRows = await page.locator('#bills tr').count()
      expect(fixtureRows).toBeGreaterThan(1)

      // An error answer reaches the page as the spec's problem document.
      await page.getByLabel('Vendor ID').fill('ven_not_ours')
      await page.getByRole('button', { name: 'Create bill' }).click()
      await page.locator('#form-error:not(:empty)').waitFor({ timeout: WAIT_MS })
      expect(await page.locator('#form-error').textContent()).toMatch(
        /^400 VALIDATION_FAILED: .*ven_not_ours/,
      )

      await page.getByLabel('Vendor ID').fill('ven_acme_supply')
      await page.getByLabel('Bill number').fill('E2E-4242')
      await page.getByLabel('Line item').fill('Standing desk')
      await page.getByLabel('Quantity').fill('2')
      await page.getByLabel('Unit amount (cents)').fill('35000')
      await page.getByRole('button', { name: 'Create bill' }).click()
      const created = page.locator('#bills tr.created')
      await created.waitFor({ timeout: WAIT_MS })
      await page.screenshot({ path: SCREENSHOT, fullPage: true })

      const cells = await created.locator('td').allTextContents()
      expect(cells.slice(1)).toEqual(['E2E-4242', 'ven_acme_supply', 'draft', '$700.00'])
      expect(cells[0]).toMatch(/^bill_/)
      expect(await page.locator('#bills tr').count()).toBe(fixtureRows + 1)
      expect(await page.locator('#bill-count').textContent()).toBe(`(${fixtureRows + 1} in biz_acme)`)
      expect(await page.locator('#form-error').textContent()).toBe('')

      // The list on screen came from GET /vendor/bill/list after the POST, and the worker answered both.
      const calls = apiCalls.map((c) => `${c.method} ${new URL(c.url).pathname} ${c.status}`)
      expect(calls).toEqual([
        'POST /auth/login 200',
        'GET /vendor/bill/list 200',
        'POST /vendor/bill 400',
        'POST /vendor/bill 200',
        'GET /vendor/bill/list 200',
      ])
      expect(apiCalls.filter((c) => !c.fromServiceWorker)).toEqual([])

      // The server saw the page, its bundle and the worker script, and not one API call.
      const allowed = new Set(['/', WORKER_PATH, ...builtFiles.map((file) => `/${file}`)])
      expect(server.requestedPaths).toContain(WORKER_PATH)
      expect(
        server.requestedPaths.filter((path) => apiPaths.has(path) || path.startsWith('/vendor/')),
      ).toEqual([])
      expect(server.requestedPaths.filter((path) => !allowed.has(path))).toEqual([])
      // Chromium logs every 4xx answer, mocked or not; the deliberate 400 above is the only complaint.
      expect(problems).toEqual([
        'console.error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ])
    } finally {
      await context.close()
    }
  }, 40_000)

  it('answers fetches to a made-up cross-origin API base, with a fresh sandbox per page load', async () => {
    if (!browser || !server) throw new Error('beforeAll did not finish')
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(WAIT_MS)
      const { apiCalls, problems } = watch(page)

      await page.goto(`${server.url}/?api=http://api.sandbox.test`, { timeout: WAIT_MS })
      await waitUntilReady(page)
      expect(await rowOf(page, 'bill_0001')).toEqual([
        'bill_0001',
        'INV-0001',
        'ven_acme_supply',
        'draft',
        '$646.00',
      ])
      // State lives in the tab: the bill created by the other page is not here.
      expect(await page.locator('#bills tr.created').count()).toBe(0)
      expect(await page.getByText('E2E-4242').count()).toBe(0)

      expect(apiCalls.map((c) => `${c.method} ${c.url} ${c.status} ${c.fromServiceWorker}`)).toEqual([
        'POST http://api.sandbox.test/auth/login 200 true',
        'GET http://api.sandbox.test/vendor/bill/list?size=100 200 true',
      ])
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  }, 30_000)
})
