#!/usr/bin/env node
/**
 * Runs the example client against a running sandbox:
 *
 *   npm start                                   # the sandbox on http://127.0.0.1:4010
 *   node examples/oauth-client/server.ts        # this app on http://127.0.0.1:5173
 *
 * Environment: SANDBOX_URL (default http://127.0.0.1:4010), PORT (5173), HOST (127.0.0.1), CLIENT_ID,
 * CLIENT_SECRET, PLATFORM (default: the demo client cli_ledgerly_web of fixtures/default.json, whose
 * registered redirect URI is http://127.0.0.1:5173/auth/callback).
 */
import { env } from 'node:process'
import { startOAuthClient } from './app.ts'

const sandboxUrl = env.SANDBOX_URL ?? 'http://127.0.0.1:4010'
const client = await startOAuthClient({
  sandboxUrl,
  port: Number(env.PORT ?? 5173),
  host: env.HOST ?? '127.0.0.1',
  ...(env.CLIENT_ID ? { clientID: env.CLIENT_ID } : {}),
  ...(env.CLIENT_SECRET ? { clientSecret: env.CLIENT_SECRET } : {}),
  ...(env.PLATFORM ? { platform: env.PLATFORM } : {}),
})
console.log(`Example client on ${client.url} (Service at ${sandboxUrl}).`)
console.log(`Open ${client.url}/ and sign in as ada@acme.example / sandbox-admin-1.`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void client.close().then(() => process.exit(0))
  })
}
