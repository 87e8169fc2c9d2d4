/** The sandbox's webhook delivery operations under /__sandbox (tag `sandbox`; not the Service's contract). */
import {
  type DeliveryFilter,
  listDeliveries,
  replayDelivery,
  subscriptionHealth,
} from '../../core/events/deliveries.ts'
import { reply } from '../reply.ts'
import type { Route } from '../route.ts'

export interface DeliveryControlServices {
  deliveries: { wake(): void }
  /** Persist now (when the sandbox runs with --state). */
  persist(): Promise<void>
}

export const deliveryControlRoutes: Route<DeliveryControlServices>[] = [
  {
    operationId: 'sandboxListDeliveries',
    handle(context) {
      const { subscriptionID, eventID, status } = context.input.query as DeliveryFilter
      const filter: DeliveryFilter = {
        ...(subscriptionID !== undefined ? { subscriptionID } : {}),
        ...(eventID !== undefined ? { eventID } : {}),
        ...(status !== undefined ? { status } : {}),
      }
      return reply('sandboxListDeliveries', 200, listDeliveries(context.sim, filter))
    },
  },
  {
    operationId: 'sandboxReplayDelivery',
    async handle(context) {
      const delivery = await replayDelivery(context.sim, context.input.query.deliveryID as string)
      context.services.deliveries.wake()
      await context.services.persist()
      return reply('sandboxReplayDelivery', 200, delivery)
    },
  },
  {
    operationId: 'sandboxSubscriptionHealth',
    handle: (context) =>
      reply(
        'sandboxSubscriptionHealth',
        200,
        subscriptionHealth(context.sim, context.input.query.subscriptionID as string),
      ),
  },
]
