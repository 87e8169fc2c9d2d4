/**
 * Test harness: a sandbox with the default fixtures over real HTTP (127.0.0.1, a free port) or in-process
 * through msw's setupServer, plus sign-in helpers. Every fetch goes through checkedFetch.
 */
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { setupServer } from 'msw/node'
import type { Fixtures } from '../core/fixtures/load-fixtures.ts'
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox.ts'
import { createNodeServer } from '../server/node-server.ts'
import { checkedFetch } from './checked-fetch.ts'

export const defaultFixtures = JSON.parse(
  readFileSync(new URL('../../fixtures/default.json', import.meta.url), 'utf8'),
) as Fixtures

/** The demo users of fixtures/default.json by role. */
export const demoUsers = {
  admin: { email: 'ada@acme.example', password: 'sandbox-admin-1', userID: 'usr_ada' },
  clerk: { email: 'cole@acme.example', password: 'sandbox-clerk-1', userID: 'usr_cole' },
  approver: { email: 'april@acme.example', password: 'sandbox-approver-1', userID: 'usr_april' },
  viewer: { email: 'vic@acme.example', password: 'sandbox-viewer-1', userID: 'usr_vic' },
  otherBusinessAdmin: { email: 'gus@globex.example', password: 'sandbox-globex-1', userID: 'usr_gus' },
} as const

export interface RunningSandbox {
  sandbox: Sandbox
  baseUrl: string
  fetch: typeof fetch
  close(): Promise<void>
}

/** The sandbox over real HTTP on 127.0.0.1 and a free port. */
export async function startHttpSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = await createSandbox({ fixtures: defaultFixtures, ...options })
  const server = createNodeServer(sandbox.dispatch)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    sandbox,
    baseUrl: `http://127.0.0.1:${port}`,
    fetch: checkedFetch(),
    close: async () => {
      await sandbox.close()
      await new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}

/** The sandbox in-process: msw's setupServer intercepts fetch to `baseUrl`. */
export async function startMswSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const baseUrl = 'http://sandbox.test'
  const sandbox = await createSandbox({ fixtures: defaultFixtures, baseUrl, ...options })
  const server = setupServer(...sandbox.handlers)
  server.listen({ onUnhandledFrame: 'error' } as never)
  return {
    sandbox,
    baseUrl,
    fetch: checkedFetch(),
    close: async () => {
      await sandbox.close()
      server.close()
    },
  }
}

export async function signIn(
  running: RunningSandbox,
  user: { email: string; password: string },
): Promise<string> {
  const response = await running.fetch(`${running.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  if (response.status !== 200) throw new Error(`sign-in of ${user.email} failed with ${response.status}`)
  return ((await response.json()) as { access_token: string }).access_token
}

/** Headers of a bill operation for a token (and optionally a business). */
export function billHeaders(token: string, businessID?: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    'x-identifier': 'SERVICE',
    'content-type': 'application/json',
    ...(businessID ? { 'x-service-business-id': businessID } : {}),
  }
}

/** Both ways of running the sandbox, for `describe.each(sandboxModes)('... %s', (_mode, start) => ...)`. */
export const sandboxModes = [
  ['over real HTTP', startHttpSandbox],
  ['through msw setupServer', startMswSandbox],
] as const
