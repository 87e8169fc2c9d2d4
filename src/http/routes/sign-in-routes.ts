/** Sign-in operations and the JWKS. */

import { logIn, signUp, userInfo } from '../../core/auth/sign-in.ts'
import { jwks } from '../../core/auth/tokens.ts'
import { reply } from '../reply.ts'
import { type Route, requirePrincipal } from '../route.ts'

type Credentials = { email: string; password: string }

export const signInRoutes: Route[] = [
  {
    operationId: 'signUp',
    async handle(context) {
      const body = context.input.body as Credentials & { name: string; businessName?: string }
      return reply('signUp', 200, await signUp(context.sim, body), { 'cache-control': 'no-store' })
    },
  },
  {
    operationId: 'logIn',
    async handle(context) {
      return reply('logIn', 200, await logIn(context.sim, context.input.body as Credentials), {
        'cache-control': 'no-store',
      })
    },
  },
  {
    operationId: 'getUserInfo',
    handle: (context) => reply('getUserInfo', 200, userInfo(context.sim, requirePrincipal(context))),
  },
  {
    operationId: 'getJwks',
    handle: (context) => reply('getJwks', 200, jwks(context.sim.keys) as never),
  },
]
