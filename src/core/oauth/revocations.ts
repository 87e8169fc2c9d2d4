/**
 * Revoked access tokens, by jti. Tokens are stateless JWTs, so revocation is a deny list that
 * `principalOf` (core/auth/access.ts) consults on every authenticated request.
 */
import type { Simulator } from '../simulator.ts'
import type { TokenRevocationRecord } from '../store/oauth-records.ts'

export async function revokeToken(
  sim: Simulator,
  jti: string,
  reason: TokenRevocationRecord['reason'],
): Promise<void> {
  if (sim.db.tokenRevocations.has(jti)) return
  await sim.db.tokenRevocations.insert({ jti, reason, revokedAt: sim.clock.nowIso() })
}
