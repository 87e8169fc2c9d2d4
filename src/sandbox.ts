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
import { type Fixtures, loadFixtures } from './core/fixtures/load-fixtures.ts'
import { createSimulator, type Simulator } from './core/simulator.ts'
import { exportState, importState, type SandboxState } from './core/store/state.ts'
import { createDispatch, type Dispatch } from './http/dispatch.ts'
import { Faults } from './http/faults.ts'
import { createMswHandlers } from './http/msw-handlers.ts'
import { RequestLog } from './http/request-log.ts'
import type { Route } from './http/route.ts'
import { billRoutes } from './http/routes/bill-routes.ts'
import { type ControlServices, controlRoutes } from './http/routes/control-routes.ts'
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
}

export interface Sandbox {
  readonly sim: Simulator
  readonly dispatch: Dispatch
  readonly handlers: HttpHandler[]
  readonly log: RequestLog
  readonly faults: Faults
  reset(): Promise<void>
  exportState(): SandboxState
  importState(state: unknown): Promise<void>
  advanceClock(seconds: number): void
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

  const services: ControlServices = {
    log,
    faults,
    async reset() {
      await reset()
      await persist()
    },
    persist,
  }
  const routes: Route<ControlServices>[] = [
    ...billRoutes,
    ...signInRoutes,
    ...oauthAppRoutes,
    ...oauthRedirectRoutes,
    ...controlRoutes,
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
    async importState(state) {
      await importState(sim, state)
      await persist()
    },
    advanceClock: (seconds) => sim.clock.advance(seconds),
  }
}
