/**
 * Bill rules called directly, where the interleaving of concurrent calls is deterministic: each domain
 * function runs synchronously up to its first await, so starting two calls back to back without awaiting
 * puts the second one exactly in the first one's gap, if it has one.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { defaultFixtures } from '../../testing/harness.ts'
import { principalOf, resolveBusinessAccess } from '../auth/access.ts'
import { issueAccessToken, verifyAccessToken } from '../auth/tokens.ts'
import { loadFixtures } from '../fixtures/load-fixtures.ts'
import { createSimulator, type Simulator } from '../simulator.ts'
import { mapBillToPayout, markBillPaidExternally, reviewBill } from './bill-operations.ts'

describe('concurrent bill operations', () => {
  let sim: Simulator
  let access: ReturnType<typeof resolveBusinessAccess>

  beforeEach(async () => {
    sim = await createSimulator()
    await loadFixtures(sim, defaultFixtures)
    const issued = await issueAccessToken(sim.keys, sim.clock, sim.issuer, 3600, {
      sub: 'usr_ada',
      kind: 'user',
    })
    const principal = principalOf(sim, await verifyAccessToken(sim.keys, sim.clock, sim.issuer, issued.token))
    access = resolveBusinessAccess(sim, principal, 'mapBillToPayout', 'biz_acme')
  })

  it('settles an approved bill once when a payout mapping and a paid-externally start together', async () => {
    const results = await Promise.allSettled([
      mapBillToPayout(sim, access, 'bill_0003', 'pay_0001', undefined),
      markBillPaidExternally(sim, access, 'bill_0003', {}),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const bill = sim.db.bills.get('bill_0003')
    expect(bill?.payment?.method).toBe('payout')
    expect(sim.db.payouts.get('pay_0001')?.billID).toBe('bill_0003')
  })

  it('approves a bill in review once when two reviews start together', async () => {
    const results = await Promise.allSettled([
      reviewBill(sim, access, 'bill_0002', 'APPROVE', undefined),
      reviewBill(sim, access, 'bill_0002', 'DECLINE', 'too late'),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected'])
    expect(sim.db.bills.get('bill_0002')?.status).toBe('approved')
  })
})
