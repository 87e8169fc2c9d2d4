/**
 * Validates a request against its operation in the spec: each query and header parameter (with the
 * string-to-number and repeated-parameter coercion that `style: form` implies) and the JSON body. Errors
 * name the parameter or the body field, so a 400 says exactly what is wrong.
 */
import { compileInSpec, describeAjvErrors, resolveRef } from '../contract/ajv.ts'
import type { OperationRef } from '../contract/spec.ts'
import type { FieldError } from '../core/errors.ts'
import type { SandboxRequest } from './types.ts'

interface Parameter {
  name: string
  in: 'query' | 'header' | 'path' | 'cookie'
  required?: boolean
  schema?: Record<string, unknown>
}

export interface ValidatedInput {
  query: Record<string, unknown>
  headers: Record<string, string | undefined>
  body: unknown
}

// Resolved once per operation (the spec is fixed), like the Ajv validators compiled for them.
const parameterCache = new Map<string, Parameter[]>()

function parametersOf(op: OperationRef): Parameter[] {
  let parameters = parameterCache.get(op.operationId)
  if (!parameters) {
    parameters = ((op.operation.parameters as unknown[] | undefined) ?? []).map((p) =>
      resolveRef<Parameter>(p),
    )
    parameterCache.set(op.operationId, parameters)
  }
  return parameters
}

function coerce(raw: string, schema: Record<string, unknown>): unknown {
  const type = schema.type
  if (type === 'number' || type === 'integer') {
    const n = Number(raw)
    return raw.trim() === '' || Number.isNaN(n) ? raw : n
  }
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw
  return raw
}

type BodySpec = { required: boolean; schema: unknown; mediaType: string } | undefined
const bodyCache = new Map<string, BodySpec>()

function bodySchemaOf(op: OperationRef): BodySpec {
  if (!bodyCache.has(op.operationId)) bodyCache.set(op.operationId, resolveBodySchema(op))
  return bodyCache.get(op.operationId)
}

function resolveBodySchema(op: OperationRef): BodySpec {
  const requestBody = op.operation.requestBody
  if (!requestBody) return undefined
  const resolved = resolveRef<{ required?: boolean; content: Record<string, { schema: unknown }> }>(
    requestBody,
  )
  const [mediaType, media] = Object.entries(resolved.content)[0] ?? []
  if (!mediaType || !media) return undefined
  return { required: resolved.required === true, schema: media.schema, mediaType }
}

function parseBody(request: SandboxRequest, mediaType: string, errors: FieldError[]): unknown {
  if (request.rawBody === '') return undefined
  if (mediaType === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(request.rawBody))
  }
  try {
    return JSON.parse(request.rawBody)
  } catch {
    errors.push({ in: 'body', name: 'body', message: 'is not valid JSON' })
    return undefined
  }
}

export function validateRequest(
  op: OperationRef,
  request: SandboxRequest,
): { input: ValidatedInput; errors: FieldError[] } {
  const errors: FieldError[] = []
  const query: Record<string, unknown> = {}
  const headers: Record<string, string | undefined> = {}
  for (const param of parametersOf(op)) {
    const schema = resolveRef<Record<string, unknown>>(param.schema ?? {})
    let value: unknown
    if (param.in === 'query') {
      const all = request.query.getAll(param.name)
      if (schema.type === 'array') {
        const items = resolveRef<Record<string, unknown>>(schema.items ?? {})
        value = all.length > 0 ? all.map((v) => coerce(v, items)) : undefined
      } else {
        if (all.length > 1) errors.push({ in: 'query', name: param.name, message: 'must be given once' })
        value = all[0] === undefined ? undefined : coerce(all[0], schema)
      }
      query[param.name] = value
    } else if (param.in === 'header') {
      value = request.headers[param.name.toLowerCase()]
      headers[param.name] = value as string | undefined
    } else {
      continue
    }
    if (value === undefined || value === '') {
      if (param.required) errors.push({ in: param.in, name: param.name, message: 'is required' })
      continue
    }
    const validate = compileInSpec(param.schema ?? {}, `param:${op.operationId}:${param.in}:${param.name}`)
    if (!validate(value)) {
      for (const e of describeAjvErrors(validate.errors, param.name)) errors.push({ in: param.in, ...e })
    }
  }

  let body: unknown
  const bodySpec = bodySchemaOf(op)
  if (bodySpec) {
    body = parseBody(request, bodySpec.mediaType, errors)
    if (body === undefined) {
      if (bodySpec.required && !errors.some((e) => e.in === 'body')) {
        errors.push({ in: 'body', name: 'body', message: 'is required' })
      }
    } else {
      const validate = compileInSpec(bodySpec.schema, `body:${op.operationId}`)
      if (!validate(body)) {
        for (const e of describeAjvErrors(validate.errors, ''))
          errors.push({ in: 'body', ...e, name: e.name || 'body' })
      }
    }
  }
  return { input: { query, headers, body }, errors }
}
