/**
 * The event endpoints' app authentication: X-Service-App-ID, X-Service-Key-ID and X-Service-Key-Secret.
 * Missing or wrong values give 401 (seed, Authentication 4); the secret is compared in constant time and
 * the same answer is given whichever of the three is wrong.
 */
import { unauthorized } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { AppRecord } from '../store/records.ts'
import { constantTimeEqual, secretMatches } from './secrets.ts'

export async function authenticateApp(
  sim: Simulator,
  headers: Record<string, string | undefined>,
): Promise<AppRecord> {
  const appID = headers['x-service-app-id']
  const keyID = headers['x-service-key-id']
  const keySecret = headers['x-service-key-secret']
  if (!appID || !keyID || !keySecret) {
    throw unauthorized(
      'invalid_credentials',
      'X-Service-App-ID, X-Service-Key-ID and X-Service-Key-Secret are required.',
    )
  }
  const app = sim.db.apps.get(appID)
  const secretOk = await secretMatches(keySecret, app?.keySecretHash)
  if (!app || !constantTimeEqual(keyID, app.keyID) || !secretOk) {
    throw unauthorized('invalid_credentials', 'The app credentials are not valid.')
  }
  return app
}
