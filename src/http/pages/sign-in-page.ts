/**
 * The hosted sign-in / sign-up form of the redirect flow. It holds nothing secret: the request id (in a
 * hidden field) only identifies the pending request; the client's secret and the code never reach it.
 */
import type { OpenSignInRequest } from '../../core/oauth/hosted-sign-in.ts'
import type { SandboxResponse } from '../types.ts'
import { html } from './html.ts'
import { destinationOf, documentOf, pageResponse } from './layout.ts'

export interface SignInPageOptions {
  message?: string
  email?: string
  name?: string
}

export function signInPage(
  { request, client }: OpenSignInRequest,
  options: SignInPageOptions = {},
  status = 200,
): SandboxResponse {
  const signUp = request.flow === 'sign-up'
  const title = signUp ? `Create an account for ${client.name}` : `Sign in to ${client.name}`
  const body = html`<h1>${title}</h1>
<p>${client.name} asks to sign you in with the Service. You will return to <strong>${destinationOf(request.redirectURI)}</strong>.</p>
${options.message ? html`<p class="error" role="alert">${options.message}</p>` : ''}
<form method="post" action="/v1/oauth/signin">
<input type="hidden" name="request" value="${request.requestID}">
${signUp ? html`<label>Name <input name="name" autocomplete="name" required maxlength="200" value="${options.name ?? ''}"></label>` : ''}
<label>Email <input type="email" name="email" autocomplete="${signUp ? 'email' : 'username'}" required value="${options.email ?? ''}"></label>
<label>Password <input type="password" name="password" autocomplete="${signUp ? 'new-password' : 'current-password'}" required${signUp ? html` minlength="8"` : ''}></label>
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>
<p class="note">service-sandbox hosted ${signUp ? 'sign-up' : 'sign-in'} page. Demo users: fixtures/default.json.</p>`
  return pageResponse(status, documentOf(`${title} · Service`, body), { formTarget: request.redirectURI })
}
