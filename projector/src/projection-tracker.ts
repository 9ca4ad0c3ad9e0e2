import pg from 'pg';
import { PROJECTED_CHANNEL, type OutboxPush, type ProjectedNotification } from './projected-notification.ts';

/** Told of new outbox rows up to `outboxTo`; `pushes` are those rows when they came with the notification. */
type OutboxListener = (outboxTo: number, pushes?: OutboxPush[]) => void;

interface Waiter {
  partition: number;
  offset: number;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

const FALLBACK_POLL_MS = 250;

/**
 * Knows how far the projector has come, per partition, from its "projected" notifications (with a slow poll of
 * the checkpoints as a safety net for a dropped listen connection), and lets its readers wait for a position: the
 * api's commands (read-your-writes) and the notifier (it reads recipients from the read models).
 */
export class ProjectionTracker {
  private readonly positions = new Map<number, number>();
  private readonly waiters = new Set<Waiter>();
  private readonly outboxListeners = new Set<OutboxListener>();
  private readonly advanceListeners = new Set<() => void>();
  private listener: pg.Client | undefined;
  private poll: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly databaseUrl: string,
    private readonly schema: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    await this.listen();
    await this.refresh();
    this.poll = setInterval(() => {
      if (this.waiters.size > 0 || !this.listener) void this.refresh().catch(this.onError);
      if (!this.listener && !this.closed) void this.listen().catch(this.onError);
    }, FALLBACK_POLL_MS);
  }

  positionOf(partition: number): number {
    return this.positions.get(partition) ?? 0;
  }

  /** Resolves true once the partition is projected up to `offset` (exclusive), false after the timeout. */
  waitFor(partition: number, offset: number, timeoutMs: number): Promise<boolean> {
    if (this.positionOf(partition) >= offset) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        partition,
        offset,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Called whenever the projector has come further on any partition: the read models changed. */
  onAdvance(listener: () => void): () => void {
    this.advanceListeners.add(listener);
    return () => this.advanceListeners.delete(listener);
  }

  onOutbox(listener: OutboxListener): () => void {
    this.outboxListeners.add(listener);
    return () => this.outboxListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(false);
    }
    this.waiters.clear();
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', (error) => {
      this.onError(error);
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
    });
    client.on('notification', (message) => {
      if (!message.payload) return;
      const notification = JSON.parse(message.payload) as ProjectedNotification;
      if (notification.schema !== this.schema) return;
      this.advance(notification.partition, Number(notification.nextOffset));
      // The batch's pushes ride along when they fit, so the live channel emits them without reading the outbox.
      if (notification.outboxTo > 0)
        for (const listener of this.outboxListeners)
          listener(notification.outboxTo, notification.pushes ?? undefined);
    });
    await client.connect();
    await client.query(`LISTEN ${PROJECTED_CHANNEL}`);
    this.listener = client;
  }

  private async refresh(): Promise<void> {
    const { rows } = await this.pool.query<{ partition: number; next_offset: number }>(
      `SELECT partition, next_offset FROM ${this.schema}.checkpoints`,
    );
    for (const row of rows) this.advance(row.partition, Number(row.next_offset));
    if (this.outboxListeners.size === 0) return;
    const { rows: outbox } = await this.pool.query<{ max: number | null }>(
      `SELECT max(id) AS max FROM ${this.schema}.outbox`,
    );
    const outboxTo = outbox[0]?.max ?? 0;
    if (outboxTo > 0) for (const listener of this.outboxListeners) listener(outboxTo);
  }

  private advance(partition: number, nextOffset: number): void {
    if (nextOffset <= this.positionOf(partition)) return;
    this.positions.set(partition, nextOffset);
    for (const listener of this.advanceListeners) listener();
    for (const waiter of this.waiters) {
      if (waiter.partition === partition && waiter.offset <= nextOffset) {
        clearTimeout(waiter.timer);
        this.waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }
}
