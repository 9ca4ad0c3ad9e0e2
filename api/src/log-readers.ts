import type { EventRegistry } from '@courtside/events/event-registry';
import type { LogRecord } from '@courtside/eventlog/log/port';
import type { ProjectionTracker } from '@courtside/projector/projection-tracker';

/**
 * The two steps the log's readers beside the projector share (the notifier, the webhooks consumer): both read the
 * read models, so each chunk waits for the projector to pass it; and an event neither can read is skipped, logged
 * (the projector quarantines it).
 */

/** A `beforeChunk` that waits until the projector has applied the chunk; `stopping()` ends the wait with an error. */
export function afterTheProjector(
  projection: ProjectionTracker,
  pollMs: number,
  stopping: () => boolean,
  reader: string,
): (partition: number, nextOffset: number) => Promise<void> {
  return async (partition, nextOffset) => {
    for (;;) {
      if (stopping()) throw new Error(`${reader} stopping`);
      if (await projection.waitFor(partition, nextOffset, pollMs)) return;
    }
  };
}

/** The event of a record, or undefined (logged) for one the registry cannot read. */
export function readableEvents<Event>(
  registry: EventRegistry,
  logger: { warn(fields: object, message: string): void },
  reader: string,
): (record: LogRecord) => Event | undefined {
  return (record) => {
    try {
      return registry.parse(record.value) as Event;
    } catch (error) {
      logger.warn(
        { partition: record.partition, offset: record.offset, err: error },
        `${reader} skipped an event it cannot read`,
      );
      return undefined;
    }
  };
}
