/**
 * Client authentication of the OAuth endpoints: an app by `app_id` + `app_key` (authorize, grant) or by
 * `key_id` + `key_secret` (token), a redirect-flow client by `client_id` + `client_secret`. Secrets are
 * compared as SHA-256 digests in constant time, and an unknown id costs the same hashing as a wrong
 * secret, so timing tells nothing about which ids exist. Failure: 401 `invalid_client` (RFC 6749 §5.2).
 */
import { secretMatches } from '../auth/secrets.ts'
import { SandboxError } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { AppRecord, OAuthClientRecord } from '../store/records.ts'

function invalidClient(detail: string): SandboxError {
  return new SandboxError({ status: 401, code: 'invalid_client', detail })
}

export async function authenticateAppKey(sim: Simulator, appID: string, appKey: string): Promise<AppRecord> {
  const app = sim.db.apps.get(appID)
  const ok = await secretMatches(appKey, app?.appKeyHash)
  if (!app || !ok) throw invalidClient('Unknown app_id or wrong app_key.')
  return app
}

export async function authenticateAppSecret(
  sim: Simulator,
  keyID: string,
  keySecret: string,
): Promise<AppRecord> {
  const app = sim.db.apps.filter((a) => a.keyID === keyID)[0]
  const ok = await secretMatches(keySecret, app?.keySecretHash)
  if (!app || !ok) throw invalidClient('Unknown key_id or wrong key_secret.')
  return app
}

export async function authenticateClient(
  sim: Simulator,
  clientID: string,
  clientSecret: string,
): Promise<OAuthClientRecord> {
  const client = sim.db.oauthClients.get(clientID)
  const ok = await secretMatches(clientSecret, client?.clientSecretHash)
  if (!client || !ok) throw invalidClient('Unknown client_id or wrong client_secret.')
  return client
}
