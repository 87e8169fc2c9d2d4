/**
 * Every operation of the spec is simulated: none answers 501 NOT_IMPLEMENTED, which dispatch gives for a
 * spec operation without a route. Guards against a spec change that forgets the simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listOperations } from '../../contract/spec.ts'
import { createSandbox, type Sandbox } from '../../sandbox.ts'
import { createDispatch } from '../dispatch.ts'
import { Faults } from '../faults.ts'
import { RequestLog } from '../request-log.ts'

describe('route coverage', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await createSandbox()
  })
  afterAll(() => sandbox.close())

  it.each(listOperations().map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    '%s has a simulator route',
    async (_name, op) => {
      const response = await sandbox.dispatch({
        method: op.method.toUpperCase(),
        path: op.path,
        query: new URLSearchParams(),
        headers: {},
        rawBody: '',
        origin: 'http://sandbox.test',
      })
      expect(response.status).not.toBe(501)
    },
  )

  it('answers 501 for a spec operation that has no route, so the check above can fail', async () => {
    const dispatch = createDispatch({
      sim: sandbox.sim,
      routes: [],
      services: {},
      log: new RequestLog(),
      faults: new Faults(),
    })
    const response = await dispatch({
      method: 'GET',
      path: '/vendor/bill',
      query: new URLSearchParams(),
      headers: {},
      rawBody: '',
      origin: 'http://x',
    })
    expect(response.status).toBe(501)
    expect(response.json).toMatchObject({ code: 'NOT_IMPLEMENTED' })
  })
})
