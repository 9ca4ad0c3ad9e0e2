import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  /** The `webhook-id` header: one per change and endpoint. */
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
  /** What the receiver answered. */
  answered: number;
  body: string;
}

/**
 * A club's receiver on 127.0.0.1, as DESIGN.md §18 describes one: it checks every delivery with standardwebhooks' own
 * `verify` (a bad signature is answered 401 and counted in `refused`), and answers what `answer` says (a status or a
 * function of the delivery) so that a test can make it fail for a while.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly refused: string[] = [];
  answer: number | ((delivery: ReceivedWebhook) => number) = 200;
  private readonly secrets = new Map<string, Webhook>();
  private readonly server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (request.url ?? '/').split('?')[0]!;
      const webhook = this.secrets.get(path);
      let payload: { type: string; timestamp: string; data: Record<string, unknown> };
      try {
        if (!webhook) throw new Error(`no secret for ${path}`);
        payload = webhook.verify(body, headersOf(request.headers)) as typeof payload;
      } catch (error) {
        this.refused.push(String(error));
        response.writeHead(401).end();
        return;
      }
      const delivery: ReceivedWebhook = {
        id: String(request.headers['webhook-id']),
        type: payload.type,
        timestamp: payload.timestamp,
        data: payload.data,
        answered: 0,
        body,
      };
      delivery.answered = typeof this.answer === 'number' ? this.answer : this.answer(delivery);
      this.received.push(delivery);
      response
        .writeHead(delivery.answered, { 'content-type': 'text/plain' })
        .end(`answered ${delivery.answered}`);
    });
  });
  private base = '';

  async start(): Promise<this> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** An endpoint address of this receiver; `trust` it with the secret registration answered. */
  url(path: string): string {
    return `${this.base}${path}`;
  }

  trust(path: string, secret: string): void {
    this.secrets.set(path, new Webhook(secret));
  }

  /** The deliveries that were answered 2xx, in the order they came. */
  accepted(filter: (delivery: ReceivedWebhook) => boolean = () => true): ReceivedWebhook[] {
    return this.received.filter((delivery) => delivery.answered < 300 && filter(delivery));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function headersOf(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
}
