import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventEnvelope } from '@courtside/events/envelope';
import { EventParseError, type EventRegistry, type NewEvent } from '@courtside/events/event-registry';
import type { EventLog } from '@courtside/events/log/port';
import { HttpError } from '../http/http-error.ts';
import type { ProjectionTracker } from './projection-tracker.ts';

/** What a command handler sees: the read models (already caught up with the company's log) and the clock. */
export interface DecideContext {
  readModels: Pick<pg.PoolClient, 'query'>;
  now: Date;
}

export interface Decision<T> {
  events: NewEvent[];
  result: T;
}

export interface CommandMeta {
  /** Names the command in metrics and logs. */
  name: string;
  companyId: string;
  actorId: string;
  correlationId?: string;
}

export type CommandOutcome<T> =
  | { status: 'projected'; result: T; events: EventEnvelope[] }
  /** Durable in the log, but the read models have not shown it within the wait: answer 202, never an error. */
  | { status: 'accepted'; result: T; events: EventEnvelope[] };

export interface CommandBusOptions {
  pool: pg.Pool;
  readModelSchema: string;
  log: EventLog;
  registry: EventRegistry;
  tracker: ProjectionTracker;
  clock: () => Date;
  /** Bound on waiting for the projector, before and after appending (DESIGN.md §1: 2 s). */
  projectionWaitMs?: number;
  onExecuted?: (
    name: string,
    outcome: 'projected' | 'accepted' | 'rejected' | 'unavailable',
    seconds: number,
  ) => void;
}

/**
 * The command path of DESIGN.md §1: per-company advisory lock, catch up with the log, decide against the read
 * models, append, wait for the own events to be projected, let go. Two commands of one company never validate
 * against the same state, whichever api process they reach.
 */
export class CommandBus {
  private readonly waitMs: number;

  constructor(private readonly options: CommandBusOptions) {
    this.waitMs = options.projectionWaitMs ?? 2_000;
  }

  async execute<T>(
    meta: CommandMeta,
    decide: (context: DecideContext) => Promise<Decision<T>>,
  ): Promise<CommandOutcome<T>> {
    const started = performance.now();
    const { pool, log, tracker, registry } = this.options;
    const client = await pool.connect();
    let outcome: 'projected' | 'accepted' | 'rejected' | 'unavailable' = 'rejected';
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `courtside.company.${meta.companyId}`,
      ]);
      await client.query(`SET LOCAL search_path TO ${this.options.readModelSchema}, public`);
      const partition = await log.partitionOf(meta.companyId);
      const head = (await log.head())[partition] ?? 0;
      if (!(await tracker.waitFor(partition, head, this.waitMs))) {
        outcome = 'unavailable';
        throw new HttpError(
          503,
          'The service is catching up and cannot check this change right now. Nothing was changed; please try again shortly.',
          undefined,
          { 'Retry-After': '2' },
        );
      }
      const now = this.options.clock();
      const decision = await decide({ readModels: client, now });
      const correlationId = meta.correlationId ?? randomUUID();
      const events = decision.events.map((event) => {
        try {
          return registry.create(event, {
            companyId: meta.companyId,
            actorId: meta.actorId,
            correlationId,
            occurredAt: now,
          });
        } catch (error) {
          if (error instanceof EventParseError) throw new HttpError(400, error.message, error.issues);
          throw error;
        }
      });
      if (events.length > 0) {
        const appended = await log.append(meta.companyId, events).catch(() => {
          // The outcome of a failed append is unknown (it may be written): the next command catches up with it.
          outcome = 'unavailable';
          throw new HttpError(
            503,
            'The event log is unavailable right now; please try again shortly.',
            undefined,
            {
              'Retry-After': '2',
            },
          );
        });
        const target = Math.max(...appended.map((event) => event.offset)) + 1;
        const projected = await tracker.waitFor(partition, target, this.waitMs);
        outcome = projected ? 'projected' : 'accepted';
      } else {
        outcome = 'projected';
      }
      await client.query('COMMIT');
      return { status: outcome, result: decision.result, events };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
      this.options.onExecuted?.(meta.name, outcome, (performance.now() - started) / 1000);
    }
  }
}
