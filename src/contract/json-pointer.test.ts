import { describe, expect, it } from 'vitest'
import { resolveRefIn, valueAt } from './json-pointer.ts'

const document = {
  components: {
    schemas: {
      Bill: { type: 'object' },
      Alias: { $ref: '#/components/schemas/Bill' },
      Loop: { $ref: '#/components/schemas/Loop' },
    },
  },
  paths: { '/vendor/bill': { get: { operationId: 'getBill' } } },
  'a~b': { list: ['zero', 'one'] },
}

describe('JSON pointers and local refs', () => {
  it('reads a path with escaped slashes and tildes (RFC 6901)', () => {
    expect(valueAt(document, '#/paths/~1vendor~1bill/get/operationId')).toBe('getBill')
    expect(valueAt(document, '/a~0b/list/1')).toBe('one')
    expect(valueAt(document, '/missing/deeper')).toBeUndefined()
  })

  it('follows refs through aliases and gives up on dangling, external and cyclic ones', () => {
    expect(resolveRefIn(document, { $ref: '#/components/schemas/Alias' })).toEqual({ type: 'object' })
    expect(resolveRefIn(document, { type: 'string' })).toEqual({ type: 'string' })
    expect(resolveRefIn(document, { $ref: '#/components/schemas/Nope' })).toBeUndefined()
    expect(resolveRefIn(document, { $ref: 'other.yaml#/x' })).toBeUndefined()
    expect(resolveRefIn(document, { $ref: '#/components/schemas/Loop' })).toBeUndefined()
  })
})
