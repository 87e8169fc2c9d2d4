/**
 * JSON Pointer (RFC 6901) look-ups and local `$ref` resolution over a parsed OpenAPI document. One small
 * walker for the runtime and the contract tests alike, so they cannot disagree on what a ref points to.
 */
export type JsonObject = Record<string, unknown>

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The value at a pointer (`/a/b` or `#/a/b`), or undefined when the path does not exist. */
export function valueAt(document: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~')) // RFC 6901 §4: ~1 first, then ~0
    .reduce<unknown>(
      (parent, key) =>
        isJsonObject(parent) || Array.isArray(parent) ? (parent as JsonObject)[key] : undefined,
      document,
    )
}

/**
 * Follows local `$ref`s (`#/...`) until a node without one. Undefined for a dangling or external ref, or
 * after 20 hops (a cycle).
 */
export function resolveRefIn(document: unknown, value: unknown): JsonObject | undefined {
  let node = value
  for (let hops = 0; isJsonObject(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > 20 || !node.$ref.startsWith('#/')) return undefined
    node = valueAt(document, node.$ref)
  }
  return isJsonObject(node) ? node : undefined
}
