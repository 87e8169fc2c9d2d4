/**
 * createSandbox: the simulator with its routes, ready for any adapter. Tests use `handlers` with msw's
 * setupServer, the browser uses them with setupWorker, the CLI serves `dispatch` over node:http.
 *
 * @example
 *   import { setupServer } from 'msw/node'
 *   import { createSandbox } from 'service-sandbox'
 *   const sandbox = await createSandbox({ baseUrl: 'http://api.test' })
 *   const server = setupServer(...sandbox.handlers)
 *   server.listen()
 */
import type { HttpHandler } from 'msw'
import { type Clock, createClock } from './core/clock.ts'
import { createDeliveryEngine, type DeliveryEngine } from './core/events/delivery-engine.ts'
import type { SendWebhook } from './core/events/send-webhook.ts'
import { forwardServiceEvents } from './core/events/service-events.ts'
import { type Fixtures, loadFixtures } from './core/fixtures/load-fixtures.ts'
import { createSimulator, type Simulator } from './core/simulator.ts'
import { checkState, exportState, importState, type SandboxState } from './core/store/state.ts'
import { createDispatch, type Dispatch } from './http/dispatch.ts'
import { Faults } from './http/faults.ts'
import { createMswHandlers } from './http/msw-handlers.ts'
import { RequestLog } from './http/request-log.ts'
import type { Route } from './http/route.ts'
import { billRoutes } from './http/routes/bill-routes.ts'
import { type ControlServices, controlRoutes } from './http/routes/control-routes.ts'
import { type DeliveryControlServices, deliveryControlRoutes } from './http/routes/delivery-control-routes.ts'
import { type EventServices, eventRoutes } from './http/routes/event-routes.ts'
import { oauthAppRoutes } from './http/routes/oauth-app-routes.ts'
import { oauthRedirectRoutes } from './http/routes/oauth-redirect-routes.ts'
import { signInRoutes } from './http/routes/sign-in-routes.ts'

export interface SandboxOptions {
  /** Fixture data (see fixtures/default.json); none gives an empty sandbox. */
  fixtures?: Fixtures
  /** Where the fixtures came from, for error messages. */
  fixturesSource?: string
  /** The origin msw handlers answer on, e.g. http://api.test. Default: any origin. */
  baseUrl?: string
  issuer?: string
  clock?: Clock
  /** A saved state to start from instead of the fixtures (the CLI's --state). */
  state?: SandboxState
  /** Called after every change worth persisting (the CLI writes --state FILE). */
  onChange?: (state: SandboxState) => Promise<void> | void
  /** A webhook receiver that has not answered by then has timed out. Default: the spec's 10 s. */
  webhookTimeoutMs?: number
  /** How webhook deliveries are sent. Default: fetch, never following redirects. */
  sendWebhook?: SendWebhook
}

/** The webhook delivery engine, for tests that wait for deliveries deterministically. */
export type Deliveries = Pick<DeliveryEngine, 'runDue' | 'idle'>

export interface Sandbox {
  readonly sim: Simulator
  readonly dispatch: Dispatch
  readonly handlers: HttpHandler[]
  readonly log: RequestLog
  readonly faults: Faults
  reset(): Promise<void>
  exportState(): SandboxState
  importState(state: unknown): Promise<void>
  /** Moves the virtual clock; resolves once the webhook attempts that became due are over. */
  advanceClock(seconds: number): Promise<void>
  readonly deliveries: Deliveries
  /** Stops webhook deliveries: timers cancelled, attempts in flight aborted (they stay pending in the state). */
  close(): Promise<void>
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** OAuth paths that change state on GET or in an error answer (a reused code revokes its token). */
const OAUTH_STATEFUL = new Set(['/oauth/token', '/v1/oauth/authorize', '/v1/oauth/signin', '/v1/oauth/token'])

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sim = await createSimulator({
    clock: options.clock ?? createClock(),
    ...(options.issuer ? { issuer: options.issuer } : {}),
  })
  const log = new RequestLog()
  const faults = new Faults()

  async function reset(): Promise<void> {
    for (const table of Object.values(sim.db)) table.clear()
    if (options.fixtures) await loadFixtures(sim, options.fixtures, options.fixturesSource)
  }
  async function persist(): Promise<void> {
    if (!options.onChange) return
    for (const table of Object.values(sim.db)) await table.settled()
    await options.onChange(exportState(sim))
  }

  if (options.state) await importState(sim, options.state)
  else await reset()

  // Started after the state is loaded, so deliveries pending in a saved state are picked up at once.
  const deliveries = createDeliveryEngine(sim, {
    ...(options.sendWebhook ? { send: options.sendWebhook } : {}),
    ...(options.webhookTimeoutMs !== undefined ? { timeoutMs: options.webhookTimeoutMs } : {}),
    onChange: persist,
  })
  const stopForwarding = forwardServiceEvents(sim, {
    onPublished: () => deliveries.wake(),
    onError: (error) =>
      console.error(`[service-sandbox] bill event not published: ${(error as Error).message}`),
  })

  const services: ControlServices & EventServices & DeliveryControlServices = {
    log,
    faults,
    deliveries,
    async reset() {
      await deliveries.replacing(reset)
      await persist()
    },
    persist,
    async importState(state) {
      // An invalid state is refused (importState throws the 400 naming the problem) before anything stops.
      if (checkState(sim, state).length > 0) return importState(sim, state)
      await deliveries.replacing(() => importState(sim, state))
      await persist()
    },
    async advanceClock(seconds) {
      sim.clock.advance(seconds)
      await deliveries.runDue()
      await persist()
    },
  }
  const routes: Route<typeof services>[] = [
    ...billRoutes,
    ...signInRoutes,
    ...oauthAppRoutes,
    ...oauthRedirectRoutes,
    ...controlRoutes,
    ...eventRoutes,
    ...deliveryControlRoutes,
  ]
  const inner = createDispatch({ sim, routes, services, log, faults })
  const dispatch: Dispatch = async (request) => {
    const response = await inner(request)
    const changed =
      (MUTATING.has(request.method) && response.status < 400 && !request.path.startsWith('/__sandbox/')) ||
      OAUTH_STATEFUL.has(request.path)
    if (changed) await persist()
    return response
  }

  return {
    sim,
    dispatch,
    handlers: createMswHandlers(dispatch, options.baseUrl),
    log,
    faults,
    reset: services.reset,
    exportState: () => exportState(sim),
    importState: services.importState,
    advanceClock: services.advanceClock,
    deliveries,
    async close() {
      stopForwarding()
      await deliveries.close()
    },
  }
}
