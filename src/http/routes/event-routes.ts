/**
 * The four event operations. Dispatch has authenticated the app (X-Service-* headers, 401
 * `invalid_credentials`) and validated the input; each handler calls one domain function and replies in
 * the `{data, status_code}` envelope. Publishing wakes the delivery engine and answers without waiting
 * for any receiver.
 */
import { registerEvent } from '../../core/events/event-codes.ts'
import { publishAppEvent } from '../../core/events/publish.ts'
import { createSubscription, updateSubscription } from '../../core/events/subscriptions.ts'
import type { components } from '../../generated/openapi.ts'
import { reply } from '../reply.ts'
import { type Route, requireApp } from '../route.ts'

export interface EventServices {
  deliveries: { wake(): void }
}

type Schemas = components['schemas']

export const eventRoutes: Route<EventServices>[] = [
  {
    operationId: 'registerEvent',
    async handle(context) {
      const name = context.input.query.name as string
      await registerEvent(context.sim, requireApp(context), name)
      return reply('registerEvent', 200, { data: { message: `Event ${name} registered` }, status_code: 200 })
    },
  },
  {
    operationId: 'publishEvent',
    async handle(context) {
      const { data } = context.input.body as { data: Schemas['PublishData'] }
      const result = await publishAppEvent(context.sim, requireApp(context), data)
      if (!result.duplicate) context.services.deliveries.wake()
      const { eventID } = result.event
      const message = result.duplicate
        ? `Event ${eventID} was already published with this idempotency key; nothing was sent again`
        : `Event published to ${result.deliveries} subscription${result.deliveries === 1 ? '' : 's'}`
      return reply('publishEvent', 200, {
        data: {
          message,
          eventID,
          deliveries: result.deliveries,
          ...(result.duplicate ? { duplicate: true } : {}),
        },
        status_code: 200,
      })
    },
  },
  {
    operationId: 'createSubscription',
    async handle(context) {
      const { subs } = context.input.body as { subs: Schemas['SubscriptionCreate'] }
      const { subscription, generatedSecret } = await createSubscription(
        context.sim,
        requireApp(context),
        subs,
      )
      return reply('createSubscription', 200, {
        data: {
          message: `Subscribed to ${subscription.code}`,
          subscriptionID: subscription.subscriptionID,
          ...(generatedSecret ? { secret: generatedSecret } : {}),
        },
        status_code: 200,
      })
    },
  },
  {
    operationId: 'updateSubscription',
    async handle(context) {
      const { subs } = context.input.body as { subs: Schemas['SubscriptionUpdate'] }
      const { subscription, generatedSecret } = await updateSubscription(
        context.sim,
        requireApp(context),
        subs,
      )
      return reply('updateSubscription', 200, {
        data: {
          message: `Subscription ${subscription.subscriptionID} updated`,
          subscriptionID: subscription.subscriptionID,
          ...(generatedSecret ? { secret: generatedSecret } : {}),
        },
        status_code: 200,
      })
    },
  },
]
