/**
 * `--state FILE`: the state survives restarts. Writes go to a temporary file in the same directory, are
 * flushed to disk, then renamed over the old one (rename is atomic on POSIX), so a kill -9 mid-write
 * leaves either the old state or the new one, never half of one. Writes are coalesced: at most one runs,
 * and the latest state waiting behind it is the only one written next.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { SandboxState } from '../core/store/state.ts'

export class StateFileError extends Error {
  constructor(file: string, reason: string) {
    super(`Cannot use the state file ${file}: ${reason}`)
    this.name = 'StateFileError'
  }
}

/** The saved state, or undefined when the file does not exist yet. */
export async function readStateFile(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(file, (error as Error).message)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new StateFileError(
      file,
      `it is not valid JSON (${(error as Error).message}). Move it away or fix it; nothing was overwritten.`,
    )
  }
  // `null` (or any non-object) would otherwise read as "no saved state" and be overwritten later.
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`
    throw new StateFileError(
      file,
      `it holds ${kind}, not a sandbox state (a JSON object). Move it away or fix it; nothing was overwritten.`,
    )
  }
  return value
}

/**
 * Removes temporary files that earlier writes of `file` left behind (a kill -9 between write and rename).
 * Call it before the writer starts; returns how many it removed.
 */
export async function removeStaleTempFiles(file: string): Promise<number> {
  const prefix = `.${basename(file)}.`
  const names = await readdir(dirname(file)).catch(() => [] as string[])
  const stale = names.filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
  await Promise.all(stale.map((name) => rm(join(dirname(file), name), { force: true })))
  return stale.length
}

export async function writeFileAtomically(file: string, content: string): Promise<void> {
  // Unique per call: two writes to one file at once must not share (and tear) one temporary file.
  // `--state .state/sandbox.json` on a fresh clone: the folder is ours to make.
  await mkdir(dirname(file), { recursive: true })
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomUUID()}.tmp`)
  const handle = await open(temp, 'w', 0o600)
  try {
    await handle.writeFile(content)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

export function createStateWriter(file: string): {
  write(state: SandboxState): Promise<void>
  flush(): Promise<void>
} {
  let running: Promise<void> | undefined
  let pending: SandboxState | undefined
  async function drain(): Promise<void> {
    try {
      while (pending) {
        const next = pending
        pending = undefined
        await writeFileAtomically(file, JSON.stringify(next))
      }
    } finally {
      // Also after a failure: the next write starts a new drain instead of getting this rejection forever.
      running = undefined
    }
  }
  return {
    write(state) {
      pending = state
      running ??= drain()
      return running
    },
    async flush() {
      while (running) await running
    },
  }
}
