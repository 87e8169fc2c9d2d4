/**
 * Permission lists of the app-credential flow: the comma-separated `permissions` of the seed, checked
 * against the names documented in the spec (`x-permissions`) and the app's own allowed set. Anything
 * else is 400 `invalid_scope` (RFC 6749 §4.1.2.1, §5.2).
 */
import { spec } from '../../contract/spec.ts'
import { SandboxError } from '../errors.ts'
import type { Permission } from '../store/records.ts'

export const documentedPermissions = Object.keys(spec['x-permissions']) as Permission[]

function invalidScope(detail: string): SandboxError {
  return new SandboxError({ status: 400, code: 'invalid_scope', detail })
}

/** Sorted in the documented order, without duplicates, so equal sets compare and print alike. */
export function normalizePermissions(permissions: Iterable<Permission>): Permission[] {
  const wanted = new Set(permissions)
  return documentedPermissions.filter((p) => wanted.has(p))
}

export function parsePermissionList(list: string, allowed: readonly Permission[]): Permission[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (names.length === 0) throw invalidScope('Ask for at least one permission.')
  const unknown = names.filter((name) => !(documentedPermissions as string[]).includes(name))
  if (unknown.length > 0) {
    throw invalidScope(
      `Unknown permission ${unknown.join(', ')}; documented: ${documentedPermissions.join(', ')}.`,
    )
  }
  const notAllowed = names.filter((name) => !(allowed as string[]).includes(name))
  if (notAllowed.length > 0) {
    throw invalidScope(
      `This app may not ask for ${notAllowed.join(', ')}; it may ask for ${allowed.join(', ')}.`,
    )
  }
  return normalizePermissions(names as Permission[])
}
