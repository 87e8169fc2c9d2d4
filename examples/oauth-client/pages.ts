/** The example's two HTML pages. Everything shown is escaped; no scripts. */

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c] ?? c)

function documentOf(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}.error{color:#8a1c1c}</style>
</head>
<body>
${body}
</body>
</html>
`
}

const messages: Record<string, string> = {
  access_denied: 'You declined to sign in with the Service.',
}

export function homePage(user: { name: string; email: string } | undefined, error: string | null): string {
  const notice = error
    ? `<p class="error" role="alert">${escapeHtml(messages[error] ?? `Sign-in failed (${error}).`)}</p>`
    : ''
  const body = user
    ? `<h1>Signed in as ${escapeHtml(user.name)}</h1>
<p>${escapeHtml(user.email)} · <a href="/auth/me">/auth/me</a></p>
<form method="post" action="/auth/logout"><button type="submit">Sign out</button></form>`
    : `<h1>Example client</h1>
${notice}
<p><a href="/auth/login">Sign in with the Service</a> · <a href="/auth/login?flow=sign-up">Create an account</a></p>`
  return documentOf('OAuth example client', body)
}

export function errorPage(message: string): string {
  return documentOf(
    'Sign-in failed',
    `<h1>Sign-in failed</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p><a href="/">Back</a></p>`,
  )
}
