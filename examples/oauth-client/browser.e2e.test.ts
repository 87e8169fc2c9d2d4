/**
 * End to end in a real browser (Debian's chromium driven by playwright-core): the example client sends
 * the browser to the sandbox's hosted sign-in page, the user signs in (or signs up, or denies), and the
 * browser comes back to the client, whose /auth/me then shows who signed in. Every answer the sandbox
 * gives the browser is checked against the spec, as checkedFetch does for the other tests.
 *
 * Needs /usr/bin/chromium (`apt-get install chromium`); without it this test fails, it never skips.
 */
import { existsSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationFor, validateResponse } from '../../src/contract/response-validator.ts'
import { demoUsers } from '../../src/testing/harness.ts'
import { type ExampleSetup, startExample } from './test-setup.ts'

const CHROMIUM = '/usr/bin/chromium'

/** Spec mismatches in what the sandbox answers the browser (its own traffic bypasses checkedFetch). */
function watchContract(page: Page, sandboxOrigin: string): () => Promise<string[]> {
  const checks: Promise<string[]>[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    const op =
      url.origin === sandboxOrigin ? operationFor(response.request().method(), url.pathname) : undefined
    if (!op) return
    const status = response.status()
    const where = `${op.operationId} ${status}`
    const contentType = response.headers()['content-type'] ?? null
    // A redirect's body is not kept by the browser; the spec declares none for it anyway.
    const body = status >= 300 && status < 400 ? Promise.resolve(undefined) : response.text()
    checks.push(
      body.then(
        (text) => validateResponse(op, status, contentType, text).map((problem) => `${where}: ${problem}`),
        (error: Error) => [`${where}: body unreadable: ${error.message}`],
      ),
    )
  })
  return async () => (await Promise.all(checks)).flat()
}

// A browser on a shared two-core machine is slow to start pages; these tests assert outcomes, never times.
describe('signing in with the Service in a real browser', { timeout: 60_000 }, () => {
  const missing = `${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium) to run these tests`
  let browser: Browser | undefined
  let setup: ExampleSetup

  beforeAll(async () => {
    setup = await startExample()
    // Without chromium every test below fails and says why; none is skipped.
    if (!existsSync(CHROMIUM)) return
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await setup?.close()
  })

  /** A fresh browser profile (no cookies) with a page that reports contract problems. */
  async function freshPage(): Promise<{ page: Page; problems: () => Promise<string[]> }> {
    if (!browser) throw new Error(missing)
    const context = await browser.newContext()
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    return { page, problems: watchContract(page, setup.running.baseUrl) }
  }

  async function meOf(page: Page): Promise<{ status: number; body: unknown }> {
    const response = await page.goto(`${setup.client.url}/auth/me`)
    return { status: response?.status() ?? 0, body: JSON.parse((await response?.text()) ?? 'null') }
  }

  it('finds Debian chromium at /usr/bin/chromium', () => {
    expect(existsSync(CHROMIUM), missing).toBe(true)
  })

  it('goes example client -> hosted sign-in -> back, and /auth/me shows the user', async () => {
    const { page, problems } = await freshPage()
    await page.goto(`${setup.client.url}/`)
    await page.getByRole('link', { name: 'Sign in with the Service' }).click()
    await page.waitForURL((url) => url.pathname === '/v1/oauth/signin')
    expect(await page.getByRole('heading').textContent()).toBe('Sign in to Example Client')

    await page.getByLabel('Email').fill(demoUsers.admin.email)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Allow' }).click()
    expect(await page.getByRole('alert').textContent()).toBe('Wrong email or password.')

    await page.getByLabel('Password').fill(demoUsers.admin.password)
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL(`${setup.client.url}/`)
    expect(await page.getByRole('heading').textContent()).toBe('Signed in as Ada Admin')

    expect(await meOf(page)).toMatchObject({
      status: 200,
      body: { user: { userID: demoUsers.admin.userID, email: demoUsers.admin.email } },
    })
    expect(await problems()).toEqual([])
  })

  it('signs up a new user on the hosted sign-up page and signs them in to the client', async () => {
    const { page, problems } = await freshPage()
    await page.goto(`${setup.client.url}/`)
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.waitForURL((url) => url.pathname === '/v1/oauth/signin')
    expect(await page.getByRole('heading').textContent()).toBe('Create an account for Example Client')

    await page.getByLabel('Name').fill('Bea Browser')
    await page.getByLabel('Email').fill('bea@browser.example')
    await page.getByLabel('Password').fill('bea-password-1')
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL(`${setup.client.url}/`)
    expect(await page.getByRole('heading').textContent()).toBe('Signed in as Bea Browser')

    expect(await meOf(page)).toMatchObject({
      status: 200,
      body: { user: { email: 'bea@browser.example', name: 'Bea Browser' }, memberships: [{ role: 'admin' }] },
    })
    expect(await problems()).toEqual([])
  })

  it('comes back without a session when the user denies', async () => {
    const { page, problems } = await freshPage()
    await page.goto(`${setup.client.url}/auth/login`)
    await page.waitForURL((url) => url.pathname === '/v1/oauth/signin')
    await page.getByRole('button', { name: 'Deny' }).click()
    await page.waitForURL(`${setup.client.url}/?error=access_denied`)
    expect(await page.getByRole('alert').textContent()).toBe('You declined to sign in with the Service.')

    expect(await meOf(page)).toEqual({ status: 401, body: { error: 'not_signed_in' } })
    expect(await problems()).toEqual([])
  })
})
