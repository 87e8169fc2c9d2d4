import { readFile } from 'node:fs/promises'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { valueAt } from './json-pointer.ts'

type Node = Record<string, unknown>

/** An example found in the spec and the JSON pointer of the schema it must match. */
type ExampleCase = {
  name: string
  kind: 'parameter' | 'header' | 'request' | 'response' | 'schema'
  value: unknown
  schemaPointer: string | undefined
}

const specUrl = new URL('../../spec/openapi.yaml', import.meta.url)
const spec: unknown = parse(await readFile(specUrl, 'utf8'), { merge: true, maxAliasCount: 1000 })

const specId = 'https://service-sandbox.test/openapi.json'
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
/** Keywords the OpenAPI 3.1 schema dialect adds to JSON Schema 2020-12. */
const openApiKeywords = ['example', 'discriminator', 'xml', 'externalDocs']
/** Keywords whose values are subschemas (or maps or lists of them), for finding schema-level examples. */
const schemaKeywords = {
  single: [
    'items',
    'not',
    'additionalProperties',
    'contains',
    'propertyNames',
    'if',
    'then',
    'else',
    'unevaluatedItems',
    'unevaluatedProperties',
    'contentSchema',
  ],
  map: ['properties', 'patternProperties', '$defs', 'dependentSchemas'],
  list: ['allOf', 'anyOf', 'oneOf', 'prefixItems'],
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function entries(value: unknown): Array<[string, unknown]> {
  return isNode(value) ? Object.entries(value) : []
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1')
}

const at = valueAt

/** Follows local `$ref`s, keeping the pointer of where the node really is (for its schema's pointer). */
function deref(
  document: unknown,
  value: unknown,
  pointer: string,
): { node: Node; pointer: string } | undefined {
  let node = value
  let where = pointer
  for (let hops = 0; isNode(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > 20 || !node.$ref.startsWith('#/')) return undefined
    where = node.$ref.slice(1)
    node = at(document, where)
  }
  return isNode(node) ? { node, pointer: where } : undefined
}

/** Walks the spec and returns every example in it, each with the schema it is checked against. */
function collectExamples(document: unknown): ExampleCase[] {
  const cases: ExampleCase[] = []
  const seenSchemas = new Set<string>()

  // Schema-level `example` (OpenAPI) and `examples` (JSON Schema, a list), in the schema and its subschemas.
  const walkSchema = (schema: unknown, pointer: string): void => {
    if (!isNode(schema) || seenSchemas.has(pointer)) return
    seenSchemas.add(pointer)
    if ('example' in schema) {
      cases.push({
        name: `schema ${pointer} example`,
        kind: 'schema',
        value: schema.example,
        schemaPointer: pointer,
      })
    }
    if (Array.isArray(schema.examples)) {
      schema.examples.forEach((value, index) => {
        cases.push({
          name: `schema ${pointer} examples/${index}`,
          kind: 'schema',
          value,
          schemaPointer: pointer,
        })
      })
    }
    for (const keyword of schemaKeywords.single) {
      walkSchema(schema[keyword], `${pointer}/${keyword}`)
    }
    for (const keyword of schemaKeywords.map) {
      for (const [key, sub] of entries(schema[keyword]))
        walkSchema(sub, `${pointer}/${keyword}/${escapePointer(key)}`)
    }
    for (const keyword of schemaKeywords.list) {
      const list = schema[keyword]
      if (!Array.isArray(list)) continue
      list.forEach((sub, index) => {
        walkSchema(sub, `${pointer}/${keyword}/${index}`)
      })
    }
  }

  const addExamples = (
    label: string,
    kind: ExampleCase['kind'],
    holder: Node,
    holderPointer: string,
    schemaPointer: string | undefined,
  ): void => {
    if ('example' in holder)
      cases.push({ name: `${label} example`, kind, value: holder.example, schemaPointer })
    for (const [key, raw] of entries(holder.examples)) {
      const example = deref(document, raw, `${holderPointer}/examples/${escapePointer(key)}`)
      // An `externalValue` example has no value in the document to check.
      if (example !== undefined && 'externalValue' in example.node && !('value' in example.node)) continue
      cases.push({ name: `${label} example ${key}`, kind, value: example?.node.value, schemaPointer })
    }
  }

  const walkContent = (label: string, kind: ExampleCase['kind'], content: unknown, pointer: string): void => {
    for (const [mediaType, raw] of entries(content)) {
      if (!isNode(raw)) continue
      const mediaPointer = `${pointer}/${escapePointer(mediaType)}`
      const schemaPointer = 'schema' in raw ? `${mediaPointer}/schema` : undefined
      addExamples(`${label} ${mediaType}`, kind, raw, mediaPointer, schemaPointer)
      if (schemaPointer !== undefined) walkSchema(raw.schema, schemaPointer)
    }
  }

  // Parameters and headers share a shape: `schema` plus `example(s)`, or `content`.
  const walkParameterLike = (
    label: string,
    kind: 'parameter' | 'header',
    raw: unknown,
    pointer: string,
  ): void => {
    const found = deref(document, raw, pointer)
    if (found === undefined) return
    const { node, pointer: where } = found
    const schemaPointer = 'schema' in node ? `${where}/schema` : undefined
    addExamples(label, kind, node, where, schemaPointer)
    if (schemaPointer !== undefined) walkSchema(node.schema, schemaPointer)
    walkContent(label, kind, node.content, `${where}/content`)
  }

  const walkParameters = (label: string, parameters: unknown, pointer: string): void => {
    if (!Array.isArray(parameters)) return
    parameters.forEach((raw, index) => {
      const parameter = deref(document, raw, `${pointer}/${index}`)?.node
      const name = `${label} parameter ${String(parameter?.in)} ${String(parameter?.name)}`
      walkParameterLike(name, 'parameter', raw, `${pointer}/${index}`)
    })
  }

  const walkPathItem = (label: (method: string) => string, raw: unknown, pointer: string): void => {
    const found = deref(document, raw, pointer)
    if (found === undefined) return
    const { node: pathItem, pointer: itemPointer } = found
    for (const method of methods) {
      const operation = pathItem[method]
      if (!isNode(operation)) continue
      const opLabel = label(method.toUpperCase())
      const opPointer = `${itemPointer}/${method}`
      walkParameters(opLabel, pathItem.parameters, `${itemPointer}/parameters`)
      walkParameters(opLabel, operation.parameters, `${opPointer}/parameters`)
      const body = deref(document, operation.requestBody, `${opPointer}/requestBody`)
      if (body !== undefined)
        walkContent(`${opLabel} request`, 'request', body.node.content, `${body.pointer}/content`)
      for (const [status, rawResponse] of entries(operation.responses)) {
        const response = deref(document, rawResponse, `${opPointer}/responses/${escapePointer(status)}`)
        if (response === undefined) continue
        for (const [header, rawHeader] of entries(response.node.headers)) {
          const headerPointer = `${response.pointer}/headers/${escapePointer(header)}`
          walkParameterLike(`${opLabel} ${status} header ${header}`, 'header', rawHeader, headerPointer)
        }
        walkContent(`${opLabel} ${status}`, 'response', response.node.content, `${response.pointer}/content`)
      }
    }
  }

  const root = isNode(document) ? document : {}
  for (const [path, item] of entries(root.paths)) {
    walkPathItem((method) => `${method} ${path}`, item, `/paths/${escapePointer(path)}`)
  }
  for (const [name, item] of entries(root.webhooks)) {
    walkPathItem((method) => `webhook ${name} ${method}`, item, `/webhooks/${escapePointer(name)}`)
  }
  const components = isNode(root.components) ? root.components : {}
  for (const [name, schema] of entries(components.schemas)) {
    walkSchema(schema, `/components/schemas/${escapePointer(name)}`)
  }
  return cases
}

/** Every key starting with `x-` anywhere in the document, so Ajv's strict mode accepts extensions in schemas. */
function extensionKeywords(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) extensionKeywords(item, found)
  for (const [key, inner] of entries(value)) {
    if (key.startsWith('x-')) found.add(key)
    extensionKeywords(inner, found)
  }
  return found
}

/** Validates values against schemas of the document (by pointer), resolving `$ref`s through the whole document. */
function createValidator(document: unknown): (schemaPointer: string | undefined, value: unknown) => string[] {
  // strictSchema stays on (a misspelt keyword or an unknown format is an error); the OpenAPI keywords and
  // extensions are declared instead. strictTypes/strictTuples only flag style, not wrong schemas.
  const ajv = new Ajv2020({ allErrors: true, strictSchema: true, strictTypes: false, strictTuples: false })
  addFormats.default(ajv)
  // Resolving a fragment compiles the document's root too, so its fields (openapi, paths...) are declared.
  const rootFields = isNode(document) ? Object.keys(document) : []
  ajv.addVocabulary([...new Set([...openApiKeywords, ...rootFields, ...extensionKeywords(document)])])
  ajv.addSchema(document as object, specId)
  const compiled = new Map<string, ValidateFunction>()
  return (schemaPointer, value) => {
    if (schemaPointer === undefined) return ['the example has no schema to match']
    if (value === undefined) return ['the example has no value']
    let validate = compiled.get(schemaPointer)
    if (validate === undefined) {
      const fragment = schemaPointer.split('/').map(encodeURIComponent).join('/')
      validate = ajv.compile({ $ref: `${specId}#${fragment}` })
      compiled.set(schemaPointer, validate)
    }
    return validate(value)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`)
  }
}

/** Names of the examples that do not match their schema, with Ajv's reasons. */
function invalidExamples(document: unknown): string[] {
  const validate = createValidator(document)
  return collectExamples(document).flatMap((example) => {
    const errors = validate(example.schemaPointer, example.value)
    return errors.length === 0 ? [] : [`${example.name}: ${errors.join('; ')}`]
  })
}

const examples = collectExamples(spec)
const validate = createValidator(spec)

describe('examples in the spec', () => {
  it('finds examples of every kind, webhooks included', () => {
    expect(examples.length).toBeGreaterThan(40)
    // The spec has no schema-level examples today; the broken-spec test below covers that kind.
    const kinds = new Set(examples.map((example) => example.kind))
    expect([...kinds]).toEqual(expect.arrayContaining(['header', 'parameter', 'request', 'response']))
    expect(examples.map((example) => example.name)).toEqual(
      expect.arrayContaining([
        'GET /vendor/bill 200 application/json example draft',
        'GET /vendor/bill parameter query billID example',
        'GET /vendor/bill 400 application/problem+json example missing',
        'POST /vendor/bill request application/json example office',
        'POST /v1/oauth/signin 302 header Location example',
        'GET /v1/oauth/signin 200 text/html example',
        'POST /v1/oauth/signin request application/x-www-form-urlencoded example allow',
        'webhook event POST parameter header webhook-signature example',
        'webhook event POST request application/json example approved',
      ]),
    )
    expect(new Set(examples.map((example) => example.name)).size).toBe(examples.length)
  })

  // `%s` with the name first: `$name` would be cut at 40 characters in the test title.
  it.each(examples.map((example) => [example.name, example] as const))(
    '%s matches its schema',
    (_, example) => {
      const { schemaPointer, value } = example
      expect(validate(schemaPointer, value)).toEqual([])
    },
  )

  it('fails a Bill example without billID and a schema-level example outside its enum', () => {
    const broken = structuredClone(spec) as {
      components: { examples: Record<string, { value: Node }>; schemas: Record<string, Node> }
    }
    const draft = broken.components.examples.DraftBill
    if (draft === undefined) throw new Error('the spec no longer has the DraftBill example')
    delete draft.value.billID
    const status = broken.components.schemas.BillStatus
    if (status === undefined) throw new Error('the spec no longer has the BillStatus schema')
    status.example = 'archived'

    const problems = invalidExamples(broken)

    expect(problems).toContain(
      "GET /vendor/bill 200 application/json example draft: / must have required property 'billID'",
    )
    expect(problems).toContain(
      'schema /components/schemas/BillStatus example: / must be equal to one of the allowed values',
    )
    expect(invalidExamples(spec)).toEqual([])
  })

  it('throws on a misspelt schema keyword instead of ignoring it', () => {
    const broken = structuredClone(spec) as { components: { parameters: Record<string, { schema: Node }> } }
    const billID = broken.components.parameters.BillID
    if (billID === undefined) throw new Error('the spec no longer has the BillID parameter')
    billID.schema.minLenght = 1

    expect(() => invalidExamples(broken)).toThrow('strict mode: unknown keyword: "minLenght"')
  })
})
