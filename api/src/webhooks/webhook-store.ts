import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { WebhookType } from '@courtside/events/webhooks/changes';

/** DESIGN.md §18: endpoints one company may have. */
export const MAX_WEBHOOKS_PER_COMPANY = 20;
/** The deliveries the list shows. */
const DELIVERIES_SHOWN = 100;

export interface WebhookItem {
  webhookId: string;
  url: string;
  types: WebhookType[];
  description: string;
  createdAt: string;
  disabledAt?: string;
}

export interface DeliveryItem {
  deliveryId: string;
  webhookId: string;
  type: string;
  eventId: string | null;
  attempt: number;
  status: number | null;
  error?: string;
  at: string;
  nextAttemptAt?: string;
}

/** `whsec_` + base64 of 32 random bytes: the Standard Webhooks form of a signing secret. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The body every delivery carries (DESIGN.md §18). */
export function webhookBody(type: string, timestamp: Date, data: object): string {
  return JSON.stringify({ type, timestamp: timestamp.toISOString(), data });
}

/** The api's side of the webhooks: endpoints of a company and their deliveries (the sender sends them). */
export class WebhookStore {
  constructor(private readonly db: pg.Pool) {}

  /** Registers an endpoint; undefined when the company has its 20 already. */
  async create(input: {
    companyId: string;
    url: string;
    types: readonly WebhookType[];
    description: string;
    now: Date;
  }): Promise<{ webhookId: string; secret: string } | undefined> {
    const webhookId = randomUUID();
    const secret = newWebhookSecret();
    const client = await this.db.connect();
    try {
      await client.query('BEGIN');
      // Two registrations at once may not make the 21st.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('webhooks:' || $1))`, [input.companyId]);
      const { rows } = await client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM courtside.webhooks WHERE company_id = $1',
        [input.companyId],
      );
      if ((rows[0]?.count ?? 0) >= MAX_WEBHOOKS_PER_COMPANY) {
        await client.query('ROLLBACK');
        return undefined;
      }
      await client.query(
        `INSERT INTO courtside.webhooks (id, company_id, url, types, description, secret, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          webhookId,
          input.companyId,
          input.url,
          [...new Set(input.types)],
          input.description,
          secret,
          input.now,
        ],
      );
      await client.query('COMMIT');
      return { webhookId, secret };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async list(companyId: string): Promise<WebhookItem[]> {
    const { rows } = await this.db.query<{
      id: string;
      url: string;
      types: WebhookType[];
      description: string;
      created_at: Date;
      disabled_at: Date | null;
    }>(
      `SELECT id, url, types, description, created_at, disabled_at FROM courtside.webhooks
       WHERE company_id = $1 ORDER BY created_at, id`,
      [companyId],
    );
    return rows.map((row) => ({
      webhookId: row.id,
      url: row.url,
      types: row.types,
      description: row.description,
      createdAt: row.created_at.toISOString(),
      ...(row.disabled_at ? { disabledAt: row.disabled_at.toISOString() } : {}),
    }));
  }

  /** Whether the endpoint is the company's (another company's is "no such webhook"). */
  async exists(companyId: string, webhookId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'SELECT 1 FROM courtside.webhooks WHERE id = $1 AND company_id = $2',
      [webhookId, companyId],
    );
    return rowCount === 1;
  }

  async delete(companyId: string, webhookId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'DELETE FROM courtside.webhooks WHERE id = $1 AND company_id = $2',
      [webhookId, companyId],
    );
    return rowCount === 1;
  }

  /** A `ping` delivery, due now, sent apart from the endpoint's queue of changes. */
  async ping(companyId: string, webhookId: string, now: Date): Promise<string | undefined> {
    const deliveryId = randomUUID();
    const { rowCount } = await this.db.query(
      `INSERT INTO courtside.webhook_deliveries
         (id, webhook_id, change_key, type, body, in_order, at, next_attempt_at)
       SELECT $1::uuid, w.id, 'ping:' || $1::text, 'ping', $3, false, $4, $4
       FROM courtside.webhooks w WHERE w.id = $2 AND w.company_id = $5`,
      [deliveryId, webhookId, webhookBody('ping', now, { webhookId }), now, companyId],
    );
    return rowCount === 1 ? deliveryId : undefined;
  }

  /**
   * Sends a delivery again, the same body and `webhook-id`: a delivery still waiting for its next attempt is tried
   * now; one that was delivered or gave up starts a new round of attempts, apart from the queue of changes.
   */
  async redeliver(companyId: string, webhookId: string, deliveryId: string, now: Date): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE courtside.webhook_deliveries d SET
         in_order = d.in_order AND d.next_attempt_at IS NOT NULL,
         attempts = CASE WHEN d.next_attempt_at IS NULL THEN 0 ELSE d.attempts END,
         next_attempt_at = $4, delivered_at = NULL
       FROM courtside.webhooks w
       WHERE d.id = $3 AND d.webhook_id = $2 AND w.id = d.webhook_id AND w.company_id = $1`,
      [companyId, webhookId, deliveryId, now],
    );
    return rowCount === 1;
  }

  /** The endpoint's last 100 deliveries, newest first. */
  async deliveries(webhookId: string): Promise<DeliveryItem[]> {
    const { rows } = await this.db.query<{
      id: string;
      webhook_id: string;
      type: string;
      event_id: string | null;
      attempts: number;
      status: number | null;
      error: string | null;
      at: Date;
      next_attempt_at: Date | null;
    }>(
      `SELECT id, webhook_id, type, event_id, attempts, status, error, at, next_attempt_at
       FROM courtside.webhook_deliveries WHERE webhook_id = $1 ORDER BY seq DESC LIMIT ${DELIVERIES_SHOWN}`,
      [webhookId],
    );
    return rows.map((row) => ({
      deliveryId: row.id,
      webhookId: row.webhook_id,
      type: row.type,
      eventId: row.event_id,
      attempt: row.attempts,
      status: row.status,
      ...(row.error ? { error: row.error } : {}),
      at: row.at.toISOString(),
      ...(row.next_attempt_at ? { nextAttemptAt: row.next_attempt_at.toISOString() } : {}),
    }));
  }
}
