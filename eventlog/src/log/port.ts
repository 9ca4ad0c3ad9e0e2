import type { EventEnvelope } from '@courtside/events/envelope';

/** Next offset to read, per partition. The embedded log has one partition, 0. */
export type Positions = Record<number, number>;

export interface AppendedEvent {
  id: string;
  partition: number;
  offset: number;
}

/** An event as it comes off the log: not yet parsed, so a bad record can be reported rather than lost. */
export interface LogRecord {
  partition: number;
  offset: number;
  value: unknown;
}

export interface LogBatch {
  partition: number;
  records: LogRecord[];
}

export interface SubscribeOptions {
  /** Distinguishes independent readers (Kafka consumer group suffix). */
  name: string;
  /** Kafka: the consumer group's exact name (default `courtside-{topic}-{name}`); the embedded log ignores it. */
  group?: string;
  /** Asked whenever partitions are (re)assigned: where to start reading each one. Missing partitions start at 0. */
  from: (partitions: number[]) => Promise<Positions>;
  /**
   * Handles one batch of one partition, in offset order. When it resolves, the batch counts as consumed.
   * When it rejects, the same records are delivered again after a pause, from wherever `from` says.
   */
  onBatch: (batch: LogBatch) => Promise<void>;
  onError?: (error: unknown) => void;
  /**
   * Kafka: handle batches of different partitions at the same time (one partition's still one after another, in
   * order). For a reader whose batches of different partitions touch nothing in common in memory, as the projector's
   * (its partitions' checkpoints are apart). The embedded log ignores it.
   */
  partitionsAtOnce?: boolean;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * The event-log port. Events of one company go to one partition and keep their order there.
 * Kafka and the embedded Postgres log both implement it and pass the same contract suite.
 */
export interface EventLog {
  readonly kind: 'kafka' | 'embedded';
  /** Names this log (`embedded`, or `kafka:{topic}`): offsets are only comparable within one log. */
  readonly id: string;
  partitionOf(companyId: string): Promise<number>;
  /** Appends events of one company atomically, in order; resolves once they are durable. */
  append(companyId: string, events: EventEnvelope[]): Promise<AppendedEvent[]>;
  /** The next offset that will be written, per partition: everything below it is readable. */
  head(): Promise<Positions>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Throws when the log cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
