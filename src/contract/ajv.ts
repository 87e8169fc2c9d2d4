/**
 * One Ajv instance that knows the whole spec, so `#/components/...` refs resolve the same way for
 * request validation, response checks in tests and internal record schemas.
 */

import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { resolveRefIn } from './json-pointer.ts'
import { spec } from './spec.ts'

export const SPEC_ID = 'https://service-sandbox.dev/openapi.json'

// ajv-formats is CommonJS: under Node's ESM interop the default import is `module.exports` (the plugin,
// which also carries itself as `.default`); TypeScript types it as the namespace, hence the cast.
type FormatsPlugin = (ajv: Ajv2020) => Ajv2020
const formatsModule = addFormatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin }
const addFormats: FormatsPlugin = formatsModule.default ?? formatsModule

let instance: Ajv2020 | undefined

export function specAjv(): Ajv2020 {
  if (instance) return instance
  // strict: false because OpenAPI adds keywords (example, discriminator, x-*) that are not JSON Schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: false, useDefaults: false })
  addFormats(ajv)
  ajv.addSchema(spec as object, SPEC_ID)
  instance = ajv
  return ajv
}

const cache = new Map<string, ValidateFunction>()

/** A validator for a schema object that may contain `#/components/...` refs into the spec. */
export function compileInSpec(schema: unknown, cacheKey?: string): ValidateFunction {
  if (cacheKey) {
    const hit = cache.get(cacheKey)
    if (hit) return hit
  }
  const validate = specAjv().compile(rebaseRefs(schema) as object)
  if (cacheKey) cache.set(cacheKey, validate)
  return validate
}

/** Validator for `#/components/schemas/<name>`. */
export function schemaValidator(name: string): ValidateFunction {
  return compileInSpec({ $ref: `#/components/schemas/${name}` }, `schema:${name}`)
}

/** Local refs inside a schema taken out of the document must point back into the document. */
function rebaseRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebaseRefs)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      out[key] =
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#')
          ? SPEC_ID + inner
          : rebaseRefs(inner)
    }
    return out
  }
  return value
}

/** Resolves a `$ref` object against the spec (through any chain of refs); other values come back as they are. */
export function resolveRef<T = Record<string, unknown>>(value: unknown): T {
  return (resolveRefIn(spec, value) ?? value) as T
}

/** Ajv errors as `{name, message}` with a dotted path under `prefix`. */
export function describeAjvErrors(
  errors: ErrorObject[] | null | undefined,
  prefix: string,
): { name: string; message: string }[] {
  if (!errors) return []
  const seen = new Set<string>()
  const out: { name: string; message: string }[] = []
  for (const error of errors) {
    // anyOf/oneOf wrappers repeat what their branches said; keep the concrete messages.
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue
    const parts = error.instancePath
      .split('/')
      .filter(Boolean)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    if (error.keyword === 'required') parts.push(String(error.params.missingProperty))
    if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty))
    const name = [prefix, ...parts].filter(Boolean).join('.')
    const message =
      error.keyword === 'required'
        ? 'is required'
        : error.keyword === 'additionalProperties'
          ? 'is not allowed'
          : (error.message ?? 'is invalid')
    const key = `${name}|${message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ name: name || prefix, message })
  }
  return out
}
