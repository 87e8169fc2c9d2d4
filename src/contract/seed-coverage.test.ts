import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { resolveRefIn } from './json-pointer.ts'
import { type SeedOperation, type SeedParameter, seedOperations } from './seed-operations.ts'

type Node = Record<string, unknown>

const specUrl = new URL('../../spec/openapi.yaml', import.meta.url)
const spec: unknown = parse(await readFile(specUrl, 'utf8'), { merge: true, maxAliasCount: 1000 })

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

const resolve = resolveRefIn

function child(node: Node | undefined, key: string): Node | undefined {
  const value = node?.[key]
  return isNode(value) ? value : undefined
}

function schemaTypes(schema: Node | undefined): string[] {
  const type = schema?.type
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string')
  // A `const` with no `type` still fixes the type.
  if (schema !== undefined && 'const' in schema) return [typeof schema.const]
  return []
}

function typeProblem(document: unknown, parameter: Node, expected: SeedParameter): string | undefined {
  const schema = resolve(document, parameter.schema)
  const types = schemaTypes(schema)
  const ok =
    expected.type === 'number'
      ? types.includes('number') || types.includes('integer')
      : expected.type === 'array'
        ? types.includes('array') && schemaTypes(resolve(document, schema?.items)).includes('string')
        : types.includes('string')
  return ok ? undefined : `has type ${JSON.stringify(types)}, the seed says ${expected.type}`
}

/** The security requirements in force for an operation: its own, else the document's. */
function securityOf(document: unknown, operation: Node): Node[] {
  const requirements = operation.security ?? (isNode(document) ? document.security : undefined) ?? []
  return asArray(requirements).filter(isNode)
}

function schemeOf(document: unknown, name: string): Node | undefined {
  return child(child(child(isNode(document) ? document : undefined, 'components'), 'securitySchemes'), name)
}

/** True when every alternative requirement includes a scheme that `matches`. */
function everyAlternativeHas(
  document: unknown,
  operation: Node,
  matches: (scheme: Node) => boolean,
): boolean {
  const requirements = securityOf(document, operation)
  return (
    requirements.length > 0 &&
    requirements.every((requirement) =>
      Object.keys(requirement).some((name) => {
        const scheme = schemeOf(document, name)
        return scheme !== undefined && matches(scheme)
      }),
    )
  )
}

const isBearer = (scheme: Node): boolean =>
  scheme.type === 'http' && typeof scheme.scheme === 'string' && scheme.scheme.toLowerCase() === 'bearer'

const isApiKeyHeader =
  (header: string) =>
  (scheme: Node): boolean =>
    scheme.type === 'apiKey' &&
    scheme.in === 'header' &&
    typeof scheme.name === 'string' &&
    scheme.name.toLowerCase() === header.toLowerCase()

/**
 * Compares one seed operation with the spec and returns every difference, as sentences naming the
 * operation; an empty list means the spec declares the operation as the seed describes it.
 */
function checkSeedOperation(document: unknown, seed: SeedOperation): string[] {
  const label = `${seed.method.toUpperCase()} ${seed.path}`
  const pathItem = resolve(
    document,
    child(child(isNode(document) ? document : undefined, 'paths'), seed.path),
  )
  if (pathItem === undefined) return [`${label}: the path is missing`]
  const operation = child(pathItem, seed.method)
  if (operation === undefined) return [`${label}: the operation is missing`]
  const problems: string[] = []
  const report = (problem: string): void => {
    problems.push(`${label}: ${problem}`)
  }

  // Operation-level parameters override path-level ones with the same name and location.
  const parameters = new Map<string, Node>()
  for (const raw of [...asArray(pathItem.parameters), ...asArray(operation.parameters)]) {
    const parameter = resolve(document, raw)
    if (parameter === undefined || typeof parameter.name !== 'string' || typeof parameter.in !== 'string')
      continue
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name
    parameters.set(`${parameter.in} ${name}`, parameter)
  }
  const findParameter = (location: 'query' | 'header', name: string): Node | undefined =>
    parameters.get(`${location} ${location === 'header' ? name.toLowerCase() : name}`)

  for (const expected of seed.requiredQuery) {
    const parameter = findParameter('query', expected.name)
    if (parameter === undefined) {
      report(`query parameter ${expected.name} is missing`)
      continue
    }
    if (parameter.required !== true) report(`query parameter ${expected.name} is not required`)
    const problem = typeProblem(document, parameter, expected)
    if (problem !== undefined) report(`query parameter ${expected.name} ${problem}`)
  }
  for (const expected of seed.optionalQuery) {
    const parameter = findParameter('query', expected.name)
    if (parameter === undefined) {
      report(`query parameter ${expected.name} is missing`)
      continue
    }
    if (parameter.required === true)
      report(`query parameter ${expected.name} is required, the seed says optional`)
    const problem = typeProblem(document, parameter, expected)
    if (problem !== undefined) report(`query parameter ${expected.name} ${problem}`)
  }

  for (const header of seed.requiredHeaders) {
    if (header.toLowerCase() === 'authorization') {
      if (!everyAlternativeHas(document, operation, isBearer))
        report('Authorization is not a required bearer scheme')
      continue
    }
    const parameter = findParameter('header', header)
    const viaParameter = parameter?.required === true
    const viaScheme = everyAlternativeHas(document, operation, isApiKeyHeader(header))
    if (!viaParameter && !viaScheme)
      report(`header ${header} is not required (neither a parameter nor a scheme)`)
  }
  for (const header of seed.optionalHeaders) {
    const parameter = findParameter('header', header)
    if (parameter === undefined) report(`header ${header} is not declared`)
    else if (parameter.required === true) report(`header ${header} is required, the seed says optional`)
  }

  // The spec must not be stricter than the seed: a required parameter the seed does not list would
  // turn a seed-conforming request into a 400.
  const seedRequired = new Set([
    ...seed.requiredQuery.map((parameter) => `query ${parameter.name}`),
    ...seed.requiredHeaders.map((header) => `header ${header.toLowerCase()}`),
  ])
  for (const [key, parameter] of parameters) {
    if (parameter.required === true && !seedRequired.has(key))
      report(`${key} is required, the seed does not say so`)
  }

  if (seed.anonymous === true) {
    const requirements = securityOf(document, operation)
    const open =
      requirements.length === 0 || requirements.some((requirement) => Object.keys(requirement).length === 0)
    if (!open) report('requires authentication, the seed says none')
  }

  const body = resolve(document, operation.requestBody)
  const json = resolve(document, child(child(body, 'content'), 'application/json')?.schema)
  if (seed.body === 'none' && body !== undefined) report('has a request body, the seed says none')
  if (seed.body === 'required' && body?.required !== true) report('the request body is not required')
  if (seed.body === 'optional' && (body === undefined || body.required === true)) {
    report('the request body is not optional')
  }
  if ((seed.body === 'required' || seed.body === 'optional') && json === undefined) {
    report('the request body has no application/json schema')
  }
  const requiredInBody = asArray(json?.required)
  for (const property of seed.requiredBodyProperties) {
    if (!requiredInBody.includes(property)) report(`body property ${property} is not required`)
    if (child(child(json, 'properties'), property) === undefined)
      report(`body property ${property} is not declared`)
  }
  if (seed.body !== undefined) {
    for (const property of requiredInBody) {
      if (typeof property === 'string' && !seed.requiredBodyProperties.includes(property)) {
        report(`body property ${property} is required, the seed does not say so`)
      }
    }
  }

  const responses = child(operation, 'responses')
  if (seed.success !== undefined) {
    const schema = resolve(
      document,
      child(child(resolve(document, responses?.['200']), 'content'), 'application/json')?.schema,
    )
    if (schema === undefined) report('the 200 response has no application/json schema')
    else {
      if (!schemaTypes(schema).includes(seed.success.type)) {
        report(`the 200 response is not a JSON ${seed.success.type}`)
      }
      for (const property of seed.success.required) {
        if (!asArray(schema.required).includes(property))
          report(`the 200 response does not require ${property}`)
      }
    }
  }
  for (const status of seed.statuses) {
    if (responses?.[String(status)] === undefined) report(`response ${status} is missing`)
  }
  return problems
}

function checkSeedCoverage(document: unknown, operations: readonly SeedOperation[]): string[] {
  return operations.flatMap((operation) => checkSeedOperation(document, operation))
}

describe('seed coverage', () => {
  it('transcribes the 20 operations of the seed, each once', () => {
    const keys = seedOperations.map((operation) => `${operation.method} ${operation.path}`)
    expect(keys).toHaveLength(20)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it.each(seedOperations)('declares $name ($method $path) as the seed describes it', (operation) => {
    expect(checkSeedOperation(spec, operation)).toEqual([])
  })

  it('reports a missing operation, a missing status and a parameter made optional', () => {
    const broken = structuredClone(spec) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters: unknown[] }>>
    }
    delete broken.paths['/event/register']?.post
    delete broken.paths['/vendor/bill']?.get?.responses['404']
    const payoutID = broken.paths['/vendor/bill/payout']?.post?.parameters.find(
      (parameter) => isNode(parameter) && parameter.name === 'payoutID',
    )
    if (!isNode(payoutID)) throw new Error('the spec no longer declares payoutID inline')
    payoutID.required = false

    expect(checkSeedCoverage(broken, seedOperations)).toEqual([
      'GET /vendor/bill: response 404 is missing',
      'POST /vendor/bill/payout: query parameter payoutID is not required',
      'POST /event/register: the operation is missing',
    ])
    expect(checkSeedCoverage(spec, seedOperations)).toEqual([])
  })

  it('reports a spec stricter than the seed and a scheme that no longer requires the bearer token', () => {
    const broken = structuredClone(spec) as {
      paths: Record<string, Record<string, { security?: unknown; parameters: unknown[] }>>
    }
    const getBill = broken.paths['/vendor/bill']?.get
    if (getBill === undefined) throw new Error('the spec no longer declares GET /vendor/bill')
    getBill.security = [{ bearerAuth: [] }, {}]
    getBill.parameters.push({ name: 'X-Extra', in: 'header', required: true, schema: { type: 'string' } })

    expect(checkSeedCoverage(broken, seedOperations)).toEqual([
      'GET /vendor/bill: Authorization is not a required bearer scheme',
      'GET /vendor/bill: header x-extra is required, the seed does not say so',
    ])
  })
})
