/**
 * The operations of the seed interface (/work/shared/seed/service-interface.md), transcribed as data so
 * src/contract/seed-coverage.test.ts can prove spec/openapi.yaml declares every one of them. Only what
 * the seed states is here; what it leaves "not shown" is left out (or marked as such).
 */

export type SeedMethod = 'get' | 'post' | 'put' | 'patch'

/** `number` and `array` are the seed's words for `page`/`size` and the repeated `status` filter. */
export type SeedParameterType = 'string' | 'number' | 'array'

export type SeedParameter = { readonly name: string; readonly type: SeedParameterType }

/**
 * `required`: the seed says the body is required (or names a required wrapper property);
 * `optional`: "optional JSON object"; `none`: the seed says the operation takes no body.
 */
export type SeedBody = 'required' | 'optional' | 'none'

export type SeedOperation = {
  /** The seed's name for the operation. */
  readonly name: string
  readonly method: SeedMethod
  readonly path: string
  readonly requiredQuery: readonly SeedParameter[]
  readonly optionalQuery: readonly SeedParameter[]
  /** `Authorization` means bearer authentication; the `X-Service-*` app headers may be apiKey schemes. */
  readonly requiredHeaders: readonly string[]
  readonly optionalHeaders: readonly string[]
  /** Undefined where the seed does not show the request shape. */
  readonly body?: SeedBody
  /** Top-level properties the seed requires in the JSON request body. */
  readonly requiredBodyProperties: readonly string[]
  /** The operation takes no bearer token (it is how one is obtained). */
  readonly anonymous?: boolean
  /** Shape of the 200 JSON body, where the seed shows it. */
  readonly success?: { readonly type: 'object' | 'array'; readonly required: readonly string[] }
  readonly statuses: readonly number[]
}

const billStatuses = [200, 400, 401, 403, 404, 409, 500] as const
const appOAuthStatuses = [200, 400, 401, 500] as const
const eventStatuses = [200, 400, 401, 409, 500] as const

const billHeaders = {
  requiredHeaders: ['Authorization', 'X-Identifier'],
  optionalHeaders: ['X-Service-Business-ID'],
}
const eventHeaders = {
  requiredHeaders: ['X-Service-App-ID', 'X-Service-Key-ID', 'X-Service-Key-Secret'],
  optionalHeaders: [],
}
const billID: SeedParameter = { name: 'billID', type: 'string' }
const anyObject = { type: 'object', required: [] } as const
const envelope = { type: 'object', required: ['data', 'status_code'] } as const

export const seedOperations: readonly SeedOperation[] = [
  // Vendor bills
  {
    name: 'Get Bill',
    method: 'get',
    path: '/vendor/bill',
    requiredQuery: [billID],
    optionalQuery: [],
    ...billHeaders,
    body: 'none',
    requiredBodyProperties: [],
    success: anyObject,
    statuses: billStatuses,
  },
  {
    name: 'Create Bill',
    method: 'post',
    path: '/vendor/bill',
    requiredQuery: [],
    optionalQuery: [],
    ...billHeaders,
    body: 'required',
    requiredBodyProperties: ['VendorBillPayload'],
    success: anyObject,
    statuses: billStatuses,
  },
  {
    name: 'Update Bill',
    method: 'put',
    path: '/vendor/bill',
    requiredQuery: [billID],
    optionalQuery: [],
    ...billHeaders,
    body: 'required',
    requiredBodyProperties: ['VendorBillPayload'],
    success: anyObject,
    statuses: billStatuses,
  },
  {
    name: 'List Bills',
    method: 'get',
    path: '/vendor/bill/list',
    requiredQuery: [],
    optionalQuery: [
      { name: 'vendorID', type: 'string' },
      { name: 'page', type: 'number' },
      { name: 'size', type: 'number' },
      { name: 'status', type: 'array' },
    ],
    ...billHeaders,
    body: 'none',
    requiredBodyProperties: [],
    success: { type: 'array', required: [] },
    statuses: billStatuses,
  },
  {
    name: 'Review Bill',
    method: 'post',
    path: '/vendor/bill/review',
    requiredQuery: [billID, { name: 'action', type: 'string' }],
    optionalQuery: [],
    ...billHeaders,
    body: 'optional',
    requiredBodyProperties: [],
    success: anyObject,
    statuses: billStatuses,
  },
  {
    name: 'Confirm Bill (business API)',
    method: 'post',
    path: '/vendor/bill/confirm',
    requiredQuery: [billID],
    optionalQuery: [],
    ...billHeaders,
    body: 'optional',
    requiredBodyProperties: [],
    success: anyObject,
    statuses: billStatuses,
  },
  {
    name: 'Mark Bill Paid Externally',
    method: 'post',
    path: '/vendor/bill/paid/external',
    requiredQuery: [billID],
    optionalQuery: [],
    ...billHeaders,
    // Body required; `emails` and `note` are both optional.
    body: 'required',
    requiredBodyProperties: [],
    success: anyObject,
    statuses: billStatuses,
  },
  {
    name: 'Map Bill to Payout',
    method: 'post',
    path: '/vendor/bill/payout',
    requiredQuery: [billID, { name: 'payoutID', type: 'string' }],
    optionalQuery: [],
    ...billHeaders,
    body: 'optional',
    requiredBodyProperties: [],
    success: anyObject,
    statuses: billStatuses,
  },

  // OAuth: app-credential endpoints
  {
    name: 'Authorize',
    method: 'post',
    path: '/oauth/authorize',
    requiredQuery: [],
    optionalQuery: [],
    requiredHeaders: ['Authorization'],
    optionalHeaders: [],
    body: 'required',
    requiredBodyProperties: ['token'],
    success: envelope,
    statuses: appOAuthStatuses,
  },
  {
    name: 'Grant additional permissions',
    method: 'patch',
    path: '/oauth/permissions/grant',
    requiredQuery: [],
    optionalQuery: [],
    requiredHeaders: ['Authorization'],
    optionalHeaders: [],
    body: 'required',
    requiredBodyProperties: ['permissions'],
    success: envelope,
    statuses: appOAuthStatuses,
  },
  {
    name: 'Token',
    method: 'post',
    path: '/oauth/token',
    requiredQuery: [],
    optionalQuery: [],
    requiredHeaders: [],
    optionalHeaders: [],
    body: 'required',
    requiredBodyProperties: ['token'],
    // "none stated": authenticates through auth_code, key_id and key_secret.
    anonymous: true,
    success: envelope,
    statuses: appOAuthStatuses,
  },

  // OAuth: redirect flow endpoints, on `{authorize_host}`. `state` is "recommended", so optional.
  // The seed lists only the 200 response; the error statuses are the ones the spec declares.
  {
    name: 'Redirect authorize',
    method: 'get',
    path: '/v1/oauth/authorize',
    requiredQuery: [
      { name: 'response_type', type: 'string' },
      { name: 'client_id', type: 'string' },
      { name: 'redirect_uri', type: 'string' },
      { name: 'platform', type: 'string' },
    ],
    optionalQuery: [
      { name: 'state', type: 'string' },
      { name: 'flow', type: 'string' },
    ],
    requiredHeaders: [],
    // The seed sends `Accept: application/json`; it does not say the header is required.
    optionalHeaders: ['Accept'],
    body: 'none',
    requiredBodyProperties: [],
    anonymous: true,
    success: { type: 'object', required: ['redirect_url'] },
    statuses: [200, 400, 500],
  },
  {
    name: 'Redirect token',
    method: 'get',
    path: '/v1/oauth/token',
    requiredQuery: [
      { name: 'grant_type', type: 'string' },
      { name: 'code', type: 'string' },
      { name: 'redirect_uri', type: 'string' },
      { name: 'client_id', type: 'string' },
      { name: 'client_secret', type: 'string' },
    ],
    optionalQuery: [{ name: 'state', type: 'string' }],
    requiredHeaders: [],
    optionalHeaders: [],
    body: 'none',
    requiredBodyProperties: [],
    anonymous: true,
    success: { type: 'object', required: ['access_token'] },
    statuses: [200, 400, 401, 500],
  },

  // Events
  {
    name: 'Publish Event',
    method: 'post',
    path: '/event/publish',
    requiredQuery: [],
    optionalQuery: [],
    ...eventHeaders,
    body: 'required',
    requiredBodyProperties: ['data'],
    success: envelope,
    statuses: eventStatuses,
  },
  {
    name: 'Register Event',
    method: 'post',
    path: '/event/register',
    requiredQuery: [{ name: 'name', type: 'string' }],
    optionalQuery: [],
    ...eventHeaders,
    body: 'none',
    requiredBodyProperties: [],
    success: envelope,
    statuses: eventStatuses,
  },
  {
    name: 'Create webhook subscription',
    method: 'post',
    path: '/event/subscribe',
    requiredQuery: [],
    optionalQuery: [],
    ...eventHeaders,
    body: 'required',
    requiredBodyProperties: ['subs'],
    success: envelope,
    statuses: eventStatuses,
  },
  {
    name: 'Update webhook subscription',
    method: 'patch',
    path: '/event/subscribe',
    requiredQuery: [],
    optionalQuery: [],
    ...eventHeaders,
    body: 'required',
    requiredBodyProperties: ['subs'],
    success: envelope,
    statuses: eventStatuses,
  },

  // Sign-in: the seed names these as the source of the bill operations' token; their request and response
  // shapes are "not shown". Statuses: the seed's error table (200, 400, 401, 500 for "all"), keeping only
  // those an operation can produce: sign-up takes no credentials (no 401), user info takes no input (no 400).
  {
    name: 'Log in',
    method: 'post',
    path: '/auth/login',
    requiredQuery: [],
    optionalQuery: [],
    requiredHeaders: [],
    optionalHeaders: [],
    requiredBodyProperties: [],
    anonymous: true,
    statuses: [200, 400, 401, 500],
  },
  {
    name: 'Sign up',
    method: 'post',
    path: '/auth/signup',
    requiredQuery: [],
    optionalQuery: [],
    requiredHeaders: [],
    optionalHeaders: [],
    requiredBodyProperties: [],
    anonymous: true,
    statuses: [200, 400, 500],
  },
  {
    name: 'User info',
    method: 'get',
    path: '/auth/user/info',
    requiredQuery: [],
    optionalQuery: [],
    // The signed-in user's info: it takes the access token the other two issue.
    requiredHeaders: ['Authorization'],
    optionalHeaders: [],
    requiredBodyProperties: [],
    statuses: [200, 401, 500],
  },
]
