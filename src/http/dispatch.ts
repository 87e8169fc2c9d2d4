/**
 * Routes a request to its operation by `METHOD path` (every path of this API is static, ids travel in the
 * query), then: faults, authentication as the spec's `security` says, validation, the handler, and the
 * error boundary. Both adapters (node:http and msw) call this.
 */
import { isSpecPath, listOperations, type OperationRef, operationAt } from '../contract/spec.ts'
import { principalOf } from '../core/auth/access.ts'
import { authenticateApp } from '../core/auth/app-credentials.ts'
import { bearerTokenOf } from '../core/auth/authenticate.ts'
import { verifyAccessToken } from '../core/auth/tokens.ts'
import { badRequest, SandboxError, validationError } from '../core/errors.ts'
import type { Simulator } from '../core/simulator.ts'
import { type ErrorFamily, errorResponse, familyOf } from './error-response.ts'
import type { Faults } from './faults.ts'
import { forcedResponse } from './forced-response.ts'
import { type RequestLog, redactQuery } from './request-log.ts'
import { validateRequest } from './request-validator.ts'
import type { Route, RouteContext } from './route.ts'
import { MAX_BODY_BYTES, type SandboxRequest, type SandboxResponse } from './types.ts'

export type Dispatch = (request: SandboxRequest) => Promise<SandboxResponse>

interface Entry<S> {
  op: OperationRef
  route: Route<S>
  security: 'bearer' | 'app' | 'none'
  family: ErrorFamily
}

function securityOf(op: OperationRef): Entry<unknown>['security'] {
  const security = (op.operation.security as Record<string, unknown>[] | undefined) ?? []
  if (security.some((s) => 'bearerAuth' in s)) return 'bearer'
  if (security.some((s) => 'appId' in s)) return 'app'
  return 'none'
}

export interface DispatchDeps<S> {
  sim: Simulator
  routes: Route<S>[]
  services: S
  log: RequestLog
  faults: Faults
  /** Logs unexpected errors (never request data); defaults to console.error. */
  onUnexpectedError?: (error: unknown, operationId: string) => void
}

export function createDispatch<S>(deps: DispatchDeps<S>): Dispatch {
  const byRoute = new Map(deps.routes.map((r) => [r.operationId as string, r]))
  const table = new Map<string, Entry<S>>()
  const operations = listOperations()
  const knownOperationIds = new Set(operations.map((op) => op.operationId))
  // Everything that depends only on the operation is worked out here, once, not per request.
  for (const op of operations) {
    const route = byRoute.get(op.operationId)
    if (route) {
      table.set(`${op.method.toUpperCase()} ${op.path}`, {
        op,
        route,
        security: securityOf(op),
        family: familyOf(op),
      })
    }
  }
  const onUnexpected =
    deps.onUnexpectedError ??
    ((error: unknown, operationId: string) => {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
      console.error(`[service-sandbox] ${operationId} failed unexpectedly: ${message}`)
    })

  async function run(entry: Entry<S>, request: SandboxRequest): Promise<SandboxResponse> {
    const { op, route, family } = entry
    try {
      if (request.rawBody.length > MAX_BODY_BYTES) {
        throw badRequest('BODY_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES} bytes.`)
      }
      if (!op.tags.includes('sandbox')) {
        const fault = deps.faults.take(op.operationId, request.headers.prefer)
        if (fault?.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs))
        if (fault?.status !== undefined) return forcedResponse(op, fault.status, family)
      }
      const context: RouteContext<S> = {
        sim: deps.sim,
        request,
        input: { query: {}, headers: {}, body: undefined },
        services: deps.services,
        knownOperationIds,
      }
      // Authentication before validation: an anonymous caller learns nothing about the request's shape.
      if (entry.security === 'bearer') {
        const token = bearerTokenOf(request.headers.authorization, request.query)
        context.principal = principalOf(
          deps.sim,
          await verifyAccessToken(deps.sim.keys, deps.sim.clock, deps.sim.issuer, token),
        )
      } else if (entry.security === 'app') {
        context.app = await authenticateApp(deps.sim, request.headers)
      }
      const { input, errors } = validateRequest(op, request)
      if (errors.length > 0) throw validationError(errors)
      context.input = input
      return await route.handle(context)
    } catch (error) {
      if (!(error instanceof SandboxError)) onUnexpected(error, op.operationId)
      return errorResponse(error, family)
    }
  }

  return async function dispatch(request) {
    const started = performance.now()
    const entry = table.get(`${request.method} ${request.path}`)
    const response = entry
      ? await run(entry, request)
      : errorResponse(
          new SandboxError(
            operationAt(request.method, request.path)
              ? {
                  status: 501,
                  code: 'NOT_IMPLEMENTED',
                  detail: `${request.method} ${request.path} has no simulator route yet.`,
                }
              : isSpecPath(request.path)
                ? {
                    status: 405,
                    code: 'METHOD_NOT_ALLOWED',
                    detail: `${request.method} is not allowed on ${request.path}.`,
                  }
                : {
                    status: 404,
                    code: 'NOT_FOUND',
                    detail: `No operation at ${request.method} ${request.path}.`,
                  },
          ),
          'problem',
        )
    if (!request.path.startsWith('/__sandbox/')) {
      const body = response.json as { code?: string; error?: string } | undefined
      const errorCode = response.status >= 400 ? (body?.code ?? body?.error) : undefined
      deps.log.record({
        at: deps.sim.clock.nowIso(),
        method: request.method,
        path: request.path,
        query: redactQuery(request.query),
        operationId: entry?.op.operationId ?? null,
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        ...(errorCode ? { errorCode } : {}),
      })
    }
    return response
  }
}
