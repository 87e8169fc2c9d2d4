/**
 * The virtual clock: real time plus an offset that only moves forward while the simulator runs. Everything
 * that expires or is scheduled (codes, tokens, webhook retries) reads this clock, so tests and users can
 * fast-forward. Only a state import sets the offset back to what was saved.
 */
export interface Clock {
  now(): number
  nowIso(): string
  offsetSeconds(): number
  advance(seconds: number): void
  /** State import only: put the offset back to a saved value. */
  restoreOffsetSeconds(seconds: number): void
  /** Called after every advance (the delivery scheduler runs due work here). */
  onAdvance(listener: () => void): () => void
}

export function createClock(options: { offsetMs?: number; realNow?: () => number } = {}): Clock {
  const realNow = options.realNow ?? Date.now
  let offsetMs = options.offsetMs ?? 0
  const listeners = new Set<() => void>()
  return {
    now: () => realNow() + offsetMs,
    nowIso: () => new Date(realNow() + offsetMs).toISOString(),
    offsetSeconds: () => offsetMs / 1000,
    advance(seconds) {
      if (!(seconds > 0) || !Number.isFinite(seconds)) throw new RangeError('The clock only moves forward')
      offsetMs += seconds * 1000
      for (const listener of listeners) listener()
    },
    restoreOffsetSeconds(seconds) {
      offsetMs = seconds * 1000
    },
    onAdvance(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
