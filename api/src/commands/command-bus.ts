import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { isRejection, type Decider } from '@courtside/events/decider';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { EventRegistry, NewEvent } from '@courtside/events/event-registry';
import { CHAIN_START, chainEvents } from '@courtside/eventlog/chain/hash-chain';
import { prepared } from '@courtside/eventlog/db/prepared';
import { lastEventHashOf } from '@courtside/projector/audit/queries';
import type { AppendedEvent, EventLog } from '@courtside/eventlog/log/port';
import { CommandRejected, CommandUnavailable } from './command-errors.ts';
import { KeyedQueue, WaitedTooLong } from './keyed-queue.ts';
import type { ProjectionTracker } from '@courtside/projector/projection-tracker';

/** What a command handler sees: the read models (caught up with the company's events) and the clock. */
export interface DecideContext {
  readModels: Pick<pg.Pool, 'query'>;
  now: Date;
}

export interface Decision<T> {
  events: NewEvent[];
  result: T;
}

interface CommandMeta {
  /** Names the command in metrics and logs. */
  name: string;
  companyId: string;
  actorId: string;
  correlationId?: string;
}

/**
 * One command in the emmett shape (`handle`): the company it locks, who sends it, the rules, how their state is
 * loaded from the read models (under the lock), the command, and what the answer carries.
 */
interface HandlingOf<Command extends { type: string }, State, Result> {
  /** Known before the lock; a command's company never changes. */
  companyId: string;
  actorId: string;
  decider: Pick<Decider<Command, State>, 'decide'>;
  /** The state the command is decided against; who acts, and what it may do, comes from here too. */
  load: (readModels: DecideContext['readModels']) => Promise<State>;
  result: Result;
}

type Handling<Command extends { type: string }, State, Result> = HandlingOf<Command, State, Result> &
  (
    | { command: Command }
    | {
        /**
         * A command made from the loaded state, for one that names what it finds there (the deadline process gives
         * each challenge it expires a new match id); `name` names it in metrics and logs.
         */
        command: (state: State) => Command;
        name: Command['type'];
      }
  );

export type CommandOutcome<T> =
  | { status: 'projected'; result: T; events: EventEnvelope[] }
  /** Durable in the log, but the read models have not shown it within the wait: answer 202, never an error. */
  | { status: 'accepted'; result: T; events: EventEnvelope[] };

export type CommandOutcomeLabel = 'projected' | 'accepted' | 'rejected' | 'unavailable';

export interface CommandBusOptions {
  /** Connections that hold a company's lock; kept apart so that queries and pushes never wait for them. */
  lockPool: pg.Pool;
  /** Read models, search_path already set. */
  readModels: pg.Pool;
  log: EventLog;
  /** Where the projector keeps its bookkeeping (quarantined companies). */
  readModelSchema: string;
  registry: EventRegistry;
  tracker: ProjectionTracker;
  clock: () => Date;
  /** Bound on waiting for the projector, before deciding and after appending (DESIGN.md §1: 2 s). */
  projectionWaitMs?: number;
  /** Commands of one company that may wait in this process before it answers "busy". */
  maxQueuedPerCompany?: number;
  /** Commands of all companies that may wait in this process before it answers "busy". */
  maxQueued?: number;
  /**
   * Commands this process runs at once, from their turn until their answer (deciding, appending, waiting to be
   * projected); the next one is answered "overloaded" at once. Beyond what the machine can do,
   * more commands at once only make every one of them slower (docs/performance.md).
   */
  maxInFlight?: number;
  /**
   * A command that would wait longer than this for its turn (the commands ahead of it × how long commands take
   * lately) is refused at once; one that waited longer all the same is refused when its turn comes.
   */
  maxQueueWaitMs?: number;
  /**
   * When the command's request reached the process (`performance.now()`), where its bound starts, and whether it came
   * in a crowd (its bound is then `crowdedAnswerWithinMs`); undefined (a command of no request, e.g. the deadline
   * process's): the bound starts when it reaches the bus.
   */
  arrival?: () => { at: number; crowded: boolean } | undefined;
  /**
   * A command with less than this left of its bound when it reaches the bus or its turn comes is refused at once
   * ("busy") instead of being decided, appended and answered after its bound (the burst's late commands).
   * Default 300 ms.
   */
  minTimeToDecideMs?: number;
  /** Bound on one call to the log before the command (head, append) gives up with 503. */
  logCallTimeoutMs?: number;
  /**
   * Bound on a command from its arrival to its answer, waits included: its turn, the projector catching up before it
   * decides, and its own events being projected share it (during an outage each took its own 1–2 s, and
   * answers came after 5–7 s). The log calls keep their own bound. Default 1,500 ms.
   */
  answerWithinMs?: number;
  /**
   * The bound of a command whose request came in a crowd (a burst): its request has already waited longer before it
   * reached the process, so it gets less time here to be answered within 2 s of being sent (a burst's
   * acknowledged commands were answered after p99 1.8–2.1 s on a near-idle machine with 1.5 s). Default 1,000 ms.
   */
  crowdedAnswerWithinMs?: number;
  onExecuted?: (name: string, outcome: CommandOutcomeLabel, seconds: number) => void;
  onAppended?: (events: number) => void;
}

/** The bounds on a command's waits and answer that a deployment may set (the rest of the options are its wiring). */
export type CommandBounds = Partial<
  Pick<
    CommandBusOptions,
    'projectionWaitMs' | 'answerWithinMs' | 'crowdedAnswerWithinMs' | 'maxQueueWaitMs' | 'minTimeToDecideMs'
  >
>;

interface PositionRow {
  next_offset: number | null;
  quarantined: boolean;
  /** An append of the company's, sent by some api process, is not confirmed yet (`unconfirmed_appends`). */
  unconfirmed: boolean;
  last_hash: string | null;
}

/**
 * How long a record of an unconfirmed append holds its company unless its process renews it (every quarter of it):
 * a process that died while its append was under way frees the company this long after. The append itself settles
 * (the log confirms or gives up) well before, once the process is gone.
 */
const UNCONFIRMED_HOLD_MS = 10_000;

/**
 * Under the company's lock, after an append that timed out: the company is held by the record, not by the lock (nor
 * this connection); where its events end is unknown until the append settles.
 */
const RECORD_UNCONFIRMED = `WITH forgotten AS (
    DELETE FROM courtside.company_log_positions WHERE company_id = $1 AND log = $2)
  INSERT INTO courtside.unconfirmed_appends (company_id, log, token, until)
  VALUES ($1, $2, $3, now() + make_interval(secs => $4::float / 1000))
  ON CONFLICT (company_id, log) DO UPDATE SET token = excluded.token, until = excluded.until`;
const RENEW_UNCONFIRMED = `UPDATE courtside.unconfirmed_appends SET until = now() + make_interval(secs => $4::float / 1000)
  WHERE company_id = $1 AND log = $2 AND token = $3`;
/** The append was written after all: where the company's events end now, and the company is free. */
const CONFIRMED = `WITH confirmed AS (
    DELETE FROM courtside.unconfirmed_appends WHERE company_id = $1 AND log = $2 AND token = $3 RETURNING 1)
  INSERT INTO courtside.company_log_positions (company_id, log, partition, next_offset)
  SELECT $1, $2, $4, $5 FROM confirmed
  ON CONFLICT (company_id, log) DO UPDATE SET partition = excluded.partition,
    next_offset = GREATEST(company_log_positions.next_offset, excluded.next_offset)`;
/** The log gave up on it (it may be written all the same): the next command waits for the partition's head. */
const CLEARED = 'DELETE FROM courtside.unconfirmed_appends WHERE company_id = $1 AND log = $2 AND token = $3';

/** Commands one api process runs at once unless told otherwise (docs/performance.md has the limits tried). */
export const DEFAULT_MAX_IN_FLIGHT = 32;

/** Postgres' error when `lock_timeout` ran out. */
const LOCK_NOT_AVAILABLE = '55P03';
/** A `lock_timeout` of `ms`, at least 1 ms (0 would be none). */
const lockTimeoutOf = (ms: number) => `${Math.max(1, Math.round(ms))}ms`;

/** Less of its bound than this left before the append: the command is refused instead (nothing written). */
const MIN_TIME_TO_APPEND_MS = 100;
/** A log that has not answered in this long is taken for down (Kafka's round trip is p99 12–50 ms here). */
const LOG_SILENT_MS = 300;

const logUnavailable = () => new CommandUnavailable('log_unavailable');
const busy = () => new CommandUnavailable('busy');
const overloaded = () => new CommandUnavailable('overloaded');

class LogTimeoutError extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LogTimeoutError(`no answer from the log within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The command path of DESIGN.md §1. Per company, one command at a time: in this process through a queue, across
 * processes through a Postgres advisory lock. Holding it, the command waits until the read models show every
 * event the company has in the log, decides against them, appends, and records where the company's events now
 * end. It lets go before waiting for its own events to be projected, for the answer (read-your-writes).
 */
export class CommandBus {
  private readonly waitMs: number;
  private readonly logCallMs: number;
  private readonly maxQueueWaitMs: number;
  private readonly queue: KeyedQueue;
  private readonly breaker: LogBreaker;
  private readonly maxInFlight: number;
  private readonly answerWithinMs: number;
  private readonly crowdedAnswerWithinMs: number;
  private readonly minTimeToDecideMs: number;
  private inFlight = 0;
  /** Appends that timed out and have not settled yet, each renewing its company's record until it does. */
  private readonly unsettled = new Set<NodeJS.Timeout>();

  constructor(private readonly options: CommandBusOptions) {
    this.waitMs = options.projectionWaitMs ?? 2_000;
    this.logCallMs = options.logCallTimeoutMs ?? 1_500;
    this.maxQueueWaitMs = options.maxQueueWaitMs ?? 1_000;
    this.maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    this.answerWithinMs = options.answerWithinMs ?? 1_500;
    this.crowdedAnswerWithinMs = options.crowdedAnswerWithinMs ?? 1_000;
    this.minTimeToDecideMs = options.minTimeToDecideMs ?? 300;
    this.queue = new KeyedQueue(
      options.maxQueuedPerCompany ?? 32,
      options.maxQueued ?? 256,
      this.maxQueueWaitMs,
    );
    this.breaker = new LogBreaker(() => options.log.ping());
  }

  /**
   * Whether the process runs as many commands as it may: a write arriving now would only be refused later, after it
   * was read, signed in and parsed, so the write admission turns it away at the door.
   */
  isFull(): boolean {
    return this.inFlight >= this.maxInFlight;
  }

  /** Stops probing the log (the process is shutting down). */
  close(): void {
    this.breaker.close();
    // Their records run out by themselves (UNCONFIRMED_HOLD_MS) once nobody renews them.
    for (const renewal of this.unsettled) clearInterval(renewal);
    this.unsettled.clear();
  }

  /**
   * Takes the company's lock, loads the state, decides, appends, and answers: every check of the command is made
   * here, under the lock, by `load` and `decide` (a refusal is thrown as CommandRejected).
   */
  handle<Command extends { type: string }, State, Result>(
    handling: Handling<Command, State, Result>,
  ): Promise<CommandOutcome<Result>> {
    const { companyId, actorId, decider, load, result } = handling;
    const name = 'name' in handling ? handling.name : handling.command.type;
    return this.execute({ name, companyId, actorId }, async ({ readModels, now }) => {
      const state = await load(readModels);
      const command = typeof handling.command === 'function' ? handling.command(state) : handling.command;
      const outcome = decider.decide(command, state, now);
      if (isRejection(outcome)) throw new CommandRejected(outcome);
      return { events: outcome, result };
    });
  }

  /**
   * The lower layer of `handle`: the lock, the wait for the read models, `decide` (any function that gives the
   * events, or throws CommandRejected), the append and the wait for the projector. Routes use `handle`.
   */
  async execute<T>(
    meta: CommandMeta,
    decide: (context: DecideContext) => Promise<Decision<T>>,
  ): Promise<CommandOutcome<T>> {
    const started = performance.now();
    const arrival = this.options.arrival?.();
    const answerBy =
      (arrival?.at ?? started) + (arrival?.crowded ? this.crowdedAnswerWithinMs : this.answerWithinMs);
    /** How long a wait may still take: the command's bound, less what it has taken so far. */
    const waitLeft = () => Math.max(0, Math.min(this.waitMs, answerBy - performance.now()));
    /** Too little of the bound left to decide, append and answer within it. */
    const tooLate = () => answerBy - performance.now() < this.minTimeToDecideMs;
    let outcome: CommandOutcomeLabel = 'rejected';
    let counted = false;
    try {
      // While the log is known to be down, refuse at once instead of letting every command find out slowly.
      if (this.breaker.isOpen()) {
        outcome = 'unavailable';
        throw logUnavailable();
      }
      if (tooLate()) {
        outcome = 'unavailable';
        throw busy();
      }
      // A slot is taken when the command's turn comes (a command waiting behind its company's own is counted by
      // the company's queue) and held until its answer, the wait for the projector included: a projector that
      // falls behind is what overload looks like.
      const queued = this.queue.run(
        meta.companyId,
        () => {
          if (tooLate()) throw busy();
          if (this.inFlight >= this.maxInFlight) throw overloaded();
          this.inFlight++;
          counted = true;
          return this.decideAndAppend(meta, decide, waitLeft);
        },
        // Its turn must come while there is time to decide: refused when the bound runs short, not when it is up.
        answerBy - this.minTimeToDecideMs - performance.now(),
      );
      if (!queued) {
        outcome = 'unavailable';
        throw busy();
      }
      const { events, result, target } = await queued.catch((error: unknown) => {
        if (error instanceof WaitedTooLong) {
          outcome = 'unavailable';
          throw busy();
        }
        if (error instanceof CommandUnavailable) outcome = 'unavailable';
        throw error;
      });
      const projected =
        target === undefined ||
        ((await this.options.tracker.waitFor(target.partition, target.nextOffset, waitLeft())) &&
          !(await this.quarantined(meta.companyId)));
      outcome = projected ? 'projected' : 'accepted';
      return { status: outcome, result, events };
    } finally {
      if (counted) this.inFlight--;
      this.options.onExecuted?.(meta.name, outcome, (performance.now() - started) / 1000);
    }
  }

  /**
   * Whether the projector set the company aside, maybe on this very command's events: they are in the log but the
   * read models do not show them, so the command answers as not yet shown (202), never with a view that misses them.
   */
  private async quarantined(companyId: string): Promise<boolean> {
    const { rows } = await this.options.readModels.query(
      prepared(`SELECT 1 FROM ${this.options.readModelSchema}.quarantined_companies WHERE company_id = $1`, [
        companyId,
      ]),
    );
    return rows.length > 0;
  }

  private async decideAndAppend<T>(
    meta: CommandMeta,
    decide: (context: DecideContext) => Promise<Decision<T>>,
    waitLeft: () => number,
  ) {
    const { log, tracker, readModelSchema } = this.options;
    const client = await this.options.lockPool.connect().catch(() => {
      throw busy();
    });
    const lockKey = `courtside.company.${meta.companyId}`;
    /** From sending the lock statement until the unlock went through. */
    let mayHoldLock = false;
    let healthy = true;
    try {
      const partition = await log.partitionOf(meta.companyId);
      // Sampled before the read below: the company's events the tracker shows projected now are in its snapshot.
      const projectedBefore = tracker.positionOf(partition);
      // Sent back to back on the pipelined connection, one round trip. Each statement is a transaction of its own,
      // and the read runs once the lock is taken, so it sees every position whoever held the lock before committed.
      mayHoldLock = true;
      const [bounded, locked, read] = await Promise.allSettled([
        // The lock is waited for at most as long as the command may still take: another process's command of the
        // company may hold it through a log call that hangs. 0 would mean no bound.
        client.query(prepared("SELECT set_config('lock_timeout', $1, false)", [lockTimeoutOf(waitLeft())])),
        client.query(prepared('SELECT pg_advisory_lock(hashtext($1))', [lockKey])),
        client.query<PositionRow>(
          prepared(
            `SELECT (SELECT next_offset FROM courtside.company_log_positions WHERE company_id = $1 AND log = $2)
                      AS next_offset,
                    EXISTS (SELECT 1 FROM ${readModelSchema}.quarantined_companies WHERE company_id = $1)
                      AS quarantined,
                    EXISTS (SELECT 1 FROM courtside.unconfirmed_appends
                            WHERE company_id = $1 AND log = $2 AND until > now()) AS unconfirmed,
                    (SELECT envelope->>'hash' FROM ${readModelSchema}.company_events WHERE company_id = $1
                      ORDER BY seq DESC LIMIT 1) AS last_hash`,
            [meta.companyId, log.id],
          ),
        ),
      ]);
      if (bounded.status === 'rejected') throw bounded.reason;
      if (locked.status === 'rejected') {
        throw (locked.reason as { code?: string }).code === LOCK_NOT_AVAILABLE ? busy() : locked.reason;
      }
      if (read.status === 'rejected') throw read.reason;
      const position = read.value;
      const row = position.rows[0];
      if (row?.quarantined) {
        throw new CommandUnavailable('quarantined');
      }
      if (row?.unconfirmed) throw new CommandUnavailable('earlier_append_unconfirmed');
      // A company this api never appended for (events written by other means): the partition's head covers it.
      const caughtUpTo =
        row?.next_offset ?? (await this.callLog(() => log.head(), waitLeft()))[partition] ?? 0;
      if (!(await tracker.waitFor(partition, caughtUpTo, waitLeft()))) {
        throw new CommandUnavailable('catching_up');
      }
      const now = this.options.clock();
      const decision = await decide({ readModels: this.options.readModels, now });
      const correlationId = meta.correlationId ?? randomUUID();
      const created = decision.events.map((event) => this.create(event, meta, correlationId, now));
      if (created.length === 0) return { events: created, result: decision.result, target: undefined };
      // DESIGN.md §8: chained to the company's last event, which the read models hold now that they caught up (read
      // with the position when they had already).
      const lastHash =
        row !== undefined && projectedBefore >= caughtUpTo
          ? (row.last_hash ?? CHAIN_START)
          : await this.lastHashOf(meta.companyId);
      const events = chainEvents(lastHash, created);
      // An append needs its round trip: with less of the bound left it would only end as "may or may not have been
      // saved", so the command is refused before anything is written.
      if (waitLeft() < MIN_TIME_TO_APPEND_MS) throw busy();
      const appending = log.append(meta.companyId, events);
      const appended = await this.callLog(() => appending, waitLeft()).catch(async (error: unknown) => {
        if ((error as { cause?: unknown }).cause instanceof LogTimeoutError) {
          // Still under way, and it may yet be written: no later command may decide before it settles, or the
          // company's chain would fork. The company is held by a record in Postgres instead of this lock and
          // connection, so that this command is answered within its bound and the company is refused at once
          // meanwhile (before, the lock and its connection were held until the log gave up, ~10 s).
          const token = randomUUID();
          const recorded = await client
            .query(RECORD_UNCONFIRMED, [meta.companyId, log.id, token, UNCONFIRMED_HOLD_MS])
            .then(
              () => true,
              () => false,
            );
          if (recorded) this.settleLater(meta.companyId, partition, token, appending);
          // Without the record, only the lock holds the company: until the append has settled.
          else await appending.catch(() => undefined);
        } else {
          // The outcome of a failed append is unknown (it may be written): the next command waits for the head.
          await client
            .query('DELETE FROM courtside.company_log_positions WHERE company_id = $1 AND log = $2', [
              meta.companyId,
              log.id,
            ])
            .catch(() => undefined);
        }
        throw new CommandUnavailable('append_unconfirmed');
      });
      this.options.onAppended?.(appended.length);
      const nextOffset = Math.max(...appended.map((event) => event.offset)) + 1;
      // Recorded and let go in one round trip: the record commits before the unlock runs (each is a transaction of
      // its own), so the next holder reads it. The unlock runs even when the record failed.
      const [recorded, unlocked] = await Promise.allSettled([
        client.query(
          prepared(
            `INSERT INTO courtside.company_log_positions (company_id, log, partition, next_offset) VALUES ($1, $2, $3, $4)
             ON CONFLICT (company_id, log) DO UPDATE SET partition = excluded.partition, next_offset = excluded.next_offset`,
            [meta.companyId, log.id, partition, nextOffset],
          ),
        ),
        client.query(prepared('SELECT pg_advisory_unlock(hashtext($1))', [lockKey])),
      ]);
      if (unlocked.status === 'fulfilled') mayHoldLock = false;
      if (recorded.status === 'rejected') throw recorded.reason;
      if (unlocked.status === 'rejected') throw unlocked.reason;
      return { events, result: decision.result, target: { partition, nextOffset } };
    } finally {
      // Also after a failed read: the lock before it may have been taken.
      if (mayHoldLock) {
        await client.query(prepared('SELECT pg_advisory_unlock(hashtext($1))', [lockKey])).catch(() => {
          healthy = false; // a connection that may still hold the lock is closed, never reused
        });
      }
      client.release(!healthy);
    }
  }

  /**
   * Keeps the company's record of an unconfirmed append alive until the append settles, then confirms where the
   * company's events end (written) or clears it (the log gave up: the next command waits for the partition's head).
   * A failure to write either leaves the record to run out.
   */
  private settleLater(
    companyId: string,
    partition: number,
    token: string,
    appending: Promise<AppendedEvent[]>,
  ): void {
    const { lockPool, log } = this.options;
    const key = [companyId, log.id, token];
    const renewal = setInterval(() => {
      void lockPool.query(RENEW_UNCONFIRMED, [...key, UNCONFIRMED_HOLD_MS]).catch(() => undefined);
    }, UNCONFIRMED_HOLD_MS / 4);
    renewal.unref();
    this.unsettled.add(renewal);
    void appending
      .then(
        async (appended) => {
          this.options.onAppended?.(appended.length);
          const nextOffset = Math.max(...appended.map((event) => event.offset)) + 1;
          await lockPool.query(CONFIRMED, [...key, partition, nextOffset]);
        },
        () => lockPool.query(CLEARED, key),
      )
      .catch(() => undefined)
      .finally(() => {
        clearInterval(renewal);
        this.unsettled.delete(renewal);
      });
  }

  /** The hash of the company's last event; CHAIN_START for its first event or the first one after hashes began. */
  private async lastHashOf(companyId: string): Promise<string> {
    return (await lastEventHashOf(this.options.readModels, companyId)) ?? CHAIN_START;
  }

  /**
   * A log call bounded by its own `logCallMs` and by what is left of the command's bound (`leftMs`): a broker that
   * does not answer costs the command what it had left, not another 1.5 s after its wait for its turn. A failure, or
   * a silence of `LOG_SILENT_MS` or more, opens the breaker, so the commands after it are refused at once; a call cut
   * shorter than that by the command's own bound says nothing about the log.
   */
  private async callLog<T>(call: () => Promise<T>, leftMs: number): Promise<T> {
    const ms = Math.min(this.logCallMs, leftMs);
    try {
      return await withTimeout(call(), ms);
    } catch (error) {
      if (!(error instanceof LogTimeoutError) || ms >= LOG_SILENT_MS) this.breaker.open();
      if (error instanceof CommandUnavailable) throw error;
      throw Object.assign(logUnavailable(), { cause: error });
    }
  }

  private create(event: NewEvent, meta: CommandMeta, correlationId: string, now: Date): EventEnvelope {
    // An event the registry refuses throws EventParseError: bad input, answered 400 at the edge.
    return this.options.registry.create(event, {
      companyId: meta.companyId,
      actorId: meta.actorId,
      correlationId,
      occurredAt: now,
    });
  }
}

/**
 * Knows whether the log answers. Opened by a failed log call; while open, commands are refused at once and a probe
 * pings the log every `probeMs` until it answers again.
 */
class LogBreaker {
  private opened = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly probeMs = 500,
  ) {}

  isOpen(): boolean {
    return this.opened;
  }

  open(): void {
    if (this.opened) return;
    this.opened = true;
    this.schedule();
  }

  close(): void {
    clearTimeout(this.timer);
    this.opened = false;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.ping().then(
        () => {
          this.opened = false;
        },
        () => this.schedule(),
      );
    }, this.probeMs);
    this.timer.unref();
  }
}
