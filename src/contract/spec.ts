/**
 * Typed access to the parts of the contract the runtime reads: operations, the lifecycle table, roles,
 * lifetimes, the webhook retry schedule. One place, so nothing else walks the raw document.
 */
import { spec } from '../generated/spec.ts'

export { spec }

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

export interface OperationRef {
  readonly operationId: string
  readonly method: HttpMethod
  readonly path: string
  readonly tags: readonly string[]
  /** The raw operation object of the spec. */
  readonly operation: Readonly<Record<string, unknown>>
}

const methods: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete']

/** Every operation under `paths`, in spec order; read once, since the spec is fixed at build time. */
const operations: readonly OperationRef[] = Object.entries(
  spec.paths as Record<string, Record<string, unknown>>,
).flatMap(([path, item]) =>
  methods.flatMap((method) => {
    const operation = item[method] as Record<string, unknown> | undefined
    if (!operation) return []
    const tags = (operation.tags as string[] | undefined) ?? []
    return [{ operationId: operation.operationId as string, method, path, tags, operation }]
  }),
)
const byOperationId = new Map(operations.map((op) => [op.operationId, op]))

export function listOperations(): readonly OperationRef[] {
  return operations
}

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`
const byRoute = new Map(operations.map((op) => [routeKey(op.method, op.path), op]))
const specPaths = new Set(operations.map((op) => op.path))

/** The operation at `METHOD path` (every path of this API is static: ids travel in the query). */
export function operationAt(method: string, path: string): OperationRef | undefined {
  return byRoute.get(routeKey(method, path))
}

/** Whether any operation of the spec has this path, whatever its method. */
export function isSpecPath(path: string): boolean {
  return specPaths.has(path)
}

export function findOperation(operationId: string): OperationRef {
  const found = byOperationId.get(operationId)
  if (!found) throw new Error(`No operation ${operationId} in the spec`)
  return found
}

export type Permission = (typeof spec)['components']['schemas']['Permission']['enum'][number]
export type Role = (typeof spec)['components']['schemas']['Role']['enum'][number]

export const rolePermissions = spec['x-roles'] as Readonly<Record<Role, readonly Permission[]>>
export const lifetimes = spec['x-lifetimes']

/** The permission an operation needs (`x-permission`), if any. */
export function operationPermission(operationId: string): Permission | undefined {
  return findOperation(operationId).operation['x-permission'] as Permission | undefined
}

const webhookDelivery = spec.webhooks.event.post

/** How webhooks are delivered: the `x-` extensions of the spec's `webhooks.event` operation. */
export const webhookPolicy = {
  /** Delays before attempts 2, 3, ...; the attempt after the last delay is the last one. */
  retryScheduleSeconds: webhookDelivery['x-retry-schedule-seconds'] as readonly number[],
  timeoutSeconds: webhookDelivery['x-timeout-seconds'] as number,
  jitterRatio: webhookDelivery['x-jitter-ratio'] as number,
} as const
