/**
 * The browser entry: the whole simulator runs inside the page and answers the page's fetches through
 * msw's Service Worker (setupWorker), with the same handlers that setupServer and the HTTP server use.
 *
 * The worker script is msw's own `mockServiceWorker.js`. Serve it from the msw package the bundle was
 * built with (node_modules/msw/lib/mockServiceWorker.js, or `npx msw init <public dir>`): msw checks
 * at start that script and library come from the same version.
 *
 * Not served here: the redirect OAuth flow (app -> hosted sign-in page -> 302 back to the app) is a chain
 * of top-level navigations across origins. A Service Worker only sees requests of pages in its own scope,
 * so the hosted sign-in page of another origin and the redirect back cannot be answered from here; that
 * flow needs the HTTP server (`npm start`). Everything the page itself fetches (sign-in, bills, the app
 * OAuth endpoints, the control API under /__sandbox) works.
 *
 * @example
 *   import { startBrowserSandbox } from 'service-sandbox/browser'
 *   const { sandbox, stop } = await startBrowserSandbox({ baseUrl: 'http://api.sandbox.test' })
 *   await fetch('http://api.sandbox.test/auth/login', { method: 'POST', body: ... })
 */
import { type SetupWorker, type StartOptions, setupWorker } from 'msw/browser'
import { DEFAULT_FIXTURES_SOURCE, defaultFixtures } from './default-fixtures.ts'
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.ts'

export interface BrowserSandboxOptions extends SandboxOptions {
  /**
   * The origin the sandbox answers on. Default: the page's own origin. Another origin (even a made-up
   * one such as http://api.sandbox.test) works too: the worker sees cross-origin fetches of its pages.
   */
  baseUrl?: string
  /** Where msw's worker script is served. Default `/mockServiceWorker.js`. */
  workerUrl?: string
  /** Log each intercepted request in the console (msw's default). Default false: the sandbox keeps its own log. */
  logRequests?: boolean
  /** Further msw start options; they win over the ones derived above. */
  start?: StartOptions
}

export interface BrowserSandbox {
  readonly sandbox: Sandbox
  readonly worker: SetupWorker
  /** Stops interception for this page; the sandbox keeps its state until the page goes away. */
  stop(): Promise<void>
}

export async function startBrowserSandbox(options: BrowserSandboxOptions = {}): Promise<BrowserSandbox> {
  const { workerUrl = '/mockServiceWorker.js', logRequests = false, start, ...sandboxOptions } = options
  const seeded: SandboxOptions =
    sandboxOptions.fixtures === undefined
      ? { fixtures: defaultFixtures, fixturesSource: DEFAULT_FIXTURES_SOURCE }
      : {}
  const sandbox = await createSandbox({
    ...seeded,
    ...sandboxOptions,
    baseUrl: sandboxOptions.baseUrl ?? globalThis.location.origin,
  })
  const worker = setupWorker(...sandbox.handlers)
  await worker.start({
    serviceWorker: { url: workerUrl },
    // Requests outside the sandbox (the page's own assets, other hosts) go to the network untouched.
    onUnhandledFrame: 'bypass',
    quiet: !logRequests,
    ...start,
  })
  return {
    sandbox,
    worker,
    async stop() {
      await worker.stop()
    },
  }
}
