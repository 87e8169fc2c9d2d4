/**
 * For the example's tests: the sandbox over HTTP and the example client beside it, on free ports of
 * 127.0.0.1, with an OAuth client registered for the example's actual redirect URI. The example reaches
 * the sandbox through the spec-checking fetch, so its calls are checked against the contract too.
 */
import { loadFixtures } from '../../src/core/fixtures/load-fixtures.ts'
import { type RunningSandbox, startHttpSandbox } from '../../src/testing/harness.ts'
import { type RunningOAuthClient, startOAuthClient } from './app.ts'

export const exampleClient = {
  clientID: 'cli_example',
  clientSecret: 'cs_example_secret',
  platform: 'example',
} as const

export interface ExampleSetup {
  running: RunningSandbox
  client: RunningOAuthClient
  close(): Promise<void>
}

export async function startExample(): Promise<ExampleSetup> {
  const running = await startHttpSandbox()
  const client = await startOAuthClient({
    sandboxUrl: running.baseUrl,
    port: 0,
    fetch: running.fetch,
    ...exampleClient,
  })
  await loadFixtures(
    running.sandbox.sim,
    { oauthClients: [{ ...exampleClient, name: 'Example Client', redirectURIs: [client.redirectUri] }] },
    'the example test setup',
  )
  return {
    running,
    client,
    async close() {
      await client.close()
      await running.close()
    },
  }
}
