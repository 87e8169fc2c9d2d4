/**
 * When the next attempt of a failed delivery is due, from the spec's `webhooks.event` extensions:
 * `x-retry-schedule-seconds` (one delay per retry), `x-jitter-ratio` (each delay varies by up to ±10 %,
 * so many failed deliveries do not come back at the same instant) and, for 429 and 503, the receiver's
 * `Retry-After` (RFC 9110 §10.2.3: delay-seconds or an HTTP-date), capped at one hour and not jittered,
 * so the next attempt is never earlier than the receiver asked.
 */
import { webhookPolicy } from '../../contract/spec.ts'

export const MAX_ATTEMPTS = webhookPolicy.retryScheduleSeconds.length + 1
export const RETRY_AFTER_CAP_SECONDS = 3600

/** Statuses whose Retry-After is honoured (RFC 6585 §4, RFC 9110 §15.6.4). */
const RETRY_AFTER_STATUSES = new Set([429, 503])

/** Seconds to wait as a Retry-After value says, capped; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, realNowMs: number): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  let seconds: number
  if (/^\d+$/.test(trimmed)) {
    seconds = Number(trimmed)
  } else {
    // An HTTP-date always names the day or month (RFC 9110 §5.6.7); Date.parse alone would read "-5" as
    // a year. It is the receiver's real time, so it is measured against the real clock.
    const date = /[A-Za-z]{3}/.test(trimmed) ? Date.parse(trimmed) : Number.NaN
    if (Number.isNaN(date)) return undefined
    seconds = Math.max(0, Math.ceil((date - realNowMs) / 1000))
  }
  return Math.min(seconds, RETRY_AFTER_CAP_SECONDS)
}

export interface FailedAttempt {
  /** Attempts made so far, the failed one included. */
  attemptsMade: number
  /** The receiver's status, when it answered. */
  status: number | null
  retryAfter: string | null
}

/**
 * Seconds until the next attempt, or undefined when the schedule is used up (the delivery has failed).
 * `random` returns [0, 1) like Math.random.
 */
export function nextDelaySeconds(
  failed: FailedAttempt,
  options: { random: () => number; realNowMs: number },
): number | undefined {
  if (failed.attemptsMade >= MAX_ATTEMPTS) return undefined
  if (failed.status !== null && RETRY_AFTER_STATUSES.has(failed.status)) {
    const asked = parseRetryAfter(failed.retryAfter, options.realNowMs)
    if (asked !== undefined) return asked
  }
  const base = webhookPolicy.retryScheduleSeconds[failed.attemptsMade - 1]
  if (base === undefined) return undefined
  const jitter = webhookPolicy.jitterRatio * (2 * options.random() - 1)
  return base * (1 + jitter)
}
