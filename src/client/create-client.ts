import createClient, { type Client, type Middleware } from 'openapi-fetch'
import type { paths } from '../generated/openapi.ts'

/** Headers the middleware supplies, so the client's types let callers leave them out. */
type SuppliedHeader =
  | 'X-Identifier'
  | 'X-Service-Business-ID'
  | 'X-Service-App-ID'
  | 'X-Service-Key-ID'
  | 'X-Service-Key-Secret'

type Simplify<T> = { [Key in keyof T]: T[Key] } & {}

type RelaxHeader<Header> = Simplify<
  Omit<Header, SuppliedHeader> & Partial<Pick<Header, Extract<keyof Header, SuppliedHeader>>>
>

type RelaxParameters<Parameters> = Parameters extends { header: infer Header }
  ? // `header` itself becomes optional only when nothing in it is still required.
    Record<never, never> extends RelaxHeader<Header>
    ? Simplify<Omit<Parameters, 'header'> & { header?: RelaxHeader<Header> }>
    : Simplify<Omit<Parameters, 'header'> & { header: RelaxHeader<Header> }>
  : Parameters

type RelaxOperation<Operation> = Operation extends { parameters: infer Parameters }
  ? Simplify<Omit<Operation, 'parameters'> & { parameters: RelaxParameters<Parameters> }>
  : Operation

/**
 * The generated `paths`, except that the headers the middleware supplies (`X-Identifier`,
 * `X-Service-Business-ID`, the three `X-Service-*` app headers) are optional. Responses are unchanged.
 */
export type ServicePaths = {
  [Path in keyof paths]: { [Key in keyof paths[Path]]: RelaxOperation<paths[Path][Key]> }
}

/** A typed client for the whole Service interface (openapi-fetch). */
export type ServiceClient = Client<ServicePaths>

export type ServiceAppCredentials = { appID: string; keyID: string; keySecret: string }

export type ServiceClientOptions = {
  baseUrl: string
  /** A token, or a function read on every request (so a refreshed token is picked up). */
  accessToken?: string | (() => string | undefined)
  /** Sent as `X-Service-Business-ID` on bill operations. */
  businessID?: string
  /** Sent as the `X-Service-App-ID`, `X-Service-Key-ID` and `X-Service-Key-Secret` headers on event operations. */
  app?: ServiceAppCredentials
  fetch?: typeof fetch
  /** Sent on every request; like a header given on a request, it wins over the middleware's. */
  headers?: Record<string, string>
}

/** Operations that take no bearer token: they are how a token is obtained. */
const tokenlessPaths: ReadonlySet<string> = new Set([
  '/oauth/token',
  '/v1/oauth/token',
  '/auth/login',
  '/auth/signup',
])

function isBillPath(path: string): boolean {
  return path === '/vendor/bill' || path.startsWith('/vendor/bill/')
}

function suppliedHeaders(options: ServiceClientOptions, schemaPath: string): Array<[string, string]> {
  const headers: Array<[string, string]> = []
  const token = typeof options.accessToken === 'function' ? options.accessToken() : options.accessToken
  if (token !== undefined && token !== '' && !tokenlessPaths.has(schemaPath)) {
    headers.push(['Authorization', `Bearer ${token}`])
  }
  if (isBillPath(schemaPath)) {
    headers.push(['X-Identifier', 'SERVICE'])
    if (options.businessID !== undefined) headers.push(['X-Service-Business-ID', options.businessID])
  }
  if (schemaPath.startsWith('/event/') && options.app !== undefined) {
    headers.push(
      ['X-Service-App-ID', options.app.appID],
      ['X-Service-Key-ID', options.app.keyID],
      ['X-Service-Key-Secret', options.app.keySecret],
    )
  }
  return headers
}

/**
 * Creates a typed client for the Service API. Middleware adds the bearer token (except on the operations
 * that issue tokens), `X-Identifier: SERVICE` and `X-Service-Business-ID` on bill operations, and the app
 * headers on event operations. A header given explicitly (on the request or in `headers`) is kept.
 *
 * @example
 *   const client = createServiceClient({ baseUrl: 'http://127.0.0.1:4010', accessToken: token, businessID: 'biz_acme' })
 *   const { data, error } = await client.GET('/vendor/bill', { params: { query: { billID: 'bill_0001' } } })
 *   if (data) console.log(data.status)
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const client = createClient<ServicePaths>({
    baseUrl: options.baseUrl,
    // openapi-fetch would capture globalThis.fetch now; looking it up per call lets msw started later intercept.
    fetch: options.fetch ?? ((request: Request) => globalThis.fetch(request)),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  })
  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      for (const [name, value] of suppliedHeaders(options, schemaPath)) {
        if (!request.headers.has(name)) request.headers.set(name, value)
      }
      return request
    },
  }
  client.use(middleware)
  return client
}
