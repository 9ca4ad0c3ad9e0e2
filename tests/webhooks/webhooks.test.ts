import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { DevClock } from '@courtside/api/dev/dev-clock';
import { ACCOUNT_API, ADMIN_API, DEV_MAILBOX_PATH, MATCHES_API } from '@courtside/events/api-paths';
import { managerWithCompany, PASSWORD } from '../support/accounts.ts';
import { createBackend, logKinds, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { day, plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';
import { eventually } from '../support/wait.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';
import type { DeliveryItem } from '@courtside/api/webhooks/webhook-store';

const noScore = { matchSets: [], special: 'none' };
const HOUR = 3_600_000;

/**
 * DESIGN.md §18 over HTTP, with Postgres and each log (Kafka's consumer group, the embedded log's own checkpoint):
 * the api and the projector in one process, the webhooks consumer and sender in another (stopped and started again
 * in a burst), all on one movable clock.
 */
describe.each(logKinds)('webhooks on the %s log (DESIGN.md §18)', (log) => {
  let backend: TestBackend;
  let courtside: RunningCourtside;
  let webhooks: RunningCourtside;
  const receiver = new WebhookReceiver();
  const clock = new DevClock();
  const startWebhooks = () =>
    startTestCourtside(backend, {
      runApi: false,
      runProjector: false,
      runWebhooks: true,
      webhookPollMs: 50,
      clock: clock.now,
    });

  beforeAll(async () => {
    backend = await createBackend(log);
    courtside = await startTestCourtside(backend, { clock: clock.now });
    webhooks = await startWebhooks();
    await receiver.start();
  });
  afterAll(async () => {
    await webhooks?.stop();
    await courtside?.stop();
    await receiver.stop();
  });

  const hooksOf = (companyId: string) => `${ADMIN_API}/companies/${companyId}/webhooks`;
  /** Registers an endpoint of the receiver at `path` and trusts its secret. */
  async function register(manager: HttpClient, companyId: string, path: string, types: string[]) {
    const created = await manager.json<{ webhookId: string; secret: string }>('POST', hooksOf(companyId), {
      url: receiver.url(path),
      types,
      description: `Receiver ${path}`,
    });
    expect(created.status).toBe(201);
    receiver.trust(path, created.body.secret);
    return created.body;
  }
  const deliveriesOf = async (manager: HttpClient, companyId: string, webhookId: string) => {
    const answer = await manager.json<DeliveryItem[]>('GET', `${hooksOf(companyId)}/${webhookId}/deliveries`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** A new date for the match: `200`, or `202` when the projector is late on a loaded machine. */
  const reschedule = (manager: HttpClient, matchId: string, offset: number) =>
    manager.json('PUT', `${MATCHES_API}/matches`, {
      id: matchId,
      date: `${day(offset)}T19:00`,
      defender: noScore,
      challenger: noScore,
    });

  it('registers an endpoint, shows its secret once, and delivers a signed ping and the company’s changes', async () => {
    const setup = await seasonWithTeams(courtside.url!, 2);
    const { manager, company, seasonId, teams } = setup;
    const { webhookId, secret } = await register(manager, company.id, '/all', [
      'match.completed',
      'match.scheduled',
      'match.cancelled',
      'standings.changed',
      'team.joined',
      'team.left',
      'tournament.updated',
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const listed = await manager.json<unknown[]>('GET', hooksOf(company.id));
    expect(listed.body).toEqual([
      {
        webhookId,
        url: receiver.url('/all'),
        types: expect.arrayContaining(['team.joined', 'tournament.updated']),
        description: 'Receiver /all',
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const test = await manager.json<{ deliveryId: string }>(
      'POST',
      `${hooksOf(company.id)}/${webhookId}/test`,
    );
    expect(test.status).toBe(202);
    await eventually(() => receiver.accepted((d) => d.id === test.body.deliveryId).length === 1);

    // A match planned, dated, played: match.scheduled, match.completed and the standings after it.
    const matchId = await plannedMatch(manager, seasonId, teams[0]!.teamId, teams[1]!.teamId);
    expect((await reschedule(manager, matchId, 3)).status).toBeLessThan(300);
    const saved = await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: matchId,
      date: `${day(3)}T19:00`,
      defender: { matchSets: [{ score: 2 }, { score: 3 }], special: 'none' },
      challenger: { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' },
    });
    expect(saved.status).toBe(200);
    const completed = await eventually(() => receiver.accepted((d) => d.type === 'match.completed')[0]);
    expect(completed.data).toEqual({
      matchId,
      seasonId,
      sides: { defender: teams[0]!.teamId, challenger: teams[1]!.teamId },
      sets: [
        { defender: 2, challenger: 6 },
        { defender: 3, challenger: 6 },
      ],
      winner: teams[1]!.teamId,
    });
    const scheduled = receiver.accepted((d) => d.type === 'match.scheduled' && d.data.matchId === matchId);
    expect(scheduled.map((d) => d.data)).toEqual([{ matchId, date: `${day(3)}T19:00` }]);
    await eventually(() =>
      receiver
        .accepted((d) => d.type === 'standings.changed')
        .some(
          (d) =>
            JSON.stringify(d.data.positions) ===
            JSON.stringify([
              { teamId: teams[1]!.teamId, position: 1 },
              { teamId: teams[0]!.teamId, position: 2 },
            ]),
        ),
    );
    // Ids and public fields only: no address of anyone.
    for (const delivery of receiver.received) expect(delivery.body).not.toMatch(/@/);
    expect(receiver.refused).toEqual([]);

    // The list once every queued change is delivered (a standings change may still be on its way).
    const list = await eventually(async () => {
      const all = await deliveriesOf(manager, company.id, webhookId);
      return all.every((delivery) => delivery.status === 200) && all;
    });
    expect(list[0]).toMatchObject({ webhookId, attempt: 1, status: 200 });
    expect(list.at(-1)).toMatchObject({ deliveryId: test.body.deliveryId, type: 'ping', eventId: null });
    expect(list.every((delivery) => delivery.nextAttemptAt === undefined)).toBe(true);
  });

  it('retries a failing endpoint on the schedule as the clock moves, keeps the changes in order, and redelivers', async () => {
    const { manager, company, seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const { webhookId } = await register(manager, company.id, '/flaky', [
      'match.scheduled',
      'match.cancelled',
    ]);
    const matchId = await plannedMatch(manager, seasonId, teams[0]!.teamId, teams[1]!.teamId);
    const failing = new Set([matchId]);
    receiver.answer = (delivery) => (failing.has(delivery.data.matchId as string) ? 500 : 200);

    expect((await reschedule(manager, matchId, 4)).status).toBeLessThan(300);
    const first = await eventually(async () => {
      const [delivery] = await deliveriesOf(manager, company.id, webhookId);
      return delivery?.attempt === 1 && delivery;
    });
    expect(first).toMatchObject({ type: 'match.scheduled', status: 500, error: 'HTTP 500: answered 500' });
    expect(Date.parse(first.nextAttemptAt!) - Date.parse(first.at)).toBe(5_000);
    // A later change waits behind the one that fails (log order per endpoint).
    expect((await manager.json('DELETE', `${MATCHES_API}/matches/${matchId}/cancel`)).status).toBeLessThan(
      300,
    );
    const queued = await eventually(async () => {
      const list = await deliveriesOf(manager, company.id, webhookId);
      return list.length === 2 && list;
    });
    expect(queued[0]).toMatchObject({ type: 'match.cancelled', attempt: 0 });

    clock.advance(5_000);
    const second = await eventually(async () => {
      const delivery = (await deliveriesOf(manager, company.id, webhookId)).at(-1)!;
      return delivery.attempt === 2 && delivery;
    });
    expect(Date.parse(second.nextAttemptAt!) - Date.parse(second.at)).toBe(5 * 60_000);
    expect(receiver.accepted((d) => d.type === 'match.cancelled' && d.data.matchId === matchId)).toEqual([]);

    failing.clear();
    clock.advance(5 * 60_000);
    await eventually(() => receiver.accepted((d) => d.data.matchId === matchId).length === 2);
    const received = receiver.received.filter((d) => d.data.matchId === matchId);
    expect(received.map((d) => [d.type, d.answered])).toEqual([
      ['match.scheduled', 500],
      ['match.scheduled', 500],
      ['match.scheduled', 200],
      ['match.cancelled', 200],
    ]);
    // Every attempt of one change carries one webhook-id.
    expect(new Set(received.slice(0, 3).map((d) => d.id)).size).toBe(1);

    const redeliver = await manager.json(
      'POST',
      `${hooksOf(company.id)}/${webhookId}/deliveries/${received[0]!.id}/redeliver`,
    );
    expect(redeliver.status).toBe(202);
    await eventually(() => receiver.accepted((d) => d.id === received[0]!.id).length === 2);
  });

  it('delivers every change of a burst once, across a stop and a start of the webhooks process', async () => {
    const { manager, company, seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const { webhookId } = await register(manager, company.id, '/burst', ['match.scheduled']);
    const matchId = await plannedMatch(manager, seasonId, teams[0]!.teamId, teams[1]!.teamId);
    receiver.answer = 200;
    const burst = 30;
    const ofBurst = () => receiver.received.filter((d) => d.data.matchId === matchId);
    const saved = (async () => {
      for (let offset = 1; offset <= burst; offset++)
        expect((await reschedule(manager, matchId, offset)).status).toBeLessThan(300);
    })();
    await eventually(() => ofBurst().length >= 3, { message: 'the first deliveries of the burst' });
    await webhooks.stop();
    await saved;
    webhooks = await startWebhooks();
    await eventually(() => ofBurst().length >= burst, { timeoutMs: 60_000, message: `${burst} deliveries` });
    await eventually(async () => (await deliveriesOf(manager, company.id, webhookId)).length === burst);
    const dates = ofBurst().map((d) => d.data.date);
    expect(dates).toEqual(Array.from({ length: burst }, (_, index) => `${day(index + 1)}T19:00`));
    expect(new Set(ofBurst().map((d) => d.id)).size).toBe(burst);
    expect(ofBurst().every((d) => d.answered === 200)).toBe(true);
  });

  it('disables an endpoint that fails for 3 days in a row and mails its managers', async () => {
    const { manager, managerAccount, company, seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const { webhookId } = await register(manager, company.id, '/down', ['match.scheduled']);
    // The mail comes in the manager's mail language.
    expect((await manager.json('PUT', `${ACCOUNT_API}/account/preferences`, { language: 'nl' })).status).toBe(
      200,
    );
    const matchId = await plannedMatch(manager, seasonId, teams[0]!.teamId, teams[1]!.teamId);
    receiver.answer = (delivery) => (delivery.data.matchId === matchId ? 503 : 200);
    // The access runs out as the clock moves on by hours: signed in anew.
    const signInAgain = () =>
      manager.json('POST', `${ACCOUNT_API}/account/login`, {
        email: managerAccount.email,
        password: PASSWORD,
      });
    let offset = 1;
    const started = clock.now().getTime();
    for (let step = 0; step < 40; step++) {
      const [latest] = await deliveriesOf(manager, company.id, webhookId);
      if (!latest?.nextAttemptAt) {
        // Nothing waits (the last change gave up): the next change keeps the endpoint failing.
        expect((await reschedule(manager, matchId, offset++)).status).toBeLessThan(300);
      } else {
        clock.advance(Math.max(0, Date.parse(latest.nextAttemptAt) - clock.now().getTime()));
        sendersWake();
      }
      await signInAgain();
      const attempts = latest ? latest.attempt : 0;
      await eventually(async () => {
        const [now] = await deliveriesOf(manager, company.id, webhookId);
        return now !== undefined && (now.deliveryId !== latest?.deliveryId || now.attempt > attempts);
      });
      const [listed] = (await manager.json<Array<{ disabledAt?: string }>>('GET', hooksOf(company.id))).body;
      if (listed?.disabledAt) break;
    }
    const [disabled] = (await manager.json<Array<{ disabledAt?: string }>>('GET', hooksOf(company.id))).body;
    expect(Date.parse(disabled!.disabledAt!) - started).toBeGreaterThanOrEqual(72 * HOUR);
    const mails = await new HttpClient(courtside.url!).json<Array<{ subject: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(managerAccount.email)}`,
    );
    expect(mails.body.filter((mail) => mail.subject.includes('webhook')).map((mail) => mail.subject)).toEqual(
      ['Een webhook-adres van je club is uitgezet'],
    );
    // A disabled endpoint gets no new changes.
    const before = (await deliveriesOf(manager, company.id, webhookId)).length;
    const probe = await register(manager, company.id, '/probe', ['match.scheduled']);
    expect((await reschedule(manager, matchId, offset + 1)).status).toBeLessThan(300);
    await eventually(async () => (await deliveriesOf(manager, company.id, probe.webhookId)).length === 1);
    expect((await deliveriesOf(manager, company.id, webhookId)).length).toBe(before);
  });

  function sendersWake() {
    webhooks.webhooks?.sender.wake();
  }

  it('refuses bad input with 400s, another company’s endpoints with 404, and a 21st endpoint with 409', async () => {
    const manager = new HttpClient(courtside.url!);
    const { company } = await managerWithCompany(manager);
    const stranger = new HttpClient(courtside.url!);
    const { company: own } = await managerWithCompany(stranger, 'Other Club');
    const post = (body: object) =>
      manager.json<{ error: string; issues: unknown[] }>('POST', hooksOf(company.id), body);
    const ok = { url: receiver.url('/limit'), types: ['ping'] };

    const long = await post({ ...ok, url: receiver.url(`/${'x'.repeat(2_000)}`) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('longer than 2000 characters');
    expect((await post({ ...ok, types: ['match.played'] })).status).toBe(400);
    expect((await post({ ...ok, types: [] })).status).toBe(400);
    for (const url of [
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/hook',
      'http://[::ffff:192.168.1.1]/hook',
      'http://100.64.0.1/hook',
      'ftp://127.0.0.1/hook',
    ]) {
      const refused = await post({ ...ok, url });
      expect({ url, status: refused.status }).toEqual({ url, status: 400 });
      expect(refused.body.issues).toEqual([expect.objectContaining({ path: ['url'] })]);
    }

    const created = [];
    for (let index = 0; index < 20; index++) created.push((await post(ok)).status);
    expect(created.every((status) => status === 201)).toBe(true);
    const over = await post(ok);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ reason: 'WEBHOOK_LIMIT' });

    const [mine] = (await manager.json<Array<{ webhookId: string }>>('GET', hooksOf(company.id))).body;
    const theirs = `${hooksOf(own.id)}/${mine!.webhookId}`;
    expect((await stranger.json('GET', `${theirs}/deliveries`)).status).toBe(404);
    expect((await stranger.json('POST', `${theirs}/test`)).status).toBe(404);
    expect((await stranger.json('DELETE', theirs)).status).toBe(404);
    expect((await stranger.json('GET', `${hooksOf(company.id)}/${mine!.webhookId}/deliveries`)).status).toBe(
      404,
    );
    expect((await manager.json('DELETE', `${hooksOf(company.id)}/${mine!.webhookId}`)).status).toBe(204);
    expect((await manager.json('DELETE', `${hooksOf(company.id)}/${mine!.webhookId}`)).status).toBe(404);
  });
});
