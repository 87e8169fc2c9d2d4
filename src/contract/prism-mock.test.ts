import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { resolveRefIn } from './json-pointer.ts'
import { seedOperations } from './seed-operations.ts'

type Node = Record<string, unknown>

/** One operation of the spec and the request built from its examples. */
type PlannedRequest = {
  label: string
  method: string
  path: string
  query: URLSearchParams
  headers: Headers
  body: string | undefined
  /** Media types the spec declares for the operation's 2xx responses. */
  successMediaTypes: string[]
}

const root = fileURLToPath(new URL('../../', import.meta.url))
const specPath = join(root, 'spec/openapi.yaml')
// The bin is a node script; run it with this process's node rather than through PATH and its shebang.
const prism = join(root, 'node_modules/.bin/prism')
const spec: unknown = parse(await readFile(specPath, 'utf8'), { merge: true, maxAliasCount: 1000 })
const methods = ['get', 'put', 'post', 'delete', 'patch'] as const
const bearerToken = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c3JfYWRhIn0.c2ln'

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function entries(value: unknown): Array<[string, unknown]> {
  return isNode(value) ? Object.entries(value) : []
}

function resolve(value: unknown): Node | undefined {
  return resolveRefIn(spec, value)
}

/** The `example`, else the first of `examples` (a map of Example Objects, possibly `$ref`s). */
function exampleOf(holder: Node): unknown {
  if ('example' in holder) return holder.example
  const first = entries(holder.examples)[0]
  return first === undefined ? undefined : resolve(first[1])?.value
}

function planRequest(
  label: string,
  method: string,
  path: string,
  pathItem: Node,
  operation: Node,
): PlannedRequest {
  const query = new URLSearchParams()
  const headers = new Headers()
  let url = path
  const parameters = [...(Array.isArray(pathItem.parameters) ? pathItem.parameters : [])]
  parameters.push(...(Array.isArray(operation.parameters) ? operation.parameters : []))
  for (const raw of parameters) {
    const parameter = resolve(raw)
    if (parameter === undefined || typeof parameter.name !== 'string') continue
    const value = exampleOf(parameter)
    if (value === undefined) {
      if (parameter.required === true) throw new Error(`${label}: required ${parameter.name} has no example`)
      continue
    }
    if (parameter.in === 'query') {
      // style form, explode true (the default): an array repeats the parameter.
      for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item))
    } else if (parameter.in === 'header') {
      headers.set(parameter.name, String(value))
    } else if (parameter.in === 'path') {
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)))
    }
  }

  // The first alternative of the operation's security, else the document's.
  const security = operation.security ?? (isNode(spec) ? spec.security : undefined)
  const requirement = Array.isArray(security) && isNode(security[0]) ? security[0] : {}
  const schemes = resolve(isNode(spec) ? spec.components : undefined)?.securitySchemes
  for (const name of Object.keys(requirement)) {
    const scheme = resolve(isNode(schemes) ? schemes[name] : undefined)
    if (scheme?.type === 'http' && scheme.scheme === 'bearer') {
      headers.set('Authorization', `Bearer ${bearerToken}`)
    }
    // The header parameters' examples come first; a scheme without one gets a placeholder value.
    if (scheme?.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') {
      if (!headers.has(scheme.name)) headers.set(scheme.name, `example-${name}`)
    }
  }

  let body: string | undefined
  const requestBody = resolve(operation.requestBody)
  const media = entries(requestBody?.content)[0]
  if (media !== undefined && isNode(media[1])) {
    const [mediaType, content] = media
    const example = exampleOf(content)
    if (example === undefined) {
      if (requestBody?.required === true) throw new Error(`${label}: the required body has no example`)
    } else {
      headers.set('Content-Type', mediaType)
      body =
        mediaType === 'application/x-www-form-urlencoded'
          ? new URLSearchParams(Object.entries(example as Record<string, string>)).toString()
          : JSON.stringify(example)
    }
  }

  const successMediaTypes = entries(operation.responses)
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) => Object.keys(resolve(response)?.content ?? {}))
  return { label, method: method.toUpperCase(), path: url, query, headers, body, successMediaTypes }
}

/**
 * Every operation of the spec with a request built from its examples. Skipped: operations tagged `sandbox`
 * (the simulator's own control API, not part of the Service's contract) and `webhooks` (requests the
 * service sends, not ones it answers). The hosted HTML pages are kept: Prism serves text/html examples.
 */
function plannedRequests(): PlannedRequest[] {
  const planned: PlannedRequest[] = []
  for (const [path, rawItem] of entries(isNode(spec) ? spec.paths : undefined)) {
    const pathItem = resolve(rawItem)
    if (pathItem === undefined) continue
    for (const method of methods) {
      const operation = pathItem[method]
      if (!isNode(operation)) continue
      if (Array.isArray(operation.tags) && operation.tags.includes('sandbox')) continue
      const label = `${method.toUpperCase()} ${path}`
      planned.push(planRequest(label, method, path, pathItem, operation))
    }
  }
  return planned
}

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  await once(server, 'close')
  if (address === null || typeof address === 'string') throw new Error('no TCP port')
  return address.port
}

const requests = plannedRequests()
let child: ChildProcess | undefined
let baseUrl = ''
let output = ''

function send(planned: PlannedRequest, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const headers = new Headers(planned.headers)
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value)
  const search = planned.query.size > 0 ? `?${planned.query}` : ''
  return fetch(`${baseUrl}${planned.path}${search}`, {
    method: planned.method,
    headers,
    body: planned.body ?? null,
    // The form post answers 302; it is the answer under test, not something to follow.
    redirect: 'manual',
  })
}

function planned(label: string): PlannedRequest {
  const found = requests.find((request) => request.label === label)
  if (found === undefined) throw new Error(`no operation ${label} in the spec`)
  return found
}

describe('the Prism mock of spec/openapi.yaml', () => {
  beforeAll(async () => {
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    const started = spawn(
      process.execPath,
      [prism, 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'warn', specPath],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child = started
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const deadline = Date.now() + 30_000
    for (;;) {
      if (started.exitCode !== null) throw new Error(`prism exited with ${started.exitCode}: ${output}`)
      try {
        await fetch(`${baseUrl}/.well-known/jwks.json`)
        return
      } catch {
        if (Date.now() > deadline) throw new Error(`prism did not answer within 30 s: ${output}`)
        await new Promise((done) => setTimeout(done, 200))
      }
    }
  }, 40_000)

  afterAll(async () => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const timer = setTimeout(() => child?.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  })

  it('plans a request for every operation of the seed', () => {
    const labels = requests.map((request) => request.label)
    for (const operation of seedOperations)
      expect(labels).toContain(`${operation.method.toUpperCase()} ${operation.path}`)
    expect(requests.length).toBeGreaterThanOrEqual(seedOperations.length)
  })

  it.each(requests.map((request) => [request.label, request] as const))(
    '%s answers 2xx for a request built from the examples',
    async (_, request) => {
      const response = await send(request)
      const text = await response.text()
      // Prism names what it found wrong with the request in `sl-violations`.
      const why = `${request.label} answered ${response.status}: ${response.headers.get('sl-violations') ?? text}`

      expect(response.status >= 200 && response.status < 300, why).toBe(true)
      const contentType = response.headers.get('content-type')?.split(';')[0]?.trim()
      if (request.successMediaTypes.length > 0) expect(request.successMediaTypes).toContain(contentType)
    },
  )

  it('answers 302 with the callback Location for the form post when that response is asked for', async () => {
    const response = await send(planned('POST /v1/oauth/signin'), { Prefer: 'code=302' })

    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:5173\/auth\/callback\?code=/)
  })

  it('serves the /v1/oauth paths by path alone, whatever their path-level servers say', async () => {
    const response = await send(planned('GET /v1/oauth/authorize'))

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      redirect_url: expect.stringContaining('/v1/oauth/signin?request='),
    })
  })

  it('refuses a request without its bearer token or a required parameter, so a 2xx means something', async () => {
    const getBill = planned('GET /vendor/bill')
    const withoutToken = { ...getBill, headers: new Headers(getBill.headers) }
    withoutToken.headers.delete('Authorization')
    const withoutBillID = { ...getBill, query: new URLSearchParams() }
    const register = planned('POST /event/register')
    const withoutAppHeaders = { ...register, headers: new Headers() }

    expect((await send(withoutToken)).status).toBe(401)
    expect((await send(withoutBillID)).status).toBe(400)
    expect((await send(withoutAppHeaders)).status).toBe(401)
  })
})
