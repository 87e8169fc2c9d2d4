/**
 * Bill lifecycle events (`x-lifecycle.events`: bill.created, bill.submitted, ...) reach webhooks: the
 * simulator emits a domain event on every transition, and this publishes it as the service to the
 * subscriptions of its code.
 */
import type { Simulator } from '../simulator.ts'
import { publishServiceEvent } from './publish.ts'

/** Starts forwarding; returns the function that stops it. */
export function forwardServiceEvents(
  sim: Simulator,
  handlers: { onPublished(): void; onError(error: unknown): void },
): () => void {
  return sim.onEvent((event) => {
    try {
      const published = publishServiceEvent(sim, event.code, event.payload)
      if (!published) return
      published.written.catch(handlers.onError)
      handlers.onPublished()
    } catch (error) {
      // A listener must not break the bill operation that emitted the event.
      handlers.onError(error)
    }
  })
}
