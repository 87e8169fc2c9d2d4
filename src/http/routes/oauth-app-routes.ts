/** The app-credential OAuth operations: authorize, grant, token (seed: "OAuth: app-credential endpoints"). */
import {
  type AppAuthorizationRequest,
  authorizeApp,
  grantAppPermissions,
} from '../../core/oauth/app-authorize.ts'
import { exchangeAppCode } from '../../core/oauth/app-token.ts'
import { reply } from '../reply.ts'
import { type Route, requirePrincipal } from '../route.ts'

/** RFC 6749 §5.1: responses carrying codes or tokens must not be cached. */
const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' }

export const oauthAppRoutes: Route[] = [
  {
    operationId: 'oauthAuthorize',
    async handle(context) {
      const { token } = context.input.body as { token: AppAuthorizationRequest }
      const data = await authorizeApp(context.sim, requirePrincipal(context), token)
      return reply('oauthAuthorize', 200, { data, status_code: 200 }, noStore)
    },
  },
  {
    operationId: 'oauthGrantPermissions',
    async handle(context) {
      const { permissions } = context.input.body as { permissions: AppAuthorizationRequest }
      const data = await grantAppPermissions(context.sim, requirePrincipal(context), permissions)
      return reply('oauthGrantPermissions', 200, { data, status_code: 200 })
    },
  },
  {
    operationId: 'oauthToken',
    async handle(context) {
      const { token } = context.input.body as {
        token: { auth_code: string; key_id: string; key_secret: string }
      }
      const data = await exchangeAppCode(context.sim, token)
      return reply('oauthToken', 200, { data, status_code: 200 }, noStore)
    },
  },
]
