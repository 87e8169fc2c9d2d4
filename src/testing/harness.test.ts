import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billHeaders, demoUsers, type RunningSandbox, sandboxModes, signIn } from './harness.ts'

describe.each(sandboxModes)('the harness %s', (_mode, start) => {
  let running: RunningSandbox
  beforeAll(async () => {
    running = await start()
  })
  afterAll(() => running.close())

  it('signs in a demo user and reads a fixture bill whose response matches the spec', async () => {
    const token = await signIn(running, demoUsers.admin)
    const response = await running.fetch(`${running.baseUrl}/vendor/bill?billID=bill_0001`, {
      headers: billHeaders(token),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      billID: 'bill_0001',
      status: 'draft',
      totals: { total: 64600 },
    })
  })

  it('throws a ContractViolation when an answer breaks the spec', async () => {
    running.sandbox.faults.replace({ getBill: { status: 418 } })
    const token = await signIn(running, demoUsers.admin)
    await expect(
      running.fetch(`${running.baseUrl}/vendor/bill?billID=bill_0001`, { headers: billHeaders(token) }),
    ).rejects.toThrow(/status 418 is not declared/)
    running.sandbox.faults.clear()
  })
})
