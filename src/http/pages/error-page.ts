/** The HTML error page of the hosted pages: the message only, escaped, and never a redirect. */
import type { SandboxResponse } from '../types.ts'
import { html } from './html.ts'
import { documentOf, pageResponse } from './layout.ts'

export function errorPage(status: number, message: string): SandboxResponse {
  const body = html`<h1>This sign-in cannot continue</h1>
<p class="error" role="alert">${message}</p>`
  return pageResponse(status, documentOf('Sign-in error · Service', body))
}
