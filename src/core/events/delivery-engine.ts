/**
 * The delivery scheduler. Deliveries live in the `deliveries` table with `nextAttemptAt` on the virtual
 * clock; the engine keeps no schedule of its own, so whatever is in the table after a publish, a replay,
 * a reset or a state import (a restart) is what runs. It starts attempts:
 * - right after a publish or replay (`wake`, asynchronously: publishing never waits for a receiver);
 * - when the virtual clock is advanced (everything now due runs; `runDue` lets callers await that);
 * - on a real timer set for the earliest pending attempt, so a running server retries on its own.
 * Timers are unref'd (they never keep a process alive) and `close` cancels them and aborts attempts in
 * flight; an aborted attempt is not recorded, so its delivery stays due and a restart makes it again.
 *
 * Finding due work scans the deliveries index: fine at sandbox sizes, and it cannot drift from the state.
 */
import { webhookPolicy } from '../../contract/spec.ts'
import type { Simulator } from '../simulator.ts'
import { attemptDelivery } from './attempt-delivery.ts'
import { MAX_ATTEMPTS } from './retry-policy.ts'
import { type SendWebhook, sendWithFetch } from './send-webhook.ts'

export interface DeliveryEngineOptions {
  /** How deliveries are sent (default: fetch, never following redirects). */
  send?: SendWebhook
  /** A receiver that has not answered by then has timed out (default: the spec's x-timeout-seconds). */
  timeoutMs?: number
  /** [0, 1), for the retry jitter (default Math.random). */
  random?: () => number
  /** Called after attempts changed the state (the sandbox persists `--state` here). */
  onChange?: () => Promise<void> | void
  /** Unexpected failures; the message never contains a secret. Default: console.error. */
  onError?: (error: unknown) => void
}

export interface DeliveryEngine {
  /** Looks for due deliveries soon; call after creating deliveries. */
  wake(): void
  /**
   * Starts every due attempt and waits for all attempts in flight, again while that makes more due
   * (a `Retry-After: 0`). Bounded: a delivery makes at most 8 attempts.
   */
  runDue(): Promise<void>
  /** Resolves once no attempt is in flight and no wake is pending. */
  idle(): Promise<void>
  /** Pauses the engine and aborts attempts in flight around `work` (a reset or an import), then wakes. */
  replacing(work: () => Promise<void>): Promise<void>
  /** Stops for good: timers cancelled, listeners removed, attempts in flight aborted and awaited. */
  close(): Promise<void>
}

// setTimeout takes at most a signed 32-bit number of milliseconds.
const MAX_TIMER_MS = 2 ** 31 - 1

export function createDeliveryEngine(sim: Simulator, options: DeliveryEngineOptions = {}): DeliveryEngine {
  const send = options.send ?? sendWithFetch
  const timeoutMs = options.timeoutMs ?? webhookPolicy.timeoutSeconds * 1000
  const random = options.random ?? Math.random
  const onError =
    options.onError ??
    ((error: unknown) => {
      console.error(
        `[service-sandbox] webhook delivery failed unexpectedly: ${(error as Error)?.message ?? error}`,
      )
    })
  const inFlight = new Map<string, Promise<void>>()
  let controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  let woken: Promise<void> | undefined
  let paused = false
  let closed = false

  function isDue(nextAttemptAt: string | null, now: number): boolean {
    return nextAttemptAt !== null && Date.parse(nextAttemptAt) <= now
  }

  /** A delivery whose attempt threw is marked failed, so it cannot be retried in a tight loop. */
  async function markBroken(deliveryID: string): Promise<void> {
    if (sim.db.deliveries.get(deliveryID)?.status !== 'pending') return
    await sim.db.deliveries.update(deliveryID, (draft) => {
      draft.status = 'failed'
      draft.nextAttemptAt = null
    })
  }

  async function changed(): Promise<void> {
    arm()
    await options.onChange?.()
  }

  function start(deliveryID: string): void {
    const run = attemptDelivery(sim, deliveryID, { send, timeoutMs, random, signal: controller.signal })
      .catch(async (error: unknown) => {
        onError(error)
        await markBroken(deliveryID)
      })
      .finally(() => inFlight.delete(deliveryID))
      .then(changed)
      .catch(onError)
    inFlight.set(deliveryID, run)
  }

  async function runDue(): Promise<void> {
    // Each round waits for the attempts it started; a delivery makes at most MAX_ATTEMPTS, so more rounds
    // than that would mean a record that cannot change (a bug), not work to do.
    for (let round = 0; round <= MAX_ATTEMPTS && !paused && !closed; round++) {
      const now = sim.clock.now()
      for (const delivery of sim.db.deliveries.all()) {
        if (
          delivery.status === 'pending' &&
          isDue(delivery.nextAttemptAt, now) &&
          !inFlight.has(delivery.deliveryID)
        )
          start(delivery.deliveryID)
      }
      if (inFlight.size === 0) break
      await Promise.all(inFlight.values())
    }
    arm()
  }

  /** Sets the real timer for the earliest pending attempt that is not running. */
  function arm(): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (paused || closed) return
    let earliest = Number.POSITIVE_INFINITY
    for (const delivery of sim.db.deliveries.all()) {
      if (
        delivery.status !== 'pending' ||
        delivery.nextAttemptAt === null ||
        inFlight.has(delivery.deliveryID)
      )
        continue
      earliest = Math.min(earliest, Date.parse(delivery.nextAttemptAt))
    }
    if (earliest === Number.POSITIVE_INFINITY) return
    const delay = Math.min(Math.max(0, earliest - sim.clock.now()), MAX_TIMER_MS)
    timer = setTimeout(() => {
      timer = undefined
      wake()
    }, delay)
    // Node: a pending retry must not keep the process alive. Browsers have no unref.
    ;(timer as { unref?: () => void }).unref?.()
  }

  function wake(): void {
    if (closed) return
    woken ??= Promise.resolve().then(async () => {
      woken = undefined
      await runDue()
    })
  }

  async function stopInFlight(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    controller.abort()
    await Promise.allSettled(inFlight.values())
    controller = new AbortController()
  }

  const offAdvance = sim.clock.onAdvance(() => wake())
  wake()

  return {
    wake,
    runDue,
    async idle() {
      while (woken !== undefined || inFlight.size > 0) {
        await Promise.all([woken, ...inFlight.values()])
      }
    },
    async replacing(work) {
      paused = true
      try {
        await stopInFlight()
        await work()
      } finally {
        paused = false
        wake()
      }
    },
    async close() {
      closed = true
      offAdvance()
      await stopInFlight()
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}
