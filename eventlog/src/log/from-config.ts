import { createEmbeddedEventLog } from './embedded.ts';
import type { KafkaLogLevel } from './kafka.ts';
import type { EventLog } from './port.ts';

interface EventLogConfig {
  databaseUrl: string;
  /** Set: the log is Kafka; unset or empty: the embedded Postgres log. */
  kafkaBrokers?: string[];
  kafkaTopic?: string;
  /** kafkajs' own log lines; default `warn`. */
  kafkaLogLevel?: KafkaLogLevel;
  /** The embedded log's connection errors. */
  onError?: (error: unknown) => void;
}

/** The one place that chooses the log: Kafka when brokers are given, else the embedded log in Postgres. */
export async function eventLogFrom(config: EventLogConfig): Promise<EventLog> {
  // kafkajs is loaded only where the log is Kafka: the embedded log's processes and tools start without it.
  return config.kafkaBrokers?.length
    ? (await import('./kafka.ts')).createKafkaEventLog({
        brokers: config.kafkaBrokers,
        topic: config.kafkaTopic,
        ...(config.kafkaLogLevel ? { logLevel: config.kafkaLogLevel } : {}),
      })
    : createEmbeddedEventLog({ databaseUrl: config.databaseUrl, onError: config.onError });
}
