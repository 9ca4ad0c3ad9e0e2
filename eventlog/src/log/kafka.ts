/**
 * The Kafka adapter of the event-log port (DESIGN.md §1 "The log").
 *
 * One topic (default `courtside.events`), keyed by company id; every event of a company goes to the partition
 * `fnv1a32(companyId) % partitions`, chosen here (not by the kafkajs partitioner) so it is the same in every
 * process and every language. Idempotent producer, acks=all. Consumers never commit offsets to Kafka: positions
 * belong to the caller (the projector keeps them in Postgres), which is asked through `from()` on every assignment.
 *
 * Outages: client calls retry for ~10 s (then reject); the consumer restarts itself and re-asks `from()`. A rejected
 * append is "outcome unknown", not "not written": e.g. a broker shutting down can answer NOT_LEADER for a batch it
 * has already written. Readers see such events like any other.
 */
import {
  Kafka,
  logLevel as kafkaLogLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type KafkaConfig,
  type LogEntry,
  type Producer,
  type RetryOptions,
} from 'kafkajs';
import type { EventEnvelope } from '@courtside/events/envelope';
import type {
  AppendedEvent,
  EventLog,
  LogRecord,
  Positions,
  SubscribeOptions,
  Subscription,
} from './port.ts';

export const kafkaLogLevels = ['nothing', 'error', 'warn', 'info', 'debug'] as const;
export type KafkaLogLevel = (typeof kafkaLogLevels)[number];

/** `KAFKAJS_LOG_LEVEL` as the command-line tools read it (the servers read it in their config): unknown is unset. */
export function kafkaLogLevelOf(value: string | undefined): KafkaLogLevel | undefined {
  return kafkaLogLevels.find((level) => level === value);
}

interface KafkaEventLogOptions {
  brokers: string[];
  /** Default `courtside.events`. */
  topic?: string;
  /** Used only when the topic has to be created; default 3. */
  partitions?: number;
  clientId?: string;
  /** kafkajs' own log lines, as single-line JSON on stderr. Default `warn`. */
  logLevel?: KafkaLogLevel;
  /** Where kafkajs' log lines go; default one JSON line on stderr each. */
  logSink?: (line: Record<string, unknown>) => void;
  /** Fetch long-poll: how long the broker may hold an empty fetch (ms). Default 50. */
  maxWaitTimeInMs?: number;
}

const DEFAULT_TOPIC = 'courtside.events';

/** FNV-1a, 32 bit, over the UTF-8 bytes; unsigned. */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const LEVELS: Record<KafkaLogLevel, kafkaLogLevel> = {
  nothing: kafkaLogLevel.NOTHING,
  error: kafkaLogLevel.ERROR,
  warn: kafkaLogLevel.WARN,
  info: kafkaLogLevel.INFO,
  debug: kafkaLogLevel.DEBUG,
};

/** Retries of client calls (produce, admin): bounded, so an append during an outage settles within ~10 s. */
const CLIENT_RETRY: RetryOptions = {
  initialRetryTime: 100,
  maxRetryTime: 2_000,
  retries: 6,
  factor: 0.2,
  multiplier: 2,
};

/**
 * Retries of an append: short, so that a command during an outage is answered within ~2 s (the api then refuses
 * commands at once until the log answers a ping again).
 */
const PRODUCE_RETRY: RetryOptions = {
  initialRetryTime: 100,
  maxRetryTime: 500,
  retries: 3,
  factor: 0.2,
  multiplier: 2,
};

/**
 * kafkajs log lines as single-line JSON. Without debug, stacks are left out and a line repeating within 10 s (a
 * broker outage makes kafkajs log every reconnect attempt) is counted instead of written again.
 */
function quietLogger(sink: (line: Record<string, unknown>) => void, verbose: boolean) {
  const lastWritten = new Map<string, { at: number; suppressed: number }>();
  return ({ namespace, label, log }: LogEntry) => {
    const {
      message,
      timestamp,
      logger: _logger,
      stack,
      ...rest
    } = log as LogEntry['log'] & {
      logger?: unknown;
      stack?: unknown;
    };
    // Known and handled (see the producer in createKafkaEventLog); kafkajs says it once per producer.
    if (!verbose && String(message).startsWith('Limiting retries for the idempotent producer')) return;
    const line: Record<string, unknown> = {
      time: timestamp,
      level: label,
      component: 'kafkajs',
      namespace,
      message,
    };
    if (!verbose) {
      const key = `${label}|${namespace}|${message}`;
      const now = Date.now();
      const seen = lastWritten.get(key);
      if (seen && now - seen.at < 10_000) {
        seen.suppressed++;
        return;
      }
      if (seen?.suppressed) line.repeatedTimes = seen.suppressed;
      lastWritten.set(key, { at: now, suppressed: 0 });
      if (lastWritten.size > 500) lastWritten.clear();
      for (const k of ['groupId', 'broker', 'topic', 'partition', 'retryCount', 'retryTime', 'error']) {
        if (k in rest) line[k] = (rest as Record<string, unknown>)[k];
      }
    } else {
      Object.assign(line, rest, stack ? { stack } : {});
    }
    sink(line);
  };
}

export async function createKafkaEventLog(opts: KafkaEventLogOptions): Promise<EventLog> {
  const topic = opts.topic ?? DEFAULT_TOPIC;
  const clientId = opts.clientId ?? 'courtside';
  const maxWaitTimeInMs = opts.maxWaitTimeInMs ?? 50;
  const levelName = opts.logLevel ?? 'warn';
  const sink =
    opts.logSink ??
    ((line: Record<string, unknown>) => void process.stderr.write(`${JSON.stringify(line)}\n`));

  const baseConfig: KafkaConfig = {
    clientId,
    brokers: opts.brokers,
    connectionTimeout: 1_000,
    requestTimeout: 10_000,
    enforceRequestTimeout: true,
    retry: CLIENT_RETRY,
    logLevel: LEVELS[levelName] ?? kafkaLogLevel.WARN,
    logCreator: () => quietLogger(sink, levelName === 'debug'),
  };
  const kafka = new Kafka(baseConfig);
  // ping() must answer fast: no retries, short timeouts.
  const pingKafka = new Kafka({
    ...baseConfig,
    clientId: `${clientId}-ping`,
    requestTimeout: 2_000,
    retry: { retries: 0 },
  });

  const admin = kafka.admin();
  await admin.connect();

  let partitionCount: number;
  try {
    partitionCount = await ensureTopic(admin, topic, opts.partitions ?? 3);
  } catch (error) {
    await admin.disconnect().catch(() => undefined);
    throw error;
  }

  /*
   * The idempotent producer numbers batches per partition. kafkajs rolls a failed batch's sequence number back, so
   * after a give-up the *next* batch would reuse a number the broker may already hold (the failed request may have
   * been written after all), and the broker would drop it as a duplicate. Hence: appends to one partition never
   * overlap (`partitionQueue`), and after a failed append the producer is replaced (new producer id, fresh numbers).
   */
  const newProducer = (): Producer =>
    kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: PRODUCE_RETRY,
    });
  let producer: Producer | undefined = newProducer();
  try {
    await producer.connect();
  } catch (error) {
    await admin.disconnect().catch(() => undefined);
    throw error;
  }
  let producerConnecting: Promise<Producer> | undefined;
  const currentProducer = async (): Promise<Producer> => {
    if (producer) return producer;
    producerConnecting ??= (async () => {
      const fresh = newProducer();
      try {
        await fresh.connect();
      } catch (error) {
        await fresh.disconnect().catch(() => undefined);
        throw error;
      } finally {
        producerConnecting = undefined;
      }
      if (closed) {
        await fresh.disconnect().catch(() => undefined);
        throw new Error('event log is closed');
      }
      producer = fresh;
      return fresh;
    })();
    return producerConnecting;
  };
  const retireProducer = (failed: Producer) => {
    if (producer !== failed) return;
    producer = undefined;
    void failed.disconnect().catch(() => undefined);
  };
  let lastFailureAt = 0;
  const partitionQueue = new Map<number, Promise<unknown>>();
  const serialized = <T>(partition: number, task: () => Promise<T>): Promise<T> => {
    const previous = partitionQueue.get(partition) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    partitionQueue.set(partition, tail);
    void tail.then(() => {
      if (partitionQueue.get(partition) === tail) partitionQueue.delete(partition);
    });
    return result;
  };

  let pingAdmin: Admin | undefined;
  const subscriptions = new Set<{ stop(): Promise<void> }>();
  let closed = false;

  const partitionOfSync = (companyId: string) => fnv1a32(companyId) % partitionCount;

  const log: EventLog = {
    kind: 'kafka',
    id: `kafka:${topic}`,

    async partitionOf(companyId) {
      return partitionOfSync(companyId);
    },

    async append(companyId: string, events: EventEnvelope[]): Promise<AppendedEvent[]> {
      if (closed) throw new Error('event log is closed');
      if (events.length === 0) return [];
      for (const event of events) {
        if (event.companyId !== companyId) {
          throw new Error(`event ${event.id} belongs to company ${event.companyId}, not ${companyId}`);
        }
      }
      const partition = partitionOfSync(companyId);
      const messages = events.map((event) => ({ key: companyId, partition, value: JSON.stringify(event) }));
      const queuedAt = Date.now();
      return serialized(partition, async () => {
        if (closed) throw new Error('event log is closed');
        // An append that queued behind one that failed is not sent at all: it fails at once, surely unwritten.
        if (lastFailureAt >= queuedAt)
          throw new Error('event log unavailable: an earlier append just failed');
        const sender = await currentProducer();
        let meta;
        try {
          [meta] = await sender.send({ topic, acks: -1, messages });
        } catch (error) {
          lastFailureAt = Date.now();
          retireProducer(sender);
          throw error;
        }
        if (!meta || meta.baseOffset === undefined || meta.partition !== partition) {
          throw new Error(`unexpected produce answer ${JSON.stringify(meta)}`);
        }
        const base = Number(meta.baseOffset);
        return events.map((event, index) => ({ id: event.id, partition, offset: base + index }));
      });
    },

    async head(): Promise<Positions> {
      const offsets = await admin.fetchTopicOffsets(topic);
      const positions: Positions = {};
      for (const { partition, high } of offsets) positions[partition] = Number(high);
      return positions;
    },

    async subscribe(options: SubscribeOptions): Promise<Subscription> {
      if (closed) throw new Error('event log is closed');
      const subscription = await startSubscription(kafka, topic, maxWaitTimeInMs, options);
      const entry = {
        stop: async () => {
          subscriptions.delete(entry);
          await subscription.stop();
        },
      };
      subscriptions.add(entry);
      return { stop: entry.stop };
    },

    async ping(): Promise<void> {
      const client = (pingAdmin ??= pingKafka.admin());
      try {
        await withTimeout(
          (async () => {
            await client.connect();
            await client.fetchTopicMetadata({ topics: [topic] });
          })(),
          2_000,
          'Kafka ping',
        );
      } catch (error) {
        // Start from a clean connection next time.
        pingAdmin = undefined;
        void client.disconnect().catch(() => undefined);
        throw error;
      }
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...subscriptions].map((s) => s.stop()));
      await Promise.allSettled([
        producer?.disconnect() ?? Promise.resolve(),
        admin.disconnect(),
        pingAdmin?.disconnect() ?? Promise.resolve(),
      ]);
    },
  };
  return log;
}

/** Creates the topic when it is missing (racing creators are fine) and returns its real partition count. */
async function ensureTopic(admin: Admin, topic: string, partitions: number): Promise<number> {
  const existing = await admin.listTopics();
  if (!existing.includes(topic)) {
    try {
      await admin.createTopics({
        waitForLeaders: true,
        topics: [
          {
            topic,
            numPartitions: partitions,
            configEntries: [
              { name: 'retention.ms', value: '-1' },
              { name: 'retention.bytes', value: '-1' },
              { name: 'cleanup.policy', value: 'delete' },
            ],
          },
        ],
      });
    } catch (error) {
      // Another process created it first: fine. Anything else surfaces below if the topic is still missing.
      if (!isTopicExists(error)) throw error;
    }
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
      const found = metadata.topics.find((t) => t.name === topic);
      const count = found?.partitions.length ?? 0;
      if (count > 0 && found!.partitions.every((p) => p.leader >= 0)) return count;
    } catch (error) {
      if (attempt >= 50) throw error;
    }
    if (attempt >= 50) throw new Error(`topic ${topic} has no partitions with leaders`);
    await sleep(100);
  }
}

function isTopicExists(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (e: unknown): boolean => {
    if (!e || typeof e !== 'object' || seen.has(e)) return false;
    seen.add(e);
    const x = e as { type?: string; errors?: unknown[]; cause?: unknown; message?: string };
    if (x.type === 'TOPIC_ALREADY_EXISTS' || /already exists/i.test(x.message ?? '')) return true;
    return (x.errors ?? []).some(visit) || visit(x.cause);
  };
  return visit(error);
}

interface RunningSubscription {
  stop(): Promise<void>;
}

/**
 * One consumer group `courtside-${name}`. Kafka never stores its offsets: on every assignment `from()` says where
 * each partition starts and the consumer seeks there. Batches are delivered strictly from the expected position
 * onwards: a batch fetched before the seek took effect (or otherwise from the wrong place) is dropped and the
 * partition is sought again, records below the position are filtered out.
 */
const FIRST_ASSIGNMENT_WAIT_MS = 30_000;
/** Partitions whose batches a `partitionsAtOnce` reader handles at the same time in one process. */
const MAX_PARTITIONS_AT_ONCE = 8;

async function startSubscription(
  kafka: Kafka,
  topic: string,
  maxWaitTimeInMs: number,
  options: SubscribeOptions,
): Promise<RunningSubscription> {
  const { name, from, onBatch } = options;
  const onError = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {
      /* a throwing error handler must not break consumption */
    }
  };
  // Scoped by topic: one group per reader of one log, so readers of other topics never share its rebalances.
  const groupId = options.group ?? `courtside-${topic}-${name}`;

  let stopped = false;
  /** Next offset to deliver, per assigned partition. */
  const next = new Map<number, number>();
  /** Resolves once the latest assignment's positions are known and sought. */
  let ready: Promise<void> = Promise.resolve();
  let generation = 0;
  let assigned!: () => void;
  /** The first assignment's positions are sought: from here on, records are delivered without a join delay. */
  const firstAssignment = new Promise<void>((resolve) => (assigned = resolve));
  let consumer: Consumer;
  let restarting: Promise<void> | undefined;

  const seek = (partition: number, offset: number) => {
    try {
      consumer.seek({ topic, partition, offset: String(offset) });
    } catch (error) {
      // Only when the consumer is not running (stopping, restarting): the next assignment seeks anyway.
      if (!stopped) onError(error);
    }
  };

  /** Asks `from()` until it answers (or the subscription stops). */
  const positionsFor = async (partitions: number[]): Promise<Positions | undefined> => {
    for (;;) {
      if (stopped) return undefined;
      try {
        return await from(partitions);
      } catch (error) {
        onError(error);
        await sleep(500);
      }
    }
  };

  const onAssignment = (partitions: number[]) => {
    const mine = ++generation;
    ready = (async () => {
      const positions = await positionsFor(partitions);
      if (!positions || mine !== generation) return;
      next.clear();
      for (const partition of partitions) {
        const offset = positions[partition] ?? 0;
        next.set(partition, offset);
        seek(partition, offset);
      }
      assigned();
    })();
  };

  const eachBatch = async ({ batch, resolveOffset, heartbeat, isStale, isRunning }: EachBatchPayload) => {
    const { partition } = batch;
    // Wait for the positions of the current assignment (from() may still be running right after a join).
    for (;;) {
      const current = ready;
      await current;
      if (current === ready) break;
    }
    if (stopped || !isRunning() || isStale()) return;

    const want = next.get(partition);
    // Not in the current assignment (revoked by a rebalance while this batch was fetched): not ours to deliver.
    if (want === undefined) return;
    // kafkajs keeps the offset the fetch asked for on the batch (untyped): beyond our position means stale.
    const fetchedOffset =
      (batch as typeof batch & { fetchedOffset?: string }).fetchedOffset ?? batch.firstOffset();
    if (fetchedOffset !== null && Number(fetchedOffset) > want) {
      // Fetched from beyond the position (before our seek took effect): fetch again from the right place.
      seek(partition, want);
      return;
    }
    const messages = batch.messages.filter((m) => Number(m.offset) >= want);
    if (messages.length === 0) {
      if (batch.messages.length > 0) seek(partition, want);
      return;
    }

    const records: LogRecord[] = messages.map((m) => ({
      partition,
      offset: Number(m.offset),
      value: parseValue(m.value),
    }));
    try {
      await onBatch({ partition, records });
    } catch (error) {
      onError(error);
      await sleep(500);
      if (stopped) return;
      const positions = await positionsFor([partition]);
      if (!positions) return;
      const offset = positions[partition] ?? 0;
      next.set(partition, offset);
      seek(partition, offset);
      return;
    }
    const last = messages[messages.length - 1]!;
    next.set(partition, Number(last.offset) + 1);
    resolveOffset(last.offset);
    await heartbeat();
  };

  const createConsumer = (): Consumer => {
    const c = kafka.consumer({
      groupId,
      minBytes: 1,
      maxWaitTimeInMs,
      sessionTimeout: 10_000,
      rebalanceTimeout: 20_000,
      heartbeatInterval: 1_000,
      allowAutoTopicCreation: false,
      retry: { ...CLIENT_RETRY, restartOnFailure: async () => true },
    });
    c.on(c.events.GROUP_JOIN, ({ payload }) => {
      if (c !== consumer || stopped) return;
      onAssignment(payload.memberAssignment[topic] ?? []);
    });
    c.on(c.events.CRASH, ({ payload }) => {
      if (c !== consumer || stopped) return;
      onError(payload.error);
      // kafkajs restarts by itself after retriable errors; after anything else start a fresh consumer.
      if (!payload.restart) scheduleRestart();
    });
    return c;
  };

  const run = async (c: Consumer) => {
    await c.connect();
    await c.subscribe({ topic, fromBeginning: false });
    await c.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      // The projector's partitions at once: waiting on Postgres for one partition no longer holds up the others.
      partitionsConsumedConcurrently: options.partitionsAtOnce ? MAX_PARTITIONS_AT_ONCE : 1,
      eachBatch,
    });
  };

  const scheduleRestart = () => {
    if (restarting || stopped) return;
    restarting = (async () => {
      while (!stopped) {
        await sleep(1_000);
        if (stopped) break;
        const old = consumer;
        await old.disconnect().catch(() => undefined);
        consumer = createConsumer();
        try {
          await run(consumer);
          break;
        } catch (error) {
          onError(error);
        }
      }
      restarting = undefined;
    })();
  };

  consumer = createConsumer();
  try {
    await run(consumer);
    // A group join takes a moment; a subscriber that is "started" should already own its partitions.
    await Promise.race([firstAssignment, sleep(FIRST_ASSIGNMENT_WAIT_MS)]);
  } catch (error) {
    stopped = true;
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }

  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      generation++;
      await restarting;
      await consumer.disconnect();
    },
  };
}

function parseValue(value: Buffer | null): unknown {
  if (value === null) return null;
  const text = value.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // delivered as it is, so the reader can report it
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
