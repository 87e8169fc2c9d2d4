/**
 * Table: an @msw/data collection with a synchronous primary-key index. Reads by key go through the index,
 * writes apply to the index before their promise is returned, queries wait for the collection to catch up.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { recordSchema } from './record-schema.ts'
import { Table } from './table.ts'

interface Ticket extends Record<string, unknown> {
  ticketID: string
  title: string
  claimedBy: string | null
  seats: number
}

const ticketSchema = recordSchema<Ticket>('test-tickets', {
  type: 'object',
  required: ['ticketID', 'title', 'claimedBy', 'seats'],
  additionalProperties: false,
  properties: {
    ticketID: { type: 'string', minLength: 1 },
    title: { type: 'string', minLength: 1 },
    claimedBy: { type: ['string', 'null'] },
    seats: { type: 'integer', minimum: 0 },
  },
})

function ticket(n: number, overrides: Partial<Ticket> = {}): Ticket {
  return { ticketID: `t${n}`, title: `Ticket ${n}`, claimedBy: null, seats: n, ...overrides }
}

describe('Table', () => {
  let table: Table<Ticket>

  beforeEach(() => {
    table = new Table<Ticket>('tickets', 'ticketID', ticketSchema)
  })

  describe('get, insert, update, delete through the index', () => {
    it('returns an inserted record by key, and undefined for an unknown key', async () => {
      await table.insert(ticket(1))
      expect(table.get('t1')).toEqual(ticket(1))
      expect(table.has('t1')).toBe(true)
      expect(table.get('t2')).toBeUndefined()
      expect(table.has('t2')).toBe(false)
      expect(table.size).toBe(1)
    })

    it('stores a copy: changing the inserted object afterwards does not change the table', async () => {
      const original = ticket(1)
      await table.insert(original)
      original.title = 'changed behind its back'
      expect(table.get('t1')?.title).toBe('Ticket 1')
    })

    it('updates a record and resolves to the new record', async () => {
      await table.insert(ticket(1))
      const updated = await table.update('t1', (draft) => {
        draft.title = 'Renamed'
      })
      expect(updated).toEqual(ticket(1, { title: 'Renamed' }))
      expect(table.get('t1')).toEqual(ticket(1, { title: 'Renamed' }))
    })

    it('rejects an update of an unknown key', async () => {
      await expect(table.update('nope', () => {})).rejects.toThrow('tickets: no ticketID nope')
    })

    it('deletes a record: gone from get, count and queries', async () => {
      await table.insert(ticket(1))
      await table.insert(ticket(2))
      expect(table.delete('t1')).toBe(true)
      expect(table.get('t1')).toBeUndefined()
      expect(table.count()).toBe(1)
      expect((await table.findMany()).map((t) => t.ticketID)).toEqual(['t2'])
      expect(table.delete('t1')).toBe(false)
    })

    it('accepts a key again after the record with that key was deleted', async () => {
      await table.insert(ticket(1))
      table.delete('t1')
      await table.insert(ticket(1, { title: 'Second life' }))
      expect(table.get('t1')?.title).toBe('Second life')
      expect(await table.findMany()).toEqual([ticket(1, { title: 'Second life' })])
    })
  })

  describe('rejected writes change nothing', () => {
    it('rejects an insert with a key that exists and keeps the first record', async () => {
      await table.insert(ticket(1))
      await expect(table.insert(ticket(1, { title: 'Impostor' }))).rejects.toThrow(
        'tickets: duplicate ticketID t1',
      )
      expect(table.get('t1')?.title).toBe('Ticket 1')
      expect(table.size).toBe(1)
      expect(await table.findMany()).toEqual([ticket(1)])
    })

    it('rejects an insert that breaks the schema and stores nothing', async () => {
      const broken = { ...ticket(1), seats: -1, extra: true } as Ticket
      await expect(table.insert(broken)).rejects.toThrow(/tickets: invalid record: .*seats/)
      expect(table.has('t1')).toBe(false)
      expect(table.size).toBe(0)
      expect(await table.findMany()).toEqual([])
    })

    it('rejects an update that breaks the schema and keeps the record as it was', async () => {
      await table.insert(ticket(1))
      await expect(
        table.update('t1', (draft) => {
          draft.title = ''
        }),
      ).rejects.toThrow(/invalid record: .*title/)
      expect(table.get('t1')).toEqual(ticket(1))
      expect(await table.findMany()).toEqual([ticket(1)])
    })
  })

  describe('writes are visible at once', () => {
    it('applies an update to get before the update promise resolves', async () => {
      await table.insert(ticket(1))
      const pending = table.update('t1', (draft) => {
        draft.claimedBy = 'ann'
      })
      // No await yet: the index already has the new record.
      expect(table.get('t1')?.claimedBy).toBe('ann')
      await pending
      expect(table.get('t1')?.claimedBy).toBe('ann')
    })

    it('lets exactly one of two check-then-update sequences started together see the old value', async () => {
      await table.insert(ticket(1))
      const seenUnclaimed: string[] = []
      async function claim(who: string): Promise<boolean> {
        // A rule as the domain code writes it: read, decide, write, with no await in between.
        const current = table.get('t1')
        if (current?.claimedBy !== null) return false
        seenUnclaimed.push(who)
        await table.update('t1', (draft) => {
          draft.claimedBy = who
        })
        return true
      }
      const results = await Promise.all([claim('ann'), claim('bob')])
      expect(results).toEqual([true, false])
      expect(seenUnclaimed).toEqual(['ann'])
      expect(table.get('t1')?.claimedBy).toBe('ann')
      expect((await table.findMany())[0]?.claimedBy).toBe('ann')
    })

    it('counts from the index without waiting for the collection', () => {
      void table.insert(ticket(1))
      void table.insert(ticket(2, { claimedBy: 'ann' }))
      expect(table.count()).toBe(2)
      expect(table.count((t) => t.claimedBy === 'ann')).toBe(1)
      expect(table.filter((t) => t.claimedBy === null).map((t) => t.ticketID)).toEqual(['t1'])
    })
  })

  describe('findMany', () => {
    it('returns records in insertion order, paged with skip and take', async () => {
      for (const n of [5, 3, 9, 1, 7]) void table.insert(ticket(n))
      const ids = async (options: { skip?: number; take?: number }) =>
        (await table.findMany(undefined, options)).map((t) => t.ticketID)
      expect(await ids({})).toEqual(['t5', 't3', 't9', 't1', 't7'])
      expect(await ids({ take: 2 })).toEqual(['t5', 't3'])
      expect(await ids({ skip: 2, take: 2 })).toEqual(['t9', 't1'])
      expect(await ids({ skip: 4, take: 2 })).toEqual(['t7'])
      expect(await ids({ skip: 5, take: 2 })).toEqual([])
    })

    it('filters with a predicate, keeping insertion order', async () => {
      for (const n of [1, 2, 3, 4, 5, 6]) void table.insert(ticket(n))
      const even = await table.findMany((t) => t.seats % 2 === 0, { skip: 1, take: 5 })
      expect(even.map((t) => t.ticketID)).toEqual(['t4', 't6'])
    })

    it('sees updates once they settle, without moving the record', async () => {
      for (const n of [1, 2, 3]) await table.insert(ticket(n))
      void table.update('t2', (draft) => {
        draft.claimedBy = 'ann'
      })
      void table.update('t2', (draft) => {
        draft.seats = 42
      })
      // findMany waits for the queue itself; no explicit settle needed.
      const records = await table.findMany()
      expect(records.map((t) => t.ticketID)).toEqual(['t1', 't2', 't3'])
      expect(records[1]).toEqual(ticket(2, { claimedBy: 'ann', seats: 42 }))
      expect(await table.findMany((t) => t.claimedBy === 'ann')).toEqual([
        ticket(2, { claimedBy: 'ann', seats: 42 }),
      ])
    })

    it('drops properties an update removes', async () => {
      const withExtra = recordSchema<Record<string, unknown>>('test-open', {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' } },
      })
      const open = new Table<Record<string, unknown>>('open', 'id', withExtra)
      await open.insert({ id: 'a', note: 'temporary' })
      await open.update('a', (draft) => {
        delete draft.note
      })
      expect(open.get('a')).toEqual({ id: 'a' })
      expect(await open.findMany()).toEqual([{ id: 'a' }])
    })
  })

  describe('clear', () => {
    it('empties the index and the collection, and the table takes the same keys again', async () => {
      for (const n of [1, 2, 3]) void table.insert(ticket(n))
      table.clear()
      expect(table.size).toBe(0)
      expect(table.get('t1')).toBeUndefined()
      expect(table.all()).toEqual([])
      expect(await table.findMany()).toEqual([])

      await table.insert(ticket(2))
      expect(await table.findMany()).toEqual([ticket(2)])
      expect(table.all()).toEqual([ticket(2)])
    })
  })
})
