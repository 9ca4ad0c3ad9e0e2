import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventLog, LogRecord, Positions, Subscription } from '@courtside/eventlog/log/port';
import { anEvent } from '../support/events.ts';
import { eventually } from '../support/wait.ts';
import { logFactories } from './log-factories.ts';

interface Collected {
  records: LogRecord[];
  subscription: Subscription;
}

async function collect(log: EventLog, from: Positions = {}): Promise<Collected> {
  const records: LogRecord[] = [];
  const subscription = await log.subscribe({
    name: `contract-${randomUUID()}`,
    from: async () => from,
    onBatch: async (batch) => void records.push(...batch.records),
  });
  return { records, subscription };
}

function idsOf(records: LogRecord[], companyId: string): string[] {
  return records
    .map((record) => record.value as { id: string; companyId: string })
    .filter((event) => event.companyId === companyId)
    .map((event) => event.id);
}

describe.each(logFactories)('event log contract: %s', (_name, makeLog) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function given() {
    const underTest = await makeLog();
    cleanups.push(() => underTest.log.close());
    return underTest;
  }

  it('hands out consecutive offsets within a company partition and moves the head past them', async () => {
    const { log } = await given();
    const companyId = randomUUID();
    const partition = await log.partitionOf(companyId);
    const before = (await log.head())[partition] ?? 0;

    const first = await log.append(companyId, [anEvent(companyId), anEvent(companyId), anEvent(companyId)]);
    const second = await log.append(companyId, [anEvent(companyId)]);

    expect([...first, ...second].map((appended) => appended.partition)).toEqual([
      partition,
      partition,
      partition,
      partition,
    ]);
    expect([...first, ...second].map((appended) => appended.offset)).toEqual([
      before,
      before + 1,
      before + 2,
      before + 3,
    ]);
    expect((await log.head())[partition]).toBe(before + 4);
  });

  it('delivers every event once, in append order per company, with the offsets append returned', async () => {
    const { log } = await given();
    const companies = Array.from({ length: 5 }, () => randomUUID());
    const appended = new Map<string, string[]>();
    const offsets = new Map<string, number>();
    for (let round = 0; round < 20; round++) {
      for (const companyId of companies) {
        const events = [anEvent(companyId, { round }), anEvent(companyId, { round })];
        const result = await log.append(companyId, events);
        appended.set(companyId, [...(appended.get(companyId) ?? []), ...events.map((event) => event.id)]);
        for (const { id, offset, partition } of result) offsets.set(id, partition * 1e9 + offset);
      }
    }

    const { records, subscription } = await collect(log);
    cleanups.push(() => subscription.stop());
    await eventually(() => records.length >= 200, { message: '200 records' });

    for (const companyId of companies) expect(idsOf(records, companyId)).toEqual(appended.get(companyId));
    for (const record of records) {
      const id = (record.value as { id: string }).id;
      expect(record.partition * 1e9 + record.offset).toBe(offsets.get(id));
    }
    expect(new Set(records.map((record) => (record.value as { id: string }).id)).size).toBe(200);
  });

  it('resumes from a given position and skips nothing after it', async () => {
    const { log } = await given();
    const companyId = randomUUID();
    const partition = await log.partitionOf(companyId);
    const appended = await log.append(
      companyId,
      Array.from({ length: 10 }, (_, index) => anEvent(companyId, { index })),
    );
    const resumeAt = appended[6]!.offset;

    const { records, subscription } = await collect(log, { [partition]: resumeAt });
    cleanups.push(() => subscription.stop());
    await log.append(companyId, [anEvent(companyId, { index: 10 })]);

    // Four events from the position on, and the one appended after subscribing: wait for all five (waiting for
    // four let the check run before the fifth arrived, a race seen once on a loaded CI machine).
    await eventually(() => idsOf(records, companyId).length >= 5, { message: 'the last five events' });
    const indexes = records
      .filter((record) => record.partition === partition)
      .map((record) => (record.value as { payload: { index: number } }).payload.index);
    expect(indexes).toEqual([6, 7, 8, 9, 10]);
  });

  it('keeps each company in order when many clients append at the same moment', async () => {
    const { log, anotherClient } = await given();
    const other = await anotherClient();
    cleanups.push(() => other.close());
    const companies = Array.from({ length: 4 }, () => randomUUID());

    const appends = companies.flatMap((companyId) =>
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? log : other).append(companyId, [
          anEvent(companyId, { index, part: 0 }),
          anEvent(companyId, { index, part: 1 }),
        ]),
      ),
    );
    const results = await Promise.all(appends);

    const keys = results.flat().map(({ partition, offset }) => `${partition}:${offset}`);
    expect(new Set(keys).size).toBe(80);
    const { records, subscription } = await collect(log);
    cleanups.push(() => subscription.stop());
    await eventually(() => records.length >= 80, { message: '80 records' });
    for (const companyId of companies) {
      const parts = records
        .map((record) => record.value as { companyId: string; payload: { index: number; part: number } })
        .filter((event) => event.companyId === companyId)
        .map((event) => event.payload);
      // one append's events stay together and in order
      for (let i = 0; i < parts.length; i += 2) {
        expect(parts[i]).toEqual({ index: parts[i]!.index, part: 0 });
        expect(parts[i + 1]).toEqual({ index: parts[i]!.index, part: 1 });
      }
      expect(parts).toHaveLength(20);
    }
  });

  it('appends a large batch atomically and in order', async () => {
    const { log } = await given();
    const companyId = randomUUID();
    const events = Array.from({ length: 1_000 }, (_, index) =>
      anEvent(companyId, { index, text: 'x'.repeat(200) }),
    );

    const appended = await log.append(companyId, events);

    expect(appended).toHaveLength(1_000);
    expect(appended.map((event) => event.offset - appended[0]!.offset)).toEqual(
      events.map((_, index) => index),
    );
    const { records, subscription } = await collect(log);
    cleanups.push(() => subscription.stop());
    await eventually(() => records.length >= 1_000, { message: '1000 records' });
    expect(idsOf(records, companyId)).toEqual(events.map((event) => event.id));
  });

  it('delivers a batch again when the consumer fails to handle it', async () => {
    const { log } = await given();
    const companyId = randomUUID();
    const partition = await log.partitionOf(companyId);
    await log.append(companyId, [anEvent(companyId, { n: 1 }), anEvent(companyId, { n: 2 })]);
    let applied: Positions = {};
    let failures = 0;
    const seen: number[] = [];
    const subscription = await log.subscribe({
      name: `retry-${randomUUID()}`,
      from: async () => applied,
      onBatch: async (batch) => {
        if (failures === 0) {
          failures++;
          throw new Error('read model unavailable');
        }
        seen.push(...batch.records.map((record) => (record.value as { payload: { n: number } }).payload.n));
        applied = { ...applied, [batch.partition]: batch.records.at(-1)!.offset + 1 };
      },
    });
    cleanups.push(() => subscription.stop());

    await eventually(() => seen.length >= 2, { message: 'redelivery' });
    expect(failures).toBe(1);
    expect(seen).toEqual([1, 2]);
    expect(applied[partition]).toBeGreaterThan(0);
  });
});
