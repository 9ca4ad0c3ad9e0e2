import { z } from 'zod';
import { ADMIN_API } from '@courtside/events/api-paths';
import { webhookTypes } from '@courtside/events/webhooks/changes';
import { request } from '../../../lib/http';

/** DESIGN.md §18: a company's webhook endpoints (never their secrets) and their deliveries. */
const webhookSchema = z.object({
  webhookId: z.string(),
  url: z.string(),
  types: z.array(z.enum(webhookTypes)),
  description: z.string(),
  createdAt: z.string(),
  disabledAt: z.string().optional(),
});
export type Webhook = z.infer<typeof webhookSchema>;

const deliverySchema = z.object({
  deliveryId: z.string(),
  webhookId: z.string(),
  type: z.enum(webhookTypes),
  eventId: z.string().nullable(),
  attempt: z.number(),
  status: z.number().nullable(),
  error: z.string().optional(),
  at: z.string(),
  nextAttemptAt: z.string().optional(),
});
export type WebhookDelivery = z.infer<typeof deliverySchema>;

/** The types a manager may choose: every one but the test's `ping`. */
export const chosenTypes = webhookTypes.filter((type) => type !== 'ping');

const webhooksPath = (companyId: string) =>
  `${ADMIN_API}/companies/${encodeURIComponent(companyId)}/webhooks`;
const webhookPath = (companyId: string, webhookId: string) =>
  `${webhooksPath(companyId)}/${encodeURIComponent(webhookId)}`;
const deliveryIdSchema = z.object({ deliveryId: z.string() });

export const getWebhooks = (companyId: string): Promise<Webhook[]> =>
  request('GET', webhooksPath(companyId), { schema: z.array(webhookSchema) });

export const addWebhook = (
  companyId: string,
  input: { url: string; types: string[]; description?: string },
): Promise<{ webhookId: string; secret: string }> =>
  request('POST', webhooksPath(companyId), {
    body: input,
    schema: z.object({ webhookId: z.string(), secret: z.string() }),
  });

export async function deleteWebhook(companyId: string, webhookId: string): Promise<void> {
  await request('DELETE', webhookPath(companyId, webhookId));
}

export const testWebhook = (companyId: string, webhookId: string) =>
  request('POST', `${webhookPath(companyId, webhookId)}/test`, { schema: deliveryIdSchema });

export const getDeliveries = (companyId: string, webhookId: string): Promise<WebhookDelivery[]> =>
  request('GET', `${webhookPath(companyId, webhookId)}/deliveries`, { schema: z.array(deliverySchema) });

export const redeliver = (companyId: string, webhookId: string, deliveryId: string) =>
  request(
    'POST',
    `${webhookPath(companyId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
    { schema: deliveryIdSchema },
  );
