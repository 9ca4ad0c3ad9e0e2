import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus, type CommandBusOptions, type Decision } from '@courtside/api/commands/command-bus';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ChainVerifier } from '@courtside/eventlog/chain/hash-chain';
import { createPool } from '@courtside/eventlog/db/pool';
import type { EventLog } from '@courtside/eventlog/log/port';
import { EventRegistry } from '@courtside/events/event-registry';
import { ProjectionTracker } from '@courtside/projector/projection-tracker';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';
import { noteAmended, noteWritten } from '../spine/notes-module.ts';
import { createBackend, openLog, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { eventually } from '../support/wait.ts';

/**
 * A command's bound starts when its request reached the process, and one that cannot be decided within
 * what is left of it is refused at once. An append that the log has not confirmed within its bound is answered `503 append_unconfirmed` at once,
 * and lets go of the company's lock and its connection; but no command of the company, in any process, decides
 * before that append has settled (it may yet be written, and a command decided without it would fork the company's
 * hash chain). Two command buses stand for two api processes of one installation; the first one's log holds its
 * appends until the test lets them go.
 */
describe('commands within their bound, and an append the log has not confirmed within it', () => {
  let backend: TestBackend;
  let courtside: RunningCourtside;
  let log: EventLog;
  let db: pg.Pool;
  const closers: Array<() => Promise<unknown> | void> = [];
  const registry = new EventRegistry([noteWritten, noteAmended]);

  beforeAll(async () => {
    backend = await createBackend('embedded');
    // Migrations and the projector; its own command bus is not used here.
    courtside = await startTestCourtside(backend);
    log = await openLog(backend);
    db = new pg.Pool({ connectionString: backend.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await db?.end();
    await log?.close();
    await courtside?.stop();
  });

  /** A command bus as an api process has one, on its own pools, appending through `appendVia`. */
  async function busOf(appendVia: EventLog, options: Partial<CommandBusOptions> = {}) {
    const lockPool = createPool(backend.databaseUrl, { max: 2, pipeline: true });
    const livePool = createPool(backend.databaseUrl, { max: 2 });
    const readModels = new pg.Pool({
      connectionString: backend.databaseUrl,
      max: 2,
      options: `-c search_path=${liveReadModelSchema},public`,
    });
    const tracker = new ProjectionTracker(livePool, backend.databaseUrl, liveReadModelSchema);
    await tracker.start();
    const bus = new CommandBus({
      lockPool,
      readModels,
      log: appendVia,
      readModelSchema: liveReadModelSchema,
      registry,
      tracker,
      clock: () => new Date(),
      logCallTimeoutMs: 300,
      ...options,
    });
    closers.push(
      () => lockPool.end(),
      () => livePool.end(),
      () => readModels.end(),
      () => tracker.close(),
      () => bus.close(),
    );
    return { bus, lockPool };
  }

  /** The log, whose appends wait until the gate opens (then are written) or fails (then are not). */
  function heldLog() {
    let open!: () => void;
    let fail!: (error: Error) => void;
    const gate = new Promise<void>((resolve, reject) => {
      open = resolve;
      fail = reject;
    });
    gate.catch(() => undefined);
    const held: EventLog = Object.assign(Object.create(log) as EventLog, {
      append: (companyId: string, events: Parameters<EventLog['append']>[1]) =>
        gate.then(() => log.append(companyId, events)),
    });
    return { log: held, open, fail };
  }

  const writeNote = (text: string, decided?: { count: number }) => async (): Promise<Decision<string>> => {
    if (decided) decided.count++;
    const noteId = randomUUID();
    return {
      events: [{ type: noteWritten.type, streamId: noteId, payload: { noteId, text } }],
      result: noteId,
    };
  };
  const reasonOf = (work: Promise<unknown>) =>
    work.then(
      () => 'acknowledged',
      (error: { reason?: string }) => error.reason ?? String(error),
    );
  /** The company's notes in log order, and whether its hash chain holds. */
  async function chainOf(companyId: string) {
    const { rows } = await db.query<{ envelope: { payload: { text: string } } }>(
      `SELECT envelope FROM ${liveReadModelSchema}.company_events WHERE company_id = $1 ORDER BY seq`,
      [companyId],
    );
    const verifier = new ChainVerifier();
    rows.forEach((row, position) => verifier.add(position, row.envelope));
    return { texts: rows.map((row) => row.envelope.payload.text), ok: verifier.report().ok };
  }

  /** The reason of the first answer that is not "an earlier append is unconfirmed" (the company is free again). */
  const onceFree = (work: () => Promise<unknown>) =>
    eventually(async () => {
      const reason = await reasonOf(work());
      return reason === 'earlier_append_unconfirmed' ? undefined : reason;
    });
  /** The company's chain once it holds `count` events. */
  const chainOnce = (companyId: string, count: number) =>
    eventually(async () => (await chainOf(companyId)).texts.length === count && chainOf(companyId));

  it('refuses at once, without deciding, a command whose request came too long ago to be answered within its bound', async () => {
    let arrivedAt: number | undefined;
    let crowded = false;
    const { bus } = await busOf(log, {
      arrival: () => (arrivedAt === undefined ? undefined : { at: arrivedAt, crowded }),
    });
    const meta = { name: 'WriteNote', companyId: randomUUID(), actorId: 'test-user' };
    const decided = { count: 0 };

    // 1.5 s is the bound, 300 ms the least a command is given to be decided and answered.
    arrivedAt = performance.now() - 1_300;
    expect(await reasonOf(bus.execute(meta, writeNote('late', decided)))).toBe('busy');
    expect(decided.count).toBe(0);
    arrivedAt = performance.now();
    expect(await reasonOf(bus.execute(meta, writeNote('in time', decided)))).toBe('acknowledged');
    // In a crowd the bound is 1 s: 800 ms ago is too late, though it would not be alone.
    crowded = true;
    arrivedAt = performance.now() - 800;
    expect(await reasonOf(bus.execute(meta, writeNote('late in a crowd', decided)))).toBe('busy');
    crowded = false;
    arrivedAt = performance.now() - 800;
    expect(await reasonOf(bus.execute(meta, writeNote('alone', decided)))).toBe('acknowledged');
    // No arrival (it came while the process was quiet): timed from the bus.
    arrivedAt = undefined;
    expect(await reasonOf(bus.execute(meta, writeNote('quiet', decided)))).toBe('acknowledged');
    expect(decided.count).toBe(3);
  });

  it('bounds its log calls by what is left of its bound: a silent log answers within it and opens the breaker; with too little left, nothing is sent', async () => {
    const held = heldLog();
    const sent = { count: 0 };
    const counted: EventLog = Object.assign(Object.create(held.log) as EventLog, {
      append: (companyId: string, events: Parameters<EventLog['append']>[1]) => {
        sent.count++;
        return held.log.append(companyId, events);
      },
    });
    let arrivedAt = performance.now();
    // The log's own bound is a minute: only the command's (1.5 s from its arrival) can end these waits.
    const { bus } = await busOf(counted, {
      logCallTimeoutMs: 60_000,
      arrival: () => ({ at: arrivedAt, crowded: false }),
    });
    const meta = () => ({ name: 'WriteNote', companyId: randomUUID(), actorId: 'test-user' });

    // 500 ms left at its turn, 450 of them spent deciding: too little to append.
    const decided = { count: 0 };
    arrivedAt = performance.now() - 1_000;
    const slowly = async () => {
      await new Promise((resolve) => setTimeout(resolve, 450));
      return writeNote('too late to append', decided)();
    };
    expect(await reasonOf(bus.execute(meta(), slowly))).toBe('busy');
    expect(decided.count).toBe(1);
    expect(sent.count).toBe(0);

    arrivedAt = performance.now() - 1_000;
    expect(await reasonOf(bus.execute(meta(), writeNote('held')))).toBe('append_unconfirmed');
    expect(sent.count).toBe(1);
    arrivedAt = performance.now();
    expect(await reasonOf(bus.execute(meta(), writeNote('after')))).toBe('log_unavailable');
    held.open();
  }, 30_000);

  /** Two processes' buses for a new company; the first one's appends are held by its log. */
  async function twoProcesses() {
    const meta = { name: 'WriteNote', companyId: randomUUID(), actorId: 'test-user' };
    const held = heldLog();
    return { meta, held, first: await busOf(held.log), second: await busOf(log) };
  }

  it('answers at once, lets go of the lock and its connection, and no process decides for the company until the append is written', async () => {
    const { meta, held, first, second } = await twoProcesses();

    // Answered while the log still holds the append.
    expect(await reasonOf(first.bus.execute(meta, writeNote('first')))).toBe('append_unconfirmed');
    expect(first.lockPool.totalCount - first.lockPool.idleCount).toBe(0);

    const decided = { count: 0 };
    expect(await reasonOf(second.bus.execute(meta, writeNote('second', decided)))).toBe(
      'earlier_append_unconfirmed',
    );
    expect(decided.count).toBe(0);

    held.open();
    const acknowledged = await onceFree(() => second.bus.execute(meta, writeNote('second', decided)));

    expect(acknowledged).toBe('acknowledged');
    expect(await chainOnce(meta.companyId, 2)).toEqual({ texts: ['first', 'second'], ok: true });
  });

  it('frees the company when the log gives the append up', async () => {
    const { meta, held, first, second } = await twoProcesses();
    expect(await reasonOf(first.bus.execute(meta, writeNote('lost')))).toBe('append_unconfirmed');
    expect(await reasonOf(second.bus.execute(meta, writeNote('kept')))).toBe('earlier_append_unconfirmed');

    held.fail(new Error('the log gave up'));
    expect(await onceFree(() => second.bus.execute(meta, writeNote('kept')))).toBe('acknowledged');
    expect(await chainOnce(meta.companyId, 1)).toEqual({ texts: ['kept'], ok: true });
  });

  it('counts the record of a process that stopped renewing it for nothing once it ran out', async () => {
    const companyId = randomUUID();
    await db.query(
      `INSERT INTO courtside.unconfirmed_appends (company_id, log, token, until)
       VALUES ($1, $2, $3, now() - interval '1 second')`,
      [companyId, log.id, randomUUID()],
    );
    const { bus } = await busOf(log);
    expect(
      await reasonOf(bus.execute({ name: 'WriteNote', companyId, actorId: 'test-user' }, writeNote('after'))),
    ).toBe('acknowledged');
  });
});
