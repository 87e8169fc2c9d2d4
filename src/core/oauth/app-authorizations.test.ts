import { beforeEach, describe, expect, it } from 'vitest'
import { defaultFixtures } from '../../testing/harness.ts'
import { loadFixtures } from '../fixtures/load-fixtures.ts'
import { createSimulator, type Simulator } from '../simulator.ts'
import type { AuthorizationCodeRecord } from '../store/oauth-records.ts'
import { appMayReadBills } from './app-authorizations.ts'

describe('which businesses an app may read bills of', () => {
  let sim: Simulator
  let n = 0

  beforeEach(async () => {
    sim = await createSimulator()
    await loadFixtures(sim, defaultFixtures)
  })

  async function code(fields: Partial<AuthorizationCodeRecord>): Promise<void> {
    n += 1
    const now = sim.clock.nowIso()
    await sim.db.authorizationCodes.insert({
      codeHash: n.toString(16).padStart(64, '0'),
      codeID: `cod_${n}`,
      flow: 'app',
      clientID: 'app_ledgerly',
      userID: 'usr_vic',
      redirectURI: 'http://127.0.0.1:5173/callback',
      permissions: ['bills:read'],
      state: null,
      codeChallenge: null,
      issuedAt: now,
      expiresAt: now,
      consumedAt: now,
      tokenJti: `tok_${n}`,
      ...fields,
    })
  }

  it('counts a code a member exchanged for a token with bills:read, for that member business only', async () => {
    await code({})
    expect(appMayReadBills(sim, 'app_ledgerly', 'biz_acme')).toBe(true)
    expect(appMayReadBills(sim, 'app_ledgerly', 'biz_globex')).toBe(false)
    expect(appMayReadBills(sim, 'app_hooks', 'biz_acme')).toBe(false)
  })

  it('does not count a code not yet exchanged, one spent without a token, or one whose token was revoked', async () => {
    await code({ consumedAt: null, tokenJti: null })
    await code({ tokenJti: null })
    await code({ tokenJti: 'tok_revoked' })
    await sim.db.tokenRevocations.insert({
      jti: 'tok_revoked',
      reason: 'code_reuse',
      revokedAt: sim.clock.nowIso(),
    })
    expect(appMayReadBills(sim, 'app_ledgerly', 'biz_acme')).toBe(false)
  })

  it('does not count a code of the redirect flow or one without bills:read', async () => {
    await code({ flow: 'redirect' })
    await code({ permissions: ['profile:read'] })
    expect(appMayReadBills(sim, 'app_ledgerly', 'biz_acme')).toBe(false)
  })
})
