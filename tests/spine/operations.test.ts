import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { anEvent } from '../support/events.ts';
import { createBackend, logKinds, PRODUCT_COMMAND_BOUNDS, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { eventually, sentUntilTaken } from '../support/wait.ts';
import { EventRegistry } from '@courtside/events/event-registry';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';
import { replay } from '@courtside/projector/replay';
import { readProjectorStatus } from '@courtside/projector/projector-status';
import { noteAmended, noteWritten, notesProjection, projectorFailures } from './notes-module.ts';
import { HEALTH_PATH, READY_PATH } from '@courtside/events/api-paths';

describe.each(logKinds)('operating the spine on the %s log', (kind) => {
  const cleanups: Array<() => Promise<unknown> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function running(backend: Awaited<ReturnType<typeof createBackend>>): Promise<RunningCourtside> {
    const courtside = await startTestCourtside(backend, { commandBounds: PRODUCT_COMMAND_BOUNDS });
    cleanups.push(() => courtside.stop());
    return courtside;
  }

  it('starts several processes on one fresh database at the same moment (they take turns migrating)', async () => {
    const backend = await createBackend(kind);
    const started = await Promise.all([
      startTestCourtside(backend),
      startTestCourtside(backend, { runProjector: false }),
      startTestCourtside(backend, { runProjector: false }),
    ]);
    for (const courtside of started) cleanups.push(() => courtside.stop());

    const health = await Promise.all(
      started.map((courtside) => new HttpClient(courtside.url!).json('GET', HEALTH_PATH)),
    );

    expect(health.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('reports health, readiness with the log kind and the lag, and Prometheus metrics', async () => {
    const courtside = await running(await createBackend(kind));
    const http = new HttpClient(courtside.url!);
    // As a client would: a 503 (a busy connection pool or broker on the loaded CI machine, seen once in CI) is
    // answered with Retry-After and sent again; the metrics below must then count the one that was answered.
    const note = { text: 'measured' };
    const path = `/webapps/api/test/companies/${randomUUID()}/notes`;
    const written = await eventually(
      async () => {
        const answer = await http.json<{ reason?: string }>('POST', path, note);
        if (answer.status === 503) console.warn('[operations] note refused, sent again:', answer.body);
        return answer.status !== 503 && answer;
      },
      { intervalMs: 250 },
    );
    // 202 when the projector took longer than the command's bound on a loaded machine: the metric says which.
    const outcome = written.status === 201 ? 'projected' : 'accepted';
    expect([201, 202]).toContain(written.status);

    const health = await http.json('GET', HEALTH_PATH);
    const keptAlive = (await http.request('GET', HEALTH_PATH)).headers.get('keep-alive');
    const ready = await eventually(async () => {
      const answer = await http.json<{ status: string; checks: { log: unknown; projector: unknown } }>(
        'GET',
        READY_PATH,
      );
      // After a 202 the note is projected later: ready says so with its lag.
      return answer.status === 200 && (answer.body.checks.projector as { lag?: number }).lag === 0 && answer;
    });
    // The projector counts an event after its commit, which ready may already show.
    const metrics = await eventually(
      async () => {
        const text = await (await http.request('GET', '/metrics')).text();
        return /courtside_events_projected_total\{log="[a-z]+"\} 1\n/.test(text) && text;
      },
      { message: 'the projected event counted' },
    );

    expect(health).toEqual({ status: 200, body: { status: 'ok' } });
    // Longer than a client's or a proxy's idle timeout, so that they close an idle connection first.
    expect(keptAlive).toBe('timeout=65');
    expect(ready.body.checks.log).toEqual({ status: 'ok', kind });
    expect(ready.body.checks.projector).toMatchObject({ status: 'ok', lag: 0, quarantinedCompanies: 0 });
    expect(metrics).toContain(
      `courtside_command_duration_seconds_count{command="WriteNote",outcome="${outcome}"} 1\n`,
    );
    expect(metrics).toMatch(/courtside_events_projected_total\{log="[a-z]+"\} 1\n/);
    expect(metrics).toMatch(/courtside_projector_lag_events 0/);
  });

  it('quarantines only the company of an event it cannot apply; the others on its partition go on', async () => {
    const backend = await createBackend(kind);
    const courtside = await running(backend);
    const http = new HttpClient(courtside.url!);
    const db = new pg.Pool({ connectionString: backend.databaseUrl });
    cleanups.push(() => db.end());
    const registry = new EventRegistry([noteWritten, noteAmended]);
    const poisoned = randomUUID();
    const partition = await courtside.log.partitionOf(poisoned);
    let neighbour = randomUUID();
    while ((await courtside.log.partitionOf(neighbour)) !== partition) neighbour = randomUUID();
    const note = (text: string) => {
      const noteId = randomUUID();
      return registry.create(
        { type: noteWritten.type, streamId: noteId, payload: { noteId, text } },
        { companyId: poisoned, actorId: 'test', correlationId: randomUUID(), occurredAt: new Date() },
      );
    };
    const [before, bad, after] = [note('before'), note('explodes'), note('after')];
    projectorFailures.add('explodes');
    cleanups.push(() => void projectorFailures.delete('explodes'));
    await courtside.log.append(poisoned, [before, bad, after]);

    const ready = await eventually(async () => {
      const answer = await http.json<{ checks: { projector: { quarantinedCompanies: number } } }>(
        'GET',
        READY_PATH,
      );
      return answer.body.checks.projector.quarantinedCompanies > 0 && answer;
    });
    const neighbourNote = await http.json<{ id: string }>(
      'POST',
      `/webapps/api/test/companies/${neighbour}/notes`,
      {
        text: 'neighbour',
      },
    );
    const refused = await http.json('POST', `/webapps/api/test/companies/${poisoned}/notes`, {
      text: 'blocked',
    });

    expect(ready.status).toBe(200);
    expect(ready.body.checks.projector.quarantinedCompanies).toBe(1);
    expect(JSON.stringify(ready.body)).not.toContain('cannot project');
    const status = await readProjectorStatus(db, courtside.log, courtside.readModelSchema);
    expect(status.quarantined).toEqual([
      expect.objectContaining({
        companyId: poisoned,
        partition,
        eventType: 'TestNoteWritten',
        error: expect.stringContaining('cannot project note "explodes"'),
      }),
    ]);
    expect(neighbourNote.status).toBe(201);
    expect((await http.json('GET', `/webapps/api/test/notes/${neighbourNote.body.id}`)).status).toBe(200);
    expect((await http.json('GET', `/webapps/api/test/notes/${before.streamId}`)).status).toBe(200);
    expect((await http.json('GET', `/webapps/api/test/notes/${after.streamId}`)).status).toBe(404);
    // Commands of the quarantined company are refused: never validated against state that misses its events.
    expect(refused.status).toBe(503);

    // The operator deploys a fix and restarts: the parked events are applied in order and the company is free.
    await courtside.stop();
    projectorFailures.delete('explodes');
    const restarted = await running(backend);
    const again = new HttpClient(restarted.url!);
    for (const released of [bad, after]) {
      expect((await again.json('GET', `/webapps/api/test/notes/${released.streamId}`)).status).toBe(200);
    }
    const ok = await again.json('POST', `/webapps/api/test/companies/${poisoned}/notes`, {
      text: 'free again',
    });
    expect(ok.status).toBe(201);
    expect(
      (await again.json<{ checks: { projector: { quarantinedCompanies: number } } }>('GET', READY_PATH)).body,
    ).toMatchObject({ checks: { projector: { quarantinedCompanies: 0 } } });
  }, 60_000);

  it('answers 202, never a view without it, to a command whose own event the projector cannot apply', async () => {
    const courtside = await running(await createBackend(kind));
    const http = new HttpClient(courtside.url!);
    const companyId = randomUUID();
    projectorFailures.add('explodes on arrival');
    cleanups.push(() => void projectorFailures.delete('explodes on arrival'));

    // Sent again while refused with nothing changed (a busy moment on a loaded machine), as the web does.
    const written = await sentUntilTaken(() =>
      http.json<{ eventIds?: string[] }>('POST', `/webapps/api/test/companies/${companyId}/notes`, {
        text: 'explodes on arrival',
      }),
    );
    const next = await http.json('POST', `/webapps/api/test/companies/${companyId}/notes`, { text: 'next' });

    // In the log, not in the read models: accepted, not shown (before, 201 with a view that missed it).
    expect(written.status).toBe(202);
    expect(written.body.eventIds).toHaveLength(1);
    expect(next.status).toBe(503);
  });

  it('upcasts an event written at an old schema version', async () => {
    const courtside = await running(await createBackend(kind));
    const companyId = randomUUID();
    const noteId = randomUUID();
    await courtside.log.append(companyId, [
      { ...anEvent(companyId, { noteId, body: 'written by v1' }), type: noteWritten.type, schemaVersion: 1 },
    ]);

    const note = await eventually(async () => {
      const answer = await new HttpClient(courtside.url!).json('GET', `/webapps/api/test/notes/${noteId}`);
      return answer.status === 200 && answer.body;
    });
    expect(note).toEqual({ id: noteId, text: 'written by v1', revision: 1 });
  });

  it('replay --verify names a table whose live rows differ from the rebuilt ones', async () => {
    const backend = await createBackend(kind);
    const courtside = await running(backend);
    const http = new HttpClient(courtside.url!);
    for (const text of ['one', 'two', 'three']) {
      await http.json('POST', `/webapps/api/test/companies/${randomUUID()}/notes`, { text });
    }
    const db = new pg.Client({ connectionString: backend.databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const options = {
      databaseUrl: backend.databaseUrl,
      log: courtside.log,
      registry: new EventRegistry([noteWritten, noteAmended]),
      projections: [notesProjection],
      liveSchema: liveReadModelSchema,
      verify: true,
      logger: { info: () => undefined, error: () => undefined },
    };

    const clean = await replay(options);
    await db.query(`UPDATE ${liveReadModelSchema}.test_notes SET text = 'tampered' WHERE text = 'two'`);
    const tampered = await replay(options);

    expect(clean.identical).toBe(true);
    expect(tampered.identical).toBe(false);
    expect(tampered.tables).toEqual([{ table: 'test_notes', liveRows: 3, rebuiltRows: 3, identical: false }]);
  });

  it('keeps the tournament group reserved and answers unknown api paths with a JSON 404', async () => {
    const courtside = await running(await createBackend(kind));
    const http = new HttpClient(courtside.url!);

    expect(await http.json('GET', '/webapps/api/tournament/api/v1/anything')).toEqual({
      status: 404,
      body: { error: 'The tournament API is not available' },
    });
    expect(await http.json('GET', '/webapps/api/nothing-here')).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
  });
});
