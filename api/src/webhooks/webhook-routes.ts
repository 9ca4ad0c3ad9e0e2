import type Router from '@koa/router';
import { z } from 'zod';
import { ADMIN_API } from '@courtside/events/api-paths';
import { singleLineText } from '@courtside/events/text';
import { webhookTypes } from '@courtside/events/webhooks/changes';
import { documented } from '../http/documented-router.ts';
import { HttpError } from '../http/http-error.ts';
import { managerScope } from '../http/manager-access.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { createdWebhookSchema, deliveriesSchema, webhooksSchema } from './webhook-answers.ts';
import { checkWebhookUrl, WEBHOOK_URL_MAX_LENGTH, WebhookUrlRefused } from './url-guard.ts';
import { MAX_WEBHOOKS_PER_COMPANY, WebhookStore } from './webhook-store.ts';

const WEBHOOKS = `${ADMIN_API}/companies/:companyId/webhooks`;
const companyParams = z.object({ companyId: z.uuid('No such company') });
const webhookParams = companyParams.extend({ webhookId: z.uuid('No such webhook') });
const deliveryParams = webhookParams.extend({ deliveryId: z.uuid('No such delivery') });
const createBody = z
  .object({
    url: z
      .string('Give the endpoint’s address')
      .max(WEBHOOK_URL_MAX_LENGTH, `The address is longer than ${WEBHOOK_URL_MAX_LENGTH} characters`),
    types: z
      .array(z.enum(webhookTypes, { error: `Use types of ${webhookTypes.join(', ')}` }))
      .min(1, 'Choose at least one type')
      .max(webhookTypes.length * 2),
    description: singleLineText().max(200, 'Use at most 200 characters').optional(),
  })
  .strict();
const deliveryIdSchema = z.object({ deliveryId: z.uuid() }).strict().meta({ id: 'WebhookDeliveryId' });
const LIMIT_REACHED = 'WEBHOOK_LIMIT';
const noSuchWebhook = () => new HttpError(404, 'No such webhook');

/** DESIGN.md §18: a manager's endpoints for the company's changes, their test pings and deliveries. */
export function webhookRoutes(router: Router, services: AppServices): void {
  const api = documented(router, services.readModels);
  const store = new WebhookStore(services.db);
  const manager = { access: 'session', manager: 'company' } as const;
  /** The path's endpoint, when it is the company's: another company's is as unknown as one that never was. */
  const ownWebhook = async (ctx: Parameters<typeof managerScope>[0]) => {
    const { companyId } = managerScope(ctx);
    const parsed = parseInput(webhookParams, ctx.params, 'address');
    if (!(await store.exists(companyId, parsed.webhookId))) throw noSuchWebhook();
    return { companyId, webhookId: parsed.webhookId };
  };

  api.post(
    WEBHOOKS,
    {
      summary: 'Register an endpoint for the company’s changes; the signing secret is in this answer only',
      description:
        'The address must be `https` in production and may not resolve to a loopback, private, link-local, CGNAT, ' +
        'unique-local or metadata address (checked again before every delivery); development allows ' +
        '`http://127.0.0.1`. A refused address is a `400` that says why.',
      ...manager,
      params: companyParams,
      body: createBody,
      responses: { 201: createdWebhookSchema },
      refusals: [LIMIT_REACHED],
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      const input = parseInput(createBody, ctx.request.body, 'webhook');
      try {
        await checkWebhookUrl(input.url, services.mode);
      } catch (error) {
        if (!(error instanceof WebhookUrlRefused)) throw error;
        throw new HttpError(400, error.message, [{ path: ['url'], message: error.message, code: 'refused' }]);
      }
      const created = await store.create({
        companyId,
        url: input.url,
        types: input.types,
        description: input.description ?? '',
        now: services.clock(),
      });
      if (!created)
        throw new HttpError(
          409,
          `A company has at most ${MAX_WEBHOOKS_PER_COMPANY} endpoints: delete one first`,
          undefined,
          {},
          { reason: LIMIT_REACHED },
        );
      ctx.status = 201;
      ctx.body = created;
    },
  );

  api.get(
    WEBHOOKS,
    {
      summary: 'The company’s endpoints (without their secrets)',
      ...manager,
      params: companyParams,
      responses: { 200: webhooksSchema },
    },
    async (ctx) => {
      ctx.body = await store.list(managerScope(ctx).companyId);
    },
  );

  api.delete(
    `${WEBHOOKS}/:webhookId`,
    {
      summary: 'Delete an endpoint: nothing more is sent to it',
      ...manager,
      params: webhookParams,
      responses: { 204: { description: 'Deleted' } },
      failures: { 404: 'No such webhook (or another company’s)' },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      const { webhookId } = parseInput(webhookParams, ctx.params, 'address');
      if (!(await store.delete(companyId, webhookId))) throw noSuchWebhook();
      ctx.status = 204;
    },
  );

  api.post(
    `${WEBHOOKS}/:webhookId/test`,
    {
      summary: 'Send the endpoint a `ping` delivery now',
      ...manager,
      params: webhookParams,
      responses: { 202: deliveryIdSchema },
      failures: { 404: 'No such webhook (or another company’s)' },
    },
    async (ctx) => {
      const { companyId, webhookId } = await ownWebhook(ctx);
      const deliveryId = await store.ping(companyId, webhookId, services.clock());
      if (!deliveryId) throw noSuchWebhook();
      services.wakeWebhookSender?.();
      ctx.status = 202;
      ctx.body = { deliveryId };
    },
  );

  api.get(
    `${WEBHOOKS}/:webhookId/deliveries`,
    {
      summary: 'The endpoint’s last 100 deliveries, newest first, with their last attempt',
      ...manager,
      params: webhookParams,
      responses: { 200: deliveriesSchema },
      failures: { 404: 'No such webhook (or another company’s)' },
    },
    async (ctx) => {
      const { webhookId } = await ownWebhook(ctx);
      ctx.body = await store.deliveries(webhookId);
    },
  );

  api.post(
    `${WEBHOOKS}/:webhookId/deliveries/:deliveryId/redeliver`,
    {
      summary: 'Send a delivery again now, with the same body and `webhook-id`',
      ...manager,
      params: deliveryParams,
      responses: { 202: deliveryIdSchema },
      failures: { 404: 'No such webhook or delivery (or another company’s)' },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      const { webhookId, deliveryId } = parseInput(deliveryParams, ctx.params, 'address');
      if (!(await store.redeliver(companyId, webhookId, deliveryId, services.clock())))
        throw new HttpError(404, 'No such delivery');
      services.wakeWebhookSender?.();
      ctx.status = 202;
      ctx.body = { deliveryId };
    },
  );
}
