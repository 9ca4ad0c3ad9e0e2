import { z } from 'zod';
import { webhookTypes } from '@courtside/events/webhooks/changes';

/** DESIGN.md §18: a registered endpoint, as the list shows it (never its secret). */
export const webhookSchema = z
  .object({
    webhookId: z.uuid(),
    url: z.string(),
    types: z.array(z.enum(webhookTypes)),
    description: z.string(),
    createdAt: z.iso.datetime(),
    disabledAt: z.iso.datetime().optional().describe('Set once the endpoint failed for 3 days in a row'),
  })
  .strict()
  .meta({ id: 'Webhook' });

export const webhooksSchema = z.array(webhookSchema).meta({ id: 'Webhooks' });

export const createdWebhookSchema = z
  .object({
    webhookId: z.uuid(),
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+=*$/)
      .describe('The signing secret (`whsec_` + base64), shown this once'),
  })
  .strict()
  .meta({ id: 'CreatedWebhook' });

/** One delivery of a change (or a ping) to an endpoint, with its last attempt. */
export const deliverySchema = z
  .object({
    deliveryId: z.uuid().describe('Also the `webhook-id` header of every attempt'),
    webhookId: z.uuid(),
    type: z.enum(webhookTypes),
    eventId: z.uuid().nullable().describe('The event of the log the change comes from; null for a ping'),
    attempt: z
      .number()
      .int()
      .min(0)
      .describe('Attempts made (a redelivery of a finished delivery counts anew)'),
    status: z
      .number()
      .int()
      .nullable()
      .describe('The HTTP status of the last attempt; null without an answer'),
    error: z.string().optional(),
    at: z.iso.datetime().describe('The last attempt, or when the delivery was queued'),
    nextAttemptAt: z.iso.datetime().optional(),
  })
  .strict()
  .meta({ id: 'WebhookDelivery' });

export const deliveriesSchema = z.array(deliverySchema).meta({ id: 'WebhookDeliveries' });
