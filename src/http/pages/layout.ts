/**
 * The document shell and response headers of the hosted pages. No scripts at all; the CSP says so, and
 * forbids framing, since a framed Allow button invites clickjacking (RFC 6749 §10.13). `form-action`
 * must also name where the form's 302 goes: Chromium checks redirects after a form submission against it.
 */
import type { SandboxResponse } from '../types.ts'
import { html, SafeHtml } from './html.ts'

const style = `
body{font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}
main{max-width:26rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.35rem;margin:0 0 .5rem}label{display:block;margin:.75rem 0}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;margin-top:.25rem;font:inherit}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}button{font:inherit;padding:.5rem 1.25rem;cursor:pointer}
button[value=allow]{background:#2454d6;color:#fff;border:0;border-radius:.4rem}
.error{background:#fde8e8;color:#8a1c1c;padding:.5rem .75rem;border-radius:.4rem}.note{color:#5b6270;font-size:.875rem}`

export function documentOf(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${new SafeHtml(style)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`.value
}

/** Where a redirect URI sends the browser: its origin, or the scheme of a private-use URI (a CSP source). */
export function destinationOf(uri: string): string {
  const url = new URL(uri)
  return url.origin === 'null' ? url.protocol : url.origin
}

export function pageResponse(
  status: number,
  document: string,
  options: { formTarget?: string } = {},
): SandboxResponse {
  const formAction = options.formTarget
    ? `form-action 'self' ${destinationOf(options.formTarget)}`
    : "form-action 'none'"
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      // The page URL carries the sign-in request id; keep it out of Referer headers.
      'referrer-policy': 'no-referrer',
    },
    text: document,
  }
}
