/**
 * The app-credential flow's token exchange: the app authenticates with `key_id` + `key_secret` and
 * redeems a code issued to it, once, for a JWT of kind `app` carrying the code's permissions (which bill
 * operations enforce, limited by the user's role: core/auth/access.ts).
 */
import { lifetimes } from '../../contract/spec.ts'
import { issueAccessToken } from '../auth/tokens.ts'
import type { Simulator } from '../simulator.ts'
import { redeemAuthorizationCode } from './authorization-codes.ts'
import { authenticateAppSecret } from './client-credentials.ts'

export async function exchangeAppCode(
  sim: Simulator,
  request: { auth_code: string; key_id: string; key_secret: string },
): Promise<{ access_token: string; token_type: 'Bearer'; expires_in: number; permissions: string }> {
  const app = await authenticateAppSecret(sim, request.key_id, request.key_secret)
  const { code, tokenJti } = await redeemAuthorizationCode(sim, request.auth_code, {
    flow: 'app',
    clientID: app.appID,
  })
  const issued = await issueAccessToken(
    sim.keys,
    sim.clock,
    sim.issuer,
    lifetimes.accessTokenSeconds,
    { sub: code.userID, kind: 'app', permissions: code.permissions, appID: app.appID, codeID: code.codeID },
    tokenJti,
  )
  return {
    access_token: issued.token,
    token_type: 'Bearer',
    expires_in: issued.expiresIn,
    permissions: code.permissions.join(','),
  }
}
