/**
 * The `--state FILE` storage: atomic replacement, clear errors for a file that cannot be used, and a
 * coalescing writer whose promises resolve only once their state (or a later one) is on disk.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SandboxState } from '../core/store/state.ts'
import {
  createStateWriter,
  readStateFile,
  removeStaleTempFiles,
  StateFileError,
  writeFileAtomically,
} from './state-file.ts'

function stateNo(n: number): SandboxState {
  return {
    version: 1,
    clock: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    clockOffsetSeconds: n,
    signingKey: { kid: `kid-${n}`, privateJwk: {} },
    collections: { bills: [{ billID: `bill_${n}` }] },
  }
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'))
}

describe('state file', () => {
  let dir: string
  let file: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-state-file-'))
    file = join(dir, 'state.json')
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  describe('removeStaleTempFiles', () => {
    it('removes the temporary files an interrupted write left, and nothing else', async () => {
      await writeFile(file, '{}')
      await writeFile(join(dir, '.state.json.123.abc.tmp'), '{"half')
      await writeFile(join(dir, '.state.json.456.def.tmp'), '')
      await writeFile(join(dir, '.other.json.1.x.tmp'), 'not ours')
      await writeFile(join(dir, 'notes.tmp'), 'not ours')
      expect(await removeStaleTempFiles(file)).toBe(2)
      expect((await readdir(dir)).sort()).toEqual(['.other.json.1.x.tmp', 'notes.tmp', 'state.json'])
    })

    it('does nothing when the folder does not exist yet', async () => {
      expect(await removeStaleTempFiles(join(dir, 'missing', 'state.json'))).toBe(0)
    })
  })

  describe('writeFileAtomically', () => {
    it('creates the folders of a state file that do not exist yet', async () => {
      const nested = join(dir, '.state', 'deeper', 'sandbox.json')
      await writeFileAtomically(nested, '{"made":true}')
      expect(await readJson(nested)).toEqual({ made: true })
    })

    it('creates the file, then replaces its content, leaving no temporary file beside it', async () => {
      await writeFileAtomically(file, '{"first":true}')
      expect(await readFile(file, 'utf8')).toBe('{"first":true}')
      await writeFileAtomically(file, '{"second":true}')
      expect(await readFile(file, 'utf8')).toBe('{"second":true}')
      expect(await readdir(dir)).toEqual(['state.json'])
    })

    it('replaces a longer file with a shorter one without leftovers of the old content', async () => {
      await writeFileAtomically(file, JSON.stringify({ long: 'x'.repeat(10_000) }))
      await writeFileAtomically(file, '{}')
      expect(await readFile(file, 'utf8')).toBe('{}')
    })

    it('keeps each of several concurrent writes to one file whole: the file ends as one of them', async () => {
      const contents = [
        JSON.stringify({ who: 'a', pad: 'a'.repeat(50_000) }),
        JSON.stringify({ who: 'b' }),
        JSON.stringify({ who: 'c', pad: 'c'.repeat(5_000) }),
      ]
      // Several rounds: how the writes interleave varies from run to run.
      for (let round = 0; round < 20; round++) {
        await Promise.all(contents.map((content) => writeFileAtomically(file, content)))
        expect(contents).toContain(await readFile(file, 'utf8'))
      }
      expect(await readdir(dir)).toEqual(['state.json'])
    })

    it('lets a reader during a write see the old content or the new one, never a part', async () => {
      const old = JSON.stringify({ who: 'old', pad: 'o'.repeat(1_000_000) })
      const next = JSON.stringify({ who: 'new', pad: 'n'.repeat(4_000_000) })
      const seen = new Set<string>()
      for (let round = 0; round < 5; round++) {
        await writeFileAtomically(file, old)
        let done = false
        const writing = writeFileAtomically(file, next).finally(() => {
          done = true
        })
        // Bounded: the write ends (or fails) on its own, and the reads stop then.
        while (!done) {
          const text = await readFile(file, 'utf8')
          seen.add(text === old ? 'old' : text === next ? 'new' : `torn (${text.length} chars)`)
        }
        await writing
        expect(await readFile(file, 'utf8')).toBe(next)
      }
      expect([...seen].filter((kind) => kind.startsWith('torn'))).toEqual([])
      expect(seen.has('old')).toBe(true)
    })

    it('rejects when the target cannot be replaced and removes its temporary file', async () => {
      await mkdir(file)
      await expect(writeFileAtomically(file, '{}')).rejects.toThrow()
      expect(await readdir(dir)).toEqual(['state.json'])
    })
  })

  describe('readStateFile', () => {
    it('returns undefined when the file does not exist yet', async () => {
      expect(await readStateFile(file)).toBeUndefined()
    })

    it('returns the parsed document', async () => {
      await writeFile(file, JSON.stringify(stateNo(3)))
      expect(await readStateFile(file)).toEqual(stateNo(3))
    })

    it('throws a StateFileError naming the file, on one line, for invalid JSON, and leaves the file as it was', async () => {
      await writeFile(file, '{"version":1,')
      const error = await readStateFile(file).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(StateFileError)
      const message = (error as StateFileError).message
      expect(message).toContain(`Cannot use the state file ${file}`)
      expect(message).toContain('not valid JSON')
      expect(message).not.toContain('\n')
      expect(await readFile(file, 'utf8')).toBe('{"version":1,')
    })

    it.each([
      ['null', 'null'],
      ['[]', 'an array'],
      ['42', 'a number'],
      ['"state"', 'a string'],
    ])(
      'throws a StateFileError for valid JSON that is not an object (%s), rather than reading it as no state',
      async (content, kind) => {
        await writeFile(file, content)
        const error = await readStateFile(file).then(
          () => undefined,
          (e: unknown) => e,
        )
        expect(error).toBeInstanceOf(StateFileError)
        expect((error as StateFileError).message).toContain(
          `Cannot use the state file ${file}: it holds ${kind}`,
        )
      },
    )

    it('throws a StateFileError naming the file when it cannot be read', async () => {
      await mkdir(file)
      await expect(readStateFile(file)).rejects.toThrow(StateFileError)
      await expect(readStateFile(file)).rejects.toThrow(file)
    })
  })

  describe('createStateWriter', () => {
    it('writes the latest state last, and a write resolves only once its state or a later one is on disk', async () => {
      const writer = createStateWriter(file)
      const first = writer.write(stateNo(1))
      const second = writer.write(stateNo(2))
      const third = writer.write(stateNo(3))
      await second
      // The second and the third waited behind the first; only the latest of them was worth writing.
      expect(await readJson(file)).toEqual(stateNo(3))
      await Promise.all([first, third])
      expect(await readJson(file)).toEqual(stateNo(3))
      expect(await readdir(dir)).toEqual(['state.json'])
    })

    it('flush waits for the write in progress and the one queued behind it', async () => {
      const writer = createStateWriter(file)
      for (let n = 1; n <= 20; n++) void writer.write(stateNo(n))
      await writer.flush()
      expect(await readJson(file)).toEqual(stateNo(20))
    })

    it('flush returns at once when nothing is being written', async () => {
      const writer = createStateWriter(file)
      await writer.flush()
      await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' })
    })

    it('writes again after a failed write, once the cause is gone', async () => {
      const nested = join(dir, 'later', 'state.json')
      // A file where the folder should be: the write cannot succeed until it is gone.
      await writeFile(join(dir, 'later'), 'in the way')
      const writer = createStateWriter(nested)
      await expect(writer.write(stateNo(1))).rejects.toMatchObject({
        code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/),
      })
      await rm(join(dir, 'later'))
      await writer.write(stateNo(2))
      await writer.flush()
      expect(await readJson(nested)).toEqual(stateNo(2))
    })
  })
})
