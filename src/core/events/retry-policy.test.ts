import { describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS, nextDelaySeconds, parseRetryAfter, RETRY_AFTER_CAP_SECONDS } from './retry-policy.ts'

const realNowMs = Date.parse('2026-11-23T10:00:00.000Z')
const middle = () => 0.5
const failed = (attemptsMade: number, status: number | null = 500, retryAfter: string | null = null) => ({
  attemptsMade,
  status,
  retryAfter,
})

describe('the retry schedule', () => {
  it.each([
    { attemptsMade: 1, want: 5 },
    { attemptsMade: 2, want: 30 },
    { attemptsMade: 3, want: 120 },
    { attemptsMade: 4, want: 600 },
    { attemptsMade: 5, want: 1800 },
    { attemptsMade: 6, want: 3600 },
    { attemptsMade: 7, want: 10800 },
  ])('waits $want s after $attemptsMade failed attempts (without jitter)', ({ attemptsMade, want }) => {
    expect(nextDelaySeconds(failed(attemptsMade), { random: middle, realNowMs })).toBe(want)
  })

  it('gives up after 8 attempts in all', () => {
    expect(MAX_ATTEMPTS).toBe(8)
    expect(nextDelaySeconds(failed(8), { random: middle, realNowMs })).toBeUndefined()
  })

  it('varies each delay by at most ten percent either way', () => {
    expect(nextDelaySeconds(failed(2), { random: () => 0, realNowMs })).toBeCloseTo(27)
    expect(nextDelaySeconds(failed(2), { random: () => 0.999999, realNowMs })).toBeCloseTo(33)
  })
})

describe('Retry-After', () => {
  it.each([
    { given: '120', want: 120 },
    { given: ' 0 ', want: 0 },
    { given: '7200', want: RETRY_AFTER_CAP_SECONDS },
    { given: 'Mon, 23 Nov 2026 10:01:30 GMT', want: 90 },
    { given: 'Mon, 23 Nov 2026 09:00:00 GMT', want: 0 },
    { given: 'soon', want: undefined },
    { given: '-5', want: undefined },
  ])('reads $given as $want seconds', ({ given, want }) => {
    expect(parseRetryAfter(given, realNowMs)).toBe(want)
  })

  it('replaces the schedule, without jitter, on 429 and 503', () => {
    expect(nextDelaySeconds(failed(1, 429, '60'), { random: () => 0, realNowMs })).toBe(60)
    expect(nextDelaySeconds(failed(1, 503, '60'), { random: () => 0, realNowMs })).toBe(60)
  })

  it('is ignored on other statuses and when unreadable', () => {
    expect(nextDelaySeconds(failed(1, 500, '60'), { random: middle, realNowMs })).toBe(5)
    expect(nextDelaySeconds(failed(1, 429, 'later'), { random: middle, realNowMs })).toBe(5)
  })

  it('does not add attempts beyond the schedule', () => {
    expect(nextDelaySeconds(failed(8, 429, '60'), { random: middle, realNowMs })).toBeUndefined()
  })
})
