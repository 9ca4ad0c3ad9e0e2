/**
 * Kafka's own produce → consume latency, the baseline of the command bench: messages of the size of an event,
 * keyed by company over the log's partition count, sent open loop at the bench's rate with the event log's
 * producer settings (idempotent, acks=all, one request in flight per partition at a time) and read by a consumer
 * with the projector's fetch wait. What is left of a command's latency above this is Courtside's.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { sendOpenLoop, drain } from './open-loop.ts';
import { summarize, type Summary } from './stats.ts';

export interface KafkaRoundTrip {
  sent: number;
  received: number;
  /** producer.send → the broker's acknowledgement (acks=all). */
  produceAckMs?: Summary;
  /** Due → acknowledged: with the wait behind earlier sends to the same partition, as an append waits. */
  dueToAckMs?: Summary;
  /** Due → the consumer's eachMessage. */
  dueToConsumeMs?: Summary;
}

export async function measureKafkaRoundTrip(options: {
  brokers: string[];
  rate: number;
  seconds: number;
  partitions: number;
  /** The event log's consumer fetch wait (eventlog/src/log/kafka.ts). */
  maxWaitTimeInMs: number;
}): Promise<KafkaRoundTrip> {
  const kafka = new Kafka({
    clientId: 'courtside-bench-baseline',
    brokers: options.brokers,
    logLevel: logLevel.NOTHING,
  });
  const topic = `courtside.bench.baseline.${randomUUID().slice(0, 8)}`;
  const admin = kafka.admin();
  await admin.connect();
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  const consumer = kafka.consumer({
    groupId: `${topic}.reader`,
    minBytes: 1,
    maxWaitTimeInMs: options.maxWaitTimeInMs,
  });
  try {
    await admin.createTopics({
      topics: [{ topic, numPartitions: options.partitions, replicationFactor: 1 }],
      waitForLeaders: true,
    });
    await producer.connect();
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    const dueAt: number[] = [];
    const sentAt: number[] = [];
    const ackAt: number[] = [];
    const receivedAt: number[] = [];
    await consumer.run({
      partitionsConsumedConcurrently: options.partitions,
      eachMessage: async ({ message }) => {
        const seq = Number(message.key?.toString().split(':')[1]);
        if (receivedAt[seq] === undefined) receivedAt[seq] = performance.now();
      },
    });
    await joined;

    // As the log: appends to one partition never overlap.
    const partitionTail = new Map<number, Promise<void>>();
    const payload = 'x'.repeat(400); // about a serialised event envelope
    const count = Math.round(options.rate * options.seconds);
    await sendOpenLoop(options.rate, count, (seq, due) => {
      dueAt[seq] = due;
      const partition = seq % options.partitions;
      const previous = partitionTail.get(partition) ?? Promise.resolve();
      const next = previous.then(async () => {
        sentAt[seq] = performance.now();
        await producer.send({
          topic,
          acks: -1,
          messages: [{ key: `bench:${seq}`, partition, value: payload }],
        });
        ackAt[seq] = performance.now();
      });
      partitionTail.set(partition, next);
      return next;
    });
    await drain(() => receivedAt.filter((at) => at !== undefined).length < count, 15);
    const spans = (from: number[], to: number[]) =>
      summarize(from.flatMap((start, seq) => (to[seq] === undefined ? [] : [to[seq]! - start])));
    return {
      sent: count,
      received: receivedAt.filter((at) => at !== undefined).length,
      produceAckMs: spans(sentAt, ackAt),
      dueToAckMs: spans(dueAt, ackAt),
      dueToConsumeMs: spans(dueAt, receivedAt),
    };
  } finally {
    await consumer.disconnect().catch(() => undefined);
    await producer.disconnect().catch(() => undefined);
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect().catch(() => undefined);
  }
}
