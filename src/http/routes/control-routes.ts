/** The sandbox control API under /__sandbox (tag `sandbox`; not part of the Service's contract). */
import { validationError } from '../../core/errors.ts'
import { exportState } from '../../core/store/state.ts'
import type { FaultRule, Faults } from '../faults.ts'
import { noContent, reply } from '../reply.ts'
import type { RequestLog } from '../request-log.ts'
import type { Route } from '../route.ts'

export interface ControlServices {
  log: RequestLog
  faults: Faults
  /** Back to the loaded fixtures. */
  reset(): Promise<void>
  /** Persist now (when the sandbox runs with --state). */
  persist(): Promise<void>
  /** Replace the state (validated first), with webhook deliveries paused around it, then persist. */
  importState(state: unknown): Promise<void>
  /** Move the clock, run the webhook attempts now due and wait for them, then persist. */
  advanceClock(seconds: number): Promise<void>
}

function summary(context: Parameters<Route['handle']>[0]) {
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(context.sim.db)) counts[name] = table.size
  return { counts, clock: context.sim.clock.nowIso() }
}

export const controlRoutes: Route<ControlServices>[] = [
  {
    operationId: 'sandboxReset',
    async handle(context) {
      await context.services.reset()
      return reply('sandboxReset', 200, summary(context))
    },
  },
  {
    operationId: 'sandboxExportState',
    handle: (context) => reply('sandboxExportState', 200, exportState(context.sim) as never),
  },
  {
    operationId: 'sandboxImportState',
    async handle(context) {
      await context.services.importState(context.input.body)
      return reply('sandboxImportState', 200, summary(context))
    },
  },
  {
    operationId: 'sandboxRequestLog',
    handle: (context) =>
      reply(
        'sandboxRequestLog',
        200,
        context.services.log.latest((context.input.query.limit as number | undefined) ?? 100),
      ),
  },
  {
    operationId: 'sandboxClearRequestLog',
    handle(context) {
      context.services.log.clear()
      return noContent()
    },
  },
  {
    operationId: 'sandboxGetClock',
    handle: (context) =>
      reply('sandboxGetClock', 200, {
        now: context.sim.clock.nowIso(),
        offsetSeconds: context.sim.clock.offsetSeconds(),
      }),
  },
  {
    operationId: 'sandboxAdvanceClock',
    async handle(context) {
      const { seconds } = context.input.body as { seconds: number }
      await context.services.advanceClock(seconds)
      return reply('sandboxAdvanceClock', 200, {
        now: context.sim.clock.nowIso(),
        offsetSeconds: context.sim.clock.offsetSeconds(),
      })
    },
  },
  {
    operationId: 'sandboxGetFaults',
    handle: (context) => reply('sandboxGetFaults', 200, context.services.faults.rules),
  },
  {
    operationId: 'sandboxSetFaults',
    handle(context) {
      const rules = context.input.body as Record<string, FaultRule>
      const unknown = Object.keys(rules).filter((op) => !context.knownOperationIds.has(op))
      if (unknown.length > 0) {
        throw validationError(
          unknown.map((name) => ({ in: 'body', name, message: 'is not an operationId of the spec' })),
        )
      }
      context.services.faults.replace(rules)
      return reply('sandboxSetFaults', 200, context.services.faults.rules)
    },
  },
  {
    operationId: 'sandboxClearFaults',
    handle(context) {
      context.services.faults.clear()
      return noContent()
    },
  },
  {
    operationId: 'sandboxOutbox',
    handle: (context) => reply('sandboxOutbox', 200, context.sim.db.notifications.all()),
  },
]
