import { randomUUID } from 'node:crypto';
import type { EventLog, LogBatch } from '../log/port.ts';
import { ChainVerifier, type ChainReport } from './hash-chain.ts';

/**
 * `npm run verify`: reads the whole log from position 0 up to its head as it stands now and checks each company's
 * hash chain (DESIGN.md §8). Positions count a company's events in log order, 1 first, as the history does; an
 * event id seen twice (a redelivered append) counts once, as the read models count it.
 */
export async function verifyLog(log: EventLog): Promise<Map<string, ChainReport>> {
  const head = await log.head();
  const verifiers = new Map<string, ChainVerifier>();
  const positions = new Map<string, number>();
  const seen = new Set<string>();
  const remaining = new Set(
    Object.entries(head)
      .filter(([, next]) => next > 0)
      .map(([partition]) => Number(partition)),
  );
  if (remaining.size === 0) return new Map();
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const onBatch = async ({ partition, records }: LogBatch) => {
    const end = head[partition] ?? 0;
    for (const record of records) {
      if (record.offset >= end) break;
      const value = record.value as { companyId?: unknown; id?: unknown } | null;
      const companyId = typeof value?.companyId === 'string' ? value.companyId : '(unreadable)';
      const id = typeof value?.id === 'string' ? value.id : undefined;
      if (id !== undefined && seen.has(id)) continue;
      if (id !== undefined) seen.add(id);
      const position = (positions.get(companyId) ?? 0) + 1;
      positions.set(companyId, position);
      let verifier = verifiers.get(companyId);
      if (!verifier) verifiers.set(companyId, (verifier = new ChainVerifier()));
      verifier.add(position, typeof record.value === 'object' ? record.value : null);
    }
    if ((records.at(-1)?.offset ?? -1) >= end - 1) remaining.delete(partition);
    if (remaining.size === 0) done();
  };
  const subscription = await log.subscribe({
    name: `verify-${randomUUID()}`,
    from: async (partitions) => Object.fromEntries(partitions.map((partition) => [partition, 0])),
    onBatch,
  });
  try {
    await finished;
  } finally {
    await subscription.stop();
  }
  return new Map([...verifiers].map(([companyId, verifier]) => [companyId, verifier.report()]));
}
