import { createEmbeddedEventLog } from '@courtside/eventlog/log/embedded';
import { createKafkaEventLog } from '@courtside/eventlog/log/kafka';
import type { EventLog } from '@courtside/eventlog/log/port';
import { createTestDatabase, kafkaBrokers, uniqueTopic } from '../support/services.ts';

interface LogUnderTest {
  log: EventLog;
  /** A second, independent client of the same log (another process, in real life). */
  anotherClient(): Promise<EventLog>;
}

type LogFactory = () => Promise<LogUnderTest>;

export const logFactories: Array<[string, LogFactory]> = [
  [
    'embedded',
    async () => {
      const databaseUrl = await createTestDatabase('log');
      return {
        log: await createEmbeddedEventLog({ databaseUrl }),
        anotherClient: () => createEmbeddedEventLog({ databaseUrl }),
      };
    },
  ],
  [
    'kafka',
    async () => {
      const topic = uniqueTopic('log');
      const brokers = kafkaBrokers();
      return {
        log: await createKafkaEventLog({ brokers, topic, partitions: 3 }),
        anotherClient: () => createKafkaEventLog({ brokers, topic, partitions: 3 }),
      };
    },
  ],
];
