/**
 * The redirect OAuth flow on the authorize host (seed: "OAuth: redirect flow endpoints"): authorize
 * (JSON), the hosted sign-in page and its form (HTML, then a 302 back to the client), and the token
 * exchange. The sandbox serves the authorize host on its own origin, so the page link uses the request's.
 */
import { openSignInRequest, type SignInForm, submitSignIn } from '../../core/oauth/hosted-sign-in.ts'
import { type RedirectAuthorizeRequest, startSignInRequest } from '../../core/oauth/redirect-authorize.ts'
import { exchangeRedirectCode, type RedirectTokenRequest } from '../../core/oauth/redirect-token.ts'
import { signInPage } from '../pages/sign-in-page.ts'
import { reply } from '../reply.ts'
import type { Route, RouteContext } from '../route.ts'
import type { SandboxResponse } from '../types.ts'

/** RFC 6749 §5.1: responses carrying codes or tokens must not be cached. */
const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' }

/** The validated query without the parameters that were not sent. */
function presentQuery<T>(context: RouteContext): T {
  return Object.fromEntries(Object.entries(context.input.query).filter(([, v]) => v !== undefined)) as T
}

function found(location: string): SandboxResponse {
  // The Location carries the code: not cached, and not passed on as a Referer by the next page.
  return { status: 302, headers: { location, 'referrer-policy': 'no-referrer', ...noStore } }
}

export const oauthRedirectRoutes: Route[] = [
  {
    operationId: 'redirectAuthorize',
    async handle(context) {
      const request = await startSignInRequest(context.sim, presentQuery<RedirectAuthorizeRequest>(context))
      const redirect_url = `${context.request.origin}/v1/oauth/signin?request=${encodeURIComponent(request.requestID)}`
      return reply('redirectAuthorize', 200, { redirect_url }, { 'cache-control': 'no-store' })
    },
  },
  {
    operationId: 'signInPage',
    handle: (context) => signInPage(openSignInRequest(context.sim, context.input.query.request as string)),
  },
  {
    operationId: 'signInSubmit',
    async handle(context) {
      const outcome = await submitSignIn(context.sim, context.input.body as SignInForm)
      if (outcome.kind === 'redirect') return found(outcome.location)
      return signInPage(outcome.open, { message: outcome.message, email: outcome.email, name: outcome.name })
    },
  },
  {
    operationId: 'redirectToken',
    async handle(context) {
      const token = await exchangeRedirectCode(context.sim, presentQuery<RedirectTokenRequest>(context))
      return reply('redirectToken', 200, token, noStore)
    },
  },
]
