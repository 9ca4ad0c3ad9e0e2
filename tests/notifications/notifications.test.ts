import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import {
  ACCOUNT_API,
  DEV_CLOCK_PATH,
  DEV_MAILBOX_PATH,
  LADDER_API,
  MATCHES_API,
  NOTIFICATIONS_PATH,
  PREFERENCES_PATH,
  UNSUBSCRIBE_PATH,
} from '@courtside/events/api-paths';
import { notificationKinds } from '@courtside/events/notifications/notify';
import { signUnsubscribeToken } from '@courtside/api/notifications/unsubscribe-token';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';
import { LiveClient } from '../support/live-client.ts';
import { linkIn } from '../support/smtp.ts';
import { eventually } from '../support/wait.ts';

interface Item {
  id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  createdAt: string;
  readAt: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const pushOnAtFirst = [
  'challenge.received',
  'challenge.accepted',
  'result.toConfirm',
  'match.scheduled',
  'tournament.round',
];

describe('notifications (DESIGN.md §6), development: the dev outbox shows the mails', () => {
  let backend: TestBackend;
  let courtside: RunningCourtside;
  let db: pg.Pool;
  beforeAll(async () => {
    backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend, { runNotifier: true, reminderIntervalMs: 3_600_000 });
    db = new pg.Pool({ connectionString: backend.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  const list = (http: HttpClient, query = '') => http.json<Item[]>('GET', `${NOTIFICATIONS_PATH}${query}`);
  const until = (http: HttpClient, kind: string, count = 1) =>
    eventually(
      async () => {
        const { body } = await list(http, '?limit=100');
        const found = body.filter((item) => item.kind === kind);
        return found.length >= count && found;
      },
      { message: `${count} × ${kind}` },
    );
  const mailbox = async (email: string) =>
    (
      await new HttpClient(courtside.url!).json<Array<{ subject: string; text: string; code?: string }>>(
        'GET',
        `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
      )
    ).body.filter((mail) => !mail.code);

  it('a challenge shows in the challenged player’s list and live room, and is mailed with a working unsubscribe link', async () => {
    const { manager, teams, seasonId } = await seasonWithTeams(courtside.url!, 3);
    const [first, , third] = teams;
    const live = new LiveClient(courtside.url!, { 'SESSION-ID': first!.http.cookie('SESSION-ID')! });
    await live.connected();
    expect(await live.subscribe(`account:${first!.account.id}`)).toMatchObject({ ok: true });

    const challenge = await third!.http.json<{ challengeId: string }>(
      'POST',
      `${LADDER_API}/seasons/${seasonId}/challenges`,
      { defenderTeamId: first!.teamId },
    );
    expect(challenge.status).toBe(201);

    const [received] = await until(first!.http, 'challenge.received');
    expect(received).toEqual({
      id: expect.stringMatching(/^\d+$/),
      kind: 'challenge.received',
      title: 'Sam Server challenges you',
      body: expect.stringMatching(
        /^Club Ladder: accept or decline before [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d \S+\.$/,
      ),
      url: expect.stringMatching(/^\/webapps\/ladders\/en\/[0-9a-f-]{36}$/),
      createdAt: expect.any(String),
      readAt: null,
    });
    await eventually(() =>
      expect(
        live.pushes.filter((push) => push.event === 'notification.created').map((push) => push.data),
      ).toEqual([{ notification: received }]),
    );
    live.close();
    // The challenger is not told of their own challenge; the manager was told of each waiting team.
    expect((await list(third!.http)).body.map((item) => item.kind)).toEqual(['team.accepted']);
    expect((await until(manager, 'team.waiting', 3)).length).toBe(3);

    const mails = await eventually(async () => {
      const found = await mailbox(first!.account.email);
      return found.some((mail) => mail.subject === 'Sam Server challenges you') && found;
    });
    const mail = mails.find((candidate) => candidate.subject === 'Sam Server challenges you')!;
    expect(mail.text).toContain(`Open Courtside: ${courtside.url}/webapps/ladders/en/`);
    const unsubscribe = linkIn(mail.text, /^Stop these mails: /);
    expect(unsubscribe.startsWith(`${courtside.url}${UNSUBSCRIBE_PATH}?token=`)).toBe(true);

    // No sign-in: a fresh client follows the link. It only asks (mail scanners follow links too).
    const mailOf = async () =>
      (await first!.http.json<{ mail: Record<string, boolean> }>('GET', PREFERENCES_PATH)).body.mail;
    const page = await new HttpClient(courtside.url!).request(
      'GET',
      unsubscribe.slice(courtside.url!.length),
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const asking = await page.text();
    expect(asking).toContain('You will get no more mails about: challenges you receive.');
    const action =
      /<form method="post" action="([^"]+)"><button type="submit">Unsubscribe<\/button><\/form>/.exec(
        asking,
      )?.[1];
    expect(action?.replaceAll('&amp;', '&')).toBe(unsubscribe.slice(courtside.url!.length));
    expect(await mailOf()).toMatchObject({ 'challenge.received': true });
    // The page's button: a form POST, no cookie, no anti-forgery token.
    const done = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect(await mailOf()).toMatchObject({ 'challenge.received': false, 'team.accepted': true });
  });

  it('lists newest first, pages with after and limit, and marks ids or all as read', async () => {
    // Four teams that wait (their notifications stay unread until the teams are accepted or rejected).
    const { manager, seasonId } = await managerWithSeason(courtside.url!);
    for (let index = 0; index < 4; index++) {
      const player = new HttpClient(courtside.url!);
      await signedIn(player);
      expect((await player.json('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {})).status).toBe(201);
    }
    const all = await until(manager, 'team.waiting', 4);
    const page1 = await list(manager, '?limit=2');
    const page2 = await list(manager, `?limit=2&after=${page1.body[1]!.id}`);
    const ids = [...page1.body, ...page2.body].map((item) => Number(item.id));
    // Numbers among this account's own: other tests' notifications in this database do not show in them.
    expect(ids).toEqual([4, 3, 2, 1]);
    expect(page1.body.map((item) => item.id)).toEqual(all.slice(0, 2).map((item) => item.id));

    const one = await manager.json('POST', `${NOTIFICATIONS_PATH}/read`, { ids: [page1.body[0]!.id] });
    expect(one).toEqual({ status: 200, body: { unread: 3 } });
    const after = await list(manager);
    expect(after.body.filter((item) => item.readAt !== null).map((item) => item.id)).toEqual([
      page1.body[0]!.id,
    ]);
    expect((await manager.request('GET', NOTIFICATIONS_PATH)).headers.get('x-unread-count')).toBe('3');

    // Someone else's ids change nothing of theirs.
    const stranger = new HttpClient(courtside.url!);
    await signedIn(stranger);
    expect(await stranger.json('POST', `${NOTIFICATIONS_PATH}/read`, { ids: [page1.body[1]!.id] })).toEqual({
      status: 200,
      body: { unread: 0 },
    });
    expect((await list(manager)).body.find((item) => item.id === page1.body[1]!.id)?.readAt).toBeNull();

    expect(await manager.json('POST', `${NOTIFICATIONS_PATH}/read`, { all: true })).toEqual({
      status: 200,
      body: { unread: 0 },
    });
    expect((await list(manager)).body.every((item) => item.readAt !== null)).toBe(true);
  });

  it('refuses bad input with 400 and anonymous callers with 401', async () => {
    const http = new HttpClient(courtside.url!);
    await signedIn(http);
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?after=abc', '?after=-1']) {
      expect((await list(http, query)).status).toBe(400);
    }
    for (const body of [{}, { ids: 'x' }, { ids: ['a'] }, { all: false }, { all: true, ids: [] }, []]) {
      expect((await http.json('POST', `${NOTIFICATIONS_PATH}/read`, body)).status).toBe(400);
    }
    for (const body of [
      { language: 'de' },
      { mail: { 'team.unknown': false } },
      { mail: { 'team.accepted': 'no' } },
      { extra: 1 },
    ]) {
      const answer = await http.json<{ error: string; issues: unknown[] }>('PUT', PREFERENCES_PATH, body);
      expect(answer.status).toBe(400);
      expect(answer.body.issues.length).toBeGreaterThan(0);
    }
    const anonymous = new HttpClient(courtside.url!);
    expect((await list(anonymous)).status).toBe(401);
    expect((await anonymous.json('POST', `${NOTIFICATIONS_PATH}/read`, { all: true })).status).toBe(401);
    expect((await anonymous.json('GET', PREFERENCES_PATH)).status).toBe(401);
    expect((await anonymous.json('PUT', PREFERENCES_PATH, { language: 'nl' })).status).toBe(401);
  });

  it('preferences: every kind on in English at first; a PUT changes what it names and keeps the rest; Dutch texts follow', async () => {
    const { manager, seasonId } = await managerWithSeason(courtside.url!);
    const initial = await manager.json<{ push: Record<string, boolean> }>('GET', PREFERENCES_PATH);
    expect(initial).toEqual({
      status: 200,
      body: {
        language: 'en',
        mail: Object.fromEntries(notificationKinds.map((kind) => [kind, true])),
        // DESIGN.md §17: the phones get the kinds to act on at once.
        push: Object.fromEntries(notificationKinds.map((kind) => [kind, pushOnAtFirst.includes(kind)])),
      },
    });
    const changed = await manager.json<{ language: string; mail: Record<string, boolean> }>(
      'PUT',
      PREFERENCES_PATH,
      {
        language: 'nl',
        mail: { 'result.disputed': false },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('nl');
    expect(changed.body.mail['result.disputed']).toBe(false);
    const again = await manager.json<{ language: string; mail: Record<string, boolean> }>(
      'PUT',
      PREFERENCES_PATH,
      {
        mail: { 'team.waiting': true, 'match.cancelled': false },
      },
    );
    expect(again.body).toEqual({
      language: 'nl',
      mail: {
        ...Object.fromEntries(notificationKinds.map((kind) => [kind, true])),
        'result.disputed': false,
        'match.cancelled': false,
      },
      push: initial.body.push,
    });
    expect((await manager.json('GET', PREFERENCES_PATH)).body).toEqual(again.body);

    // The manager's English page: its socket joined the account's room in English.
    const live = new LiveClient(courtside.url!, { 'SESSION-ID': manager.cookie('SESSION-ID')! });
    await live.connected();
    const managerId = (await manager.json<{ id: string }>('GET', `${ACCOUNT_API}/account`)).body.id;
    expect(await live.subscribe(`account:${managerId}`, undefined, 'en')).toMatchObject({ ok: true });
    expect(await live.subscribe(`account:${managerId}`, undefined, 'de')).toEqual({
      ok: false,
      error: 'Unknown language: en or nl',
    });

    const player = new HttpClient(courtside.url!);
    await signedIn(player);
    await player.json('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {});
    const [waiting] = await until(manager, 'team.waiting');
    expect(waiting!.title).toBe('Een team wacht op goedkeuring in Club Ladder');
    expect(waiting!.url).toMatch(/^\/webapps\/manager\/nl\/[0-9a-f-]{36}\/ladders\/Club%20Ladder$/);
    // An English page reads them in English, whatever the mail language; in Dutch as asked.
    const [english] = (await list(manager, '?language=en')).body;
    expect(english).toEqual({
      ...waiting,
      title: 'A team waits for approval in Club Ladder',
      body: 'Sam Server wants to join.',
      url: waiting!.url.replace('/manager/nl/', '/manager/en/'),
    });
    expect((await list(manager, '?language=nl')).body[0]).toEqual(waiting);
    expect((await list(manager, '?language=fr')).status).toBe(400);
    await eventually(() =>
      expect(
        live.pushes.filter((push) => push.event === 'notification.created').map((push) => push.data),
      ).toEqual([{ notification: english }]),
    );
    live.close();
    const managerEmail = (await manager.json<{ email: string }>('GET', `${ACCOUNT_API}/account`)).body.email;
    // DESIGN.md §17: not mailed per team (the day's digest at 18:00 is, tests/notifications/fewer-mails.test.ts); the
    // outbox row would have been written with the notification.
    const queued = await db.query(
      'SELECT 1 FROM courtside.mail_outbox WHERE lower(recipient) = lower($1) AND subject LIKE $2',
      [managerEmail, '%goedkeuring%'],
    );
    expect(queued.rowCount).toBe(0);
  });

  it('unsubscribe: a bad, tampered or expired token gets a clear 400 page; the one-click POST needs no cookie', async () => {
    const http = new HttpClient(courtside.url!);
    const account = await signedIn(http);
    const { rows } = await db.query<{ value: string }>(
      "SELECT value FROM courtside.secrets WHERE name = 'unsubscribe'",
    );
    const secret = rows[0]!.value;
    const good = signUnsubscribeToken(secret, { accountId: account.id, kind: 'match.scheduled' }, new Date());
    const expired = signUnsubscribeToken(
      secret,
      { accountId: account.id, kind: 'match.scheduled' },
      new Date(Date.now() - 365 * DAY_MS),
    );
    const [body, signature] = good.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ a: account.id, k: 'team.accepted', e: 4102444800 })).toString('base64url')}.${signature}`;
    const otherSecret = signUnsubscribeToken(
      'not the secret',
      { accountId: account.id, kind: 'match.scheduled' },
      new Date(),
    );
    const anonymous = new HttpClient(courtside.url!);
    for (const query of [
      '',
      '?token=',
      '?token=abc',
      `?token=${body}`,
      `?token=${tampered}`,
      `?token=${expired}`,
      `?token=${otherSecret}`,
      '?token=a.b.c',
      `?token=${'x'.repeat(2000)}`,
      '?token=%E0%A4%A',
    ]) {
      const page = await anonymous.request('GET', `${UNSUBSCRIBE_PATH}${query}`);
      expect(page.status, query).toBe(400);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('The unsubscribe link is not valid or has expired.');
    }
    expect(
      (await http.json<{ mail: Record<string, boolean> }>('GET', PREFERENCES_PATH)).body.mail[
        'match.scheduled'
      ],
    ).toBe(true);

    // RFC 8058: a mail program POSTs `List-Unsubscribe=One-Click` to the link, with no cookie and no anti-forgery token.
    const oneClick = await fetch(`${courtside.url}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(good)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(
      (await http.json<{ mail: Record<string, boolean> }>('GET', PREFERENCES_PATH)).body.mail[
        'match.scheduled'
      ],
    ).toBe(false);
  });

  it('an address that is not verified (any more) is told in the app but never mailed', async () => {
    const { manager, seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const [top, bottom] = teams;
    // As after a change of address that waits for its code.
    await db.query('UPDATE courtside.accounts SET verified_at = NULL WHERE id = $1', [top!.account.id]);
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `/webapps/api/admin/api/admin/v1/seasons/${seasonId}/teams/match`,
      { defenderId: top!.teamId, challengerId: bottom!.teamId },
    );
    const planned = await manager.json<Record<string, unknown>>(
      'GET',
      `${MATCHES_API}/matches/${created.body.matchId}`,
    );
    expect(
      (await manager.json('PUT', `${MATCHES_API}/matches`, { ...planned.body, date: '2030-01-01T18:30' }))
        .status,
    ).toBe(200);
    const { rows } = await eventually(async () => {
      const found = await db.query<{ account_id: string; mailed: boolean }>(
        `SELECT n.account_id, o.id IS NOT NULL AS mailed FROM courtside.notifications n
         LEFT JOIN courtside.mail_outbox o ON o.notification_id = n.id
         WHERE n.kind = 'match.scheduled' AND n.account_id = ANY($1::uuid[]) ORDER BY n.account_id = $2 DESC`,
        [[top!.account.id, bottom!.account.id], top!.account.id],
      );
      return found.rows.length === 2 && found;
    });
    expect(rows).toEqual([
      { account_id: top!.account.id, mailed: false },
      { account_id: bottom!.account.id, mailed: true },
    ]);
    await eventually(async () =>
      (await mailbox(bottom!.account.email)).some((mail) => /^Match on /.test(mail.subject)),
    );
    expect((await mailbox(top!.account.email)).some((mail) => /^Match on /.test(mail.subject))).toBe(false);
  });

  it('results and dates: the other side confirms, the managers hear of a dispute, both sides of a new date and a cancellation', async () => {
    const { manager, seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const [top, bottom] = teams;
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `/webapps/api/admin/api/admin/v1/seasons/${seasonId}/teams/match`,
      {
        defenderId: top!.teamId,
        challengerId: bottom!.teamId,
      },
    );
    const url = `${MATCHES_API}/matches/${created.body.matchId}`;
    const planned = await bottom!.http.json<Record<string, unknown>>('GET', url);
    const set = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });
    const dated = await top!.http.json('PUT', `${MATCHES_API}/matches`, {
      ...planned.body,
      date: '2030-01-01T18:30',
    });
    expect(dated.status).toBe(200);
    const [scheduled] = await until(bottom!.http, 'match.scheduled');
    // Clamped to the season's last day, at the time given, written as people read it.
    expect(scheduled!.title).toMatch(/^Match on [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2,3} \d{4}, 18:30$/);
    expect((await list(top!.http)).body.some((item) => item.kind === 'match.scheduled')).toBe(false);

    const current = await bottom!.http.json<Record<string, unknown>>('GET', url);
    const saved = await bottom!.http.json('PUT', `${MATCHES_API}/matches`, {
      ...current.body,
      defender: set(2, 3),
      challenger: set(6, 6),
    });
    expect(saved.status).toBe(200);
    const [toConfirm] = await until(top!.http, 'result.toConfirm');
    expect((await list(bottom!.http)).body.some((item) => item.kind === 'result.toConfirm')).toBe(false);
    // The score to confirm, and the match itself, in the app and in the mail.
    const matchPage = `/webapps/matches/en/?match=${created.body.matchId}`;
    expect(toConfirm).toMatchObject({
      url: matchPage,
      body: expect.stringContaining('Sam Server – Sam Server 2-6 3-6.'),
    });
    // The mail goes out after the notification is stored (the outbox's sender): wait for it.
    const confirmMail = await eventually(
      async () =>
        (await mailbox(top!.account.email)).find((mail) => /^Confirm the result/.test(mail.subject)),
      { message: 'the mail asking to confirm' },
    );
    expect(confirmMail!.text).toContain('2-6 3-6');
    expect(confirmMail!.text).toContain(matchPage);

    expect(toConfirm!.readAt).toBeNull();
    expect((await top!.http.json('POST', `${url}/dispute`, { reason: 'We won that' })).status).toBe(200);
    const [disputed] = await until(manager, 'result.disputed');
    // Disputed, there is nothing left to confirm: the request is read.
    const toConfirmNow = (await list(top!.http)).body.find((item) => item.id === toConfirm!.id);
    expect(toConfirmNow!.readAt).not.toBeNull();
    expect(disputed!.body).toBe('Sam Server – Sam Server 2-6 3-6: “We won that”');
    expect(disputed!.url).toMatch(
      new RegExp(`^/webapps/manager/en/[^/]+/ladders/Club%20Ladder\\?season=${seasonId}&tab=matches$`),
    );
    // The player who entered it hears of the dispute too, led to the match.
    const [toldEnterer] = await until(bottom!.http, 'result.disputed');
    expect(toldEnterer).toMatchObject({ url: matchPage, body: expect.stringContaining('“We won that”') });

    const after = await manager.json<Record<string, unknown>>('GET', url);
    expect(
      (
        await manager.json('PUT', `${MATCHES_API}/matches`, {
          ...after.body,
          defender: set(6, 6),
          challenger: set(1, 1),
        })
      ).status,
    ).toBe(200);
    await until(top!.http, 'result.confirmed');
    await until(bottom!.http, 'result.confirmed');
    // A manager's change of the confirmed result tells both sides, with the new score.
    const settled = await manager.json<Record<string, unknown>>('GET', url);
    expect(
      (
        await manager.json('PUT', `${MATCHES_API}/matches`, {
          ...settled.body,
          defender: set(6, 6),
          challenger: set(1, 2),
        })
      ).status,
    ).toBe(200);
    for (const side of [top!, bottom!]) {
      const changes = await until(side.http, 'result.confirmed', 2);
      expect(changes[0]).toMatchObject({
        title: 'A manager set the result',
        body: 'Club Ladder: Sam Server – Sam Server 6-1 6-2.',
        url: matchPage,
      });
    }

    const second = await manager.json<{ matchId: string }>(
      'POST',
      `/webapps/api/admin/api/admin/v1/seasons/${seasonId}/teams/match`,
      {
        defenderId: top!.teamId,
        challengerId: bottom!.teamId,
      },
    );
    // A manager's score without a winner yet (one set) is no final result: nobody is told one.
    const secondUrl = `${MATCHES_API}/matches/${second.body.matchId}`;
    const unplayed = await manager.json<Record<string, unknown>>('GET', secondUrl);
    expect(
      (
        await manager.json('PUT', `${MATCHES_API}/matches`, {
          ...unplayed.body,
          defender: set(6),
          challenger: set(2),
        })
      ).status,
    ).toBe(200);
    expect((await manager.json('DELETE', `${secondUrl}/cancel`)).status).toBeLessThan(300);
    await until(top!.http, 'match.cancelled');
    await until(bottom!.http, 'match.cancelled');
    // The notifier takes the log in order: the one-set score came before the cancellation.
    const finals = (await list(top!.http)).body.filter((item) => item.kind === 'result.confirmed');
    expect(finals).toHaveLength(2);
  });

  it('a waiting team’s notification is read for every manager once the team is accepted or rejected', async () => {
    const { manager, teams } = await seasonWithTeams(courtside.url!, 2);
    const waiting = await until(manager, 'team.waiting', 2);
    const read = await eventually(
      async () => {
        const items = (await list(manager, '?limit=100')).body.filter((item) => item.kind === 'team.waiting');
        return items.every((item) => item.readAt !== null) && items;
      },
      { message: 'team.waiting read' },
    );
    expect(waiting).toHaveLength(teams.length);
    expect(read).toHaveLength(teams.length);
  });

  it('challenges: accepted, declined and expired reach the challenger, a reminder the challenged a day before the answer is due', async () => {
    const { teams, seasonId } = await seasonWithTeams(courtside.url!, 4, { rules: { responseDays: 3 } });
    const [first, second, third, fourth] = teams;
    const challenges = `${LADDER_API}/seasons/${seasonId}/challenges`;
    const accepted = await fourth!.http.json<{ challengeId: string }>('POST', challenges, {
      defenderTeamId: third!.teamId,
    });
    expect(
      (await third!.http.json('POST', `${LADDER_API}/challenges/${accepted.body.challengeId}/accept`, {}))
        .status,
    ).toBe(200);
    await until(fourth!.http, 'challenge.accepted');
    const declined = await second!.http.json<{ challengeId: string }>('POST', challenges, {
      defenderTeamId: first!.teamId,
    });
    expect(
      (await first!.http.json('POST', `${LADDER_API}/challenges/${declined.body.challengeId}/decline`))
        .status,
    ).toBe(200);
    const [decline] = await until(second!.http, 'challenge.declined');
    expect(decline!.body).toBe('Club Ladder: you win by walkover.');
    // The walkover that the decline recorded is not announced a second time as a result.
    expect((await list(second!.http)).body.some((item) => item.kind === 'result.confirmed')).toBe(false);

    const { teams: others, seasonId: otherSeason } = await seasonWithTeams(courtside.url!, 2, {
      rules: { responseDays: 3 },
    });
    const open = await others[1]!.http.json<{ challengeId: string }>(
      'POST',
      `${LADDER_API}/seasons/${otherSeason}/challenges`,
      {
        defenderTeamId: others[0]!.teamId,
      },
    );
    expect(open.status).toBe(201);
    await courtside.notifier!.runReminders();
    expect((await list(others[0]!.http)).body.some((item) => item.kind === 'challenge.reminder')).toBe(false);
    await new HttpClient(courtside.url!).json('POST', DEV_CLOCK_PATH, { advanceMs: 2 * DAY_MS + 60_000 });
    await courtside.notifier!.runReminders();
    await courtside.notifier!.runReminders();
    // Two days later the access has run out: refresh it, as the web app does.
    for (const team of others) await team.http.json('POST', `${ACCOUNT_API}/account/refresh?language=en`);
    expect((await until(others[0]!.http, 'challenge.reminder')).length).toBe(1);
    await new HttpClient(courtside.url!).json('POST', DEV_CLOCK_PATH, { advanceMs: DAY_MS });
    for (const team of others) await team.http.json('POST', `${ACCOUNT_API}/account/refresh?language=en`);
    await until(others[0]!.http, 'challenge.expired');
    await until(others[1]!.http, 'challenge.expired');
  });

  it('rebuilding the notifier from the start of the log mails nobody again and adds no notification', async () => {
    await seasonWithTeams(courtside.url!, 2);
    // One snapshot: counted apart, a batch of the notifier could commit between "nothing waiting" and the counts.
    const count = async () => {
      const { rows } = await db.query<{
        notifications: number;
        mails: number;
        outbox: number;
        waiting: number;
      }>(
        `SELECT (SELECT count(*)::int FROM courtside.notifications) AS notifications,
                (SELECT count(*)::int FROM courtside.dev_outbox) AS mails,
                (SELECT count(*)::int FROM courtside.mail_outbox) AS outbox,
                (SELECT count(*)::int FROM courtside.mail_outbox WHERE sent_at IS NULL) AS waiting`,
      );
      return rows[0]!;
    };
    const settled = await eventually(async () => {
      if (!(await caughtUp())) return false;
      const counted = await count();
      return counted.waiting === 0 && counted;
    });
    await courtside.stop();
    await db.query('DELETE FROM courtside.notifier_checkpoints');
    courtside = await startTestCourtside(backend, { runNotifier: true, reminderIntervalMs: 3_600_000 });
    await eventually(caughtUp, { message: 'the notifier read the whole log again' });
    const { rows } = await db.query<{ next_offset: string }>(
      'SELECT next_offset FROM courtside.notifier_checkpoints',
    );
    expect(Number(rows[0]!.next_offset)).toBeGreaterThan(0);
    expect(await count()).toEqual(settled);
  });

  async function caughtUp(): Promise<boolean> {
    const head = await courtside.log.head();
    const { rows } = await db.query<{ partition: number; next_offset: string }>(
      'SELECT partition, next_offset FROM courtside.notifier_checkpoints',
    );
    return Object.entries(head).every(
      ([partition, next]) =>
        Number(rows.find((row) => row.partition === Number(partition))?.next_offset ?? 0) >= next,
    );
  }

  async function signedIn(http: HttpClient) {
    const { signedInAccount } = await import('../support/accounts.ts');
    return signedInAccount(http);
  }
});
