/**
 * The body of a delivery (the spec's `WebhookPayload`), built only from the stored event so every attempt
 * and every replay sends the same bytes: the signature of a replay is then over the same content, as
 * Standard Webhooks expects of a message resent under the same `webhook-id`.
 */
import type { components } from '../../generated/openapi.ts'
import type { PublishedEventRecord } from '../store/event-records.ts'

type WebhookPayload = components['schemas']['WebhookPayload']

export function webhookPayload(event: PublishedEventRecord): WebhookPayload {
  return {
    type: event.code,
    timestamp: event.publishedAt,
    data: {
      eventID: event.eventID,
      code: event.code,
      publishedBy: event.publishedBy,
      payload: event.payload,
    },
  }
}

export function webhookBody(event: PublishedEventRecord): string {
  return JSON.stringify(webhookPayload(event))
}
