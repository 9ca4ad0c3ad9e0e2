import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebDistDir, type RunningCourtside } from '@courtside/api/courtside';
import { productEvents } from '@courtside/events/catalog';
import { EventRegistry } from '@courtside/events/event-registry';
import { productProjections } from '@courtside/projector/catalog';
import { rebuildInMemory } from '@courtside/projector/rebuild/in-memory-rebuild';
import { replay } from '@courtside/projector/replay';
import {
  ACCOUNT_API,
  ADMIN_API,
  DEV_MAILBOX_PATH,
  LADDER_API,
  MATCHES_API,
  NOTIFICATIONS_PATH,
} from '@courtside/events/api-paths';
import { managerWithCompany, PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { quarantineClub, releaseClub } from '../support/quarantine.ts';
import { managerWithSeason, plannedMatch, seasonWithTeams, winterSeason } from '../support/ladder-setup.ts';
import { eventually, sentUntilTaken } from '../support/wait.ts';

const ACCOUNT = `${ACCOUNT_API}/account`;
const ERASED_NAME = 'Erin Erasable';
const DISPUTE_TEXT = 'It was 6-3 6-3 for us, ask the umpire';
const LOCATION_TEXT = 'Court 7 behind the clubhouse of the leaving player';
const sets = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });

/** DESIGN.md §10 "Erasure" and §15 "Account": DELETE account. */
describe('deleting my account', () => {
  let courtside: RunningCourtside;
  let backend: TestBackend;
  let db: pg.Client;
  beforeAll(async () => {
    backend = await createBackend('embedded');
    // With the web build: the widget's first paint shows the standings and matches.
    courtside = await startTestCourtside(backend, { webDistDir: defaultWebDistDir, runNotifier: true });
    db = new pg.Client({ connectionString: backend.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  /** Three players; the erasable one (the third, renamed) beats the first and stands first. */
  async function playedSeason() {
    const setup = await seasonWithTeams(courtside.url!, 3);
    const { manager, seasonId, teams } = setup;
    const leaving = teams[2]!;
    const renamed = await leaving.http.json('PUT', `${ACCOUNT}/minimal`, {
      fullName: ERASED_NAME,
      phoneNumber: { countryCode: '31', number: '06 87654321' },
    });
    expect(renamed.status).toBe(200);
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: teams[0]!.teamId,
        challengerId: leaving.teamId,
      },
    );
    expect(created.status).toBe(201);
    const played = await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: created.body.matchId,
      defender: sets(4, 4),
      challenger: sets(6, 6),
    });
    expect(played.status).toBe(200);
    return { ...setup, leaving, matchId: created.body.matchId };
  }

  it('refuses a wrong password with 403 and changes nothing', async () => {
    const http = new HttpClient(courtside.url!);
    await signedInAccount(http);
    const answer = await http.json('DELETE', ACCOUNT, { currentPassword: 'not my password' });
    expect(answer.status).toBe(403);
    expect((await http.json('DELETE', ACCOUNT, {})).status).toBe(400);
    expect((await http.json('GET', ACCOUNT)).status).toBe(200);
  });

  it('answers 503 with its reason while a club cannot take the team’s leaving, erases nothing personal, and goes on when sent again', async () => {
    const { manager, company, seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const leaving = teams[1]!;
    // The club's events stopped at one the projector cannot apply: its commands are refused, not decided on
    // state that misses them.
    await quarantineClub(db, company.id);
    const refused = await leaving.http.json<{ error: string; reason: string }>('DELETE', ACCOUNT, {
      currentPassword: PASSWORD,
    });
    expect(refused).toMatchObject({
      status: 503,
      body: {
        reason: 'QUARANTINED',
        error: expect.stringMatching(
          /^Your account is not erased yet: .* it goes on from where it stopped\.$/,
        ),
      },
    });
    expect((await leaving.http.json('GET', ACCOUNT)).status).toBe(200);
    expect(
      (
        await manager.json<Array<{ teamId: string }>>('GET', `${ADMIN_API}/seasons/${seasonId}/teams`)
      ).body.map((team) => team.teamId),
    ).toContain(leaving.teamId);

    await releaseClub(db, company.id);
    expect((await leaving.http.request('DELETE', ACCOUNT, { currentPassword: PASSWORD })).status).toBe(204);
    await expect
      .poll(async () =>
        (
          await manager.json<Array<{ teamId: string }>>('GET', `${ADMIN_API}/seasons/${seasonId}/teams`)
        ).body.map((team) => team.teamId),
      )
      .toEqual([teams[0]!.teamId]);
  });

  it('ends the sessions, revokes the calendar address, deletes notifications and preferences, erases the person, and lets the email sign up again', async () => {
    const http = new HttpClient(courtside.url!);
    const email = uniqueEmail('leaving');
    const { id } = await signedInAccount(http, { email });
    const second = new HttpClient(courtside.url!);
    expect((await second.json('POST', `${ACCOUNT}/login`, { email, password: PASSWORD })).status).toBe(200);
    const calendarUrl = (await http.json<{ calendarUrl: string }>('GET', ACCOUNT)).body.calendarUrl;
    expect((await fetch(calendarUrl)).status).toBe(200);

    // A wrong password counts against the address: the counter's key names it.
    const wrong = await new HttpClient(courtside.url!).json('POST', `${ACCOUNT}/login`, {
      email,
      password: 'not my password',
    });
    expect(wrong.status).toBe(401);
    const counters = async () =>
      (
        await db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM courtside.rate_limits WHERE strpos(key, $1) > 0',
          [email],
        )
      ).rows[0]!.count;
    expect(await counters()).toBeGreaterThan(0);

    const answer = await http.request('DELETE', ACCOUNT, { currentPassword: PASSWORD });
    expect(answer.status).toBe(204);
    expect(await counters()).toBe(0);

    expect((await http.json('GET', ACCOUNT)).status).toBe(401);
    expect((await second.json('GET', ACCOUNT)).status).toBe(401);
    expect((await fetch(calendarUrl)).status).toBe(404);
    expect(
      (await new HttpClient(courtside.url!).json('POST', `${ACCOUNT}/login`, { email, password: PASSWORD }))
        .status,
    ).toBe(401);
    const { rows } = await db.query(
      `SELECT email, full_name, phone_number, password_hash, erased_at IS NOT NULL AS erased,
         (SELECT count(*)::int FROM courtside.notification_preferences WHERE account_id = $1) AS preferences,
         (SELECT count(*)::int FROM courtside.notifications WHERE account_id = $1) AS notifications,
         (SELECT count(*)::int FROM courtside.mail_outbox WHERE account_id = $1) AS mails
       FROM courtside.accounts WHERE id = $1`,
      [id],
    );
    expect(rows).toEqual([
      {
        email: null,
        full_name: null,
        phone_number: null,
        password_hash: '',
        erased: true,
        preferences: 0,
        notifications: 0,
        mails: 0,
      },
    ]);

    // The same address signs up again: a new person.
    const again = new HttpClient(courtside.url!);
    const renewed = await signedInAccount(again, { email });
    expect(renewed.id).not.toBe(id);
  });

  it('answers 409 LAST_MANAGER to the only manager of a club with members, and lets a manager of an empty club go', async () => {
    const { manager, company } = await seasonWithTeams(courtside.url!, 1);
    const refused = await manager.json<{ reason: string; companyIds: string[] }>('DELETE', ACCOUNT, {
      currentPassword: PASSWORD,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: 'LAST_MANAGER', companyIds: [company.id] });
    expect((await manager.json('GET', ACCOUNT)).status).toBe(200);

    const alone = new HttpClient(courtside.url!);
    const { company: empty } = await managerWithCompany(alone, 'Empty Club');
    const ladder = await alone.json<{ uuid: string }>('POST', `${ADMIN_API}/companies/${empty.id}/ladders`, {
      name: 'Empty Ladder',
      email: 'empty@club.test',
      sportsCategory: 'TENNISSINGLE',
    });
    expect(ladder.status).toBe(201);
    const standingsUrl = `${LADDER_API}/ladders/${ladder.body.uuid}/standings`;
    const before = await new HttpClient(courtside.url!).json<{ ladder: object }>('GET', standingsUrl);
    expect(before.body.ladder).not.toHaveProperty('withoutManager');
    const gone = await alone.request('DELETE', ACCOUNT, { currentPassword: PASSWORD });
    expect(gone.status).toBe(204);
    // The club is left without a manager, and its pages say so (DESIGN.md §15).
    const after = await new HttpClient(courtside.url!).json<{ ladder: { withoutManager?: boolean } }>(
      'GET',
      standingsUrl,
    );
    expect(after.body.ladder.withoutManager).toBe(true);
  });

  it('takes the team out of the season as a manager’s remove, and shows "Former player" wherever the name was, with the log still verifying', async () => {
    const { manager, company, ladderId, seasonId, teams, leaving, matchId } = await playedSeason();
    const verifyBefore = await manager.json<{ ok: boolean; headHash: string }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/verify`,
    );
    const public_ = new HttpClient(courtside.url!);
    const reads = [
      `${LADDER_API}/ladders/${ladderId}/standings`,
      `${MATCHES_API}/matches?PAGE=0&TAGS=${ladderId}`,
      `${MATCHES_API}/matches/${matchId}`,
      `${LADDER_API}/players/${leaving.account.id}`,
    ];
    // Kept public answers that hold the name: the erasure must not leave them standing.
    for (const read of reads)
      expect(await (await public_.request('GET', read)).text(), read).toContain(ERASED_NAME);
    const widgetUrl = `${courtside.url}/webapps/widget/en/?event=${ladderId}`;
    expect(await (await fetch(widgetUrl)).text()).toContain(ERASED_NAME);

    // A result the leaving player disputes: the reason is kept beside the log, the event holds its id and SHA-256.
    const disputedMatch = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      { defenderId: leaving.teamId, challengerId: teams[1]!.teamId },
    );
    expect(disputedMatch.status).toBe(201);
    const disputedUrl = `${MATCHES_API}/matches/${disputedMatch.body.matchId}`;
    // A place the leaving player typed: free text of theirs, kept beside the log like the reason.
    const placed = await leaving.http.json('PUT', `${MATCHES_API}/matches`, {
      id: disputedMatch.body.matchId,
      defender: { matchSets: [], special: 'none' },
      challenger: { matchSets: [], special: 'none' },
      location: LOCATION_TEXT,
    });
    expect(placed.status).toBe(200);
    expect(await (await manager.request('GET', disputedUrl)).text()).toContain(LOCATION_TEXT);
    const entered = await teams[1]!.http.json('PUT', `${MATCHES_API}/matches`, {
      id: disputedMatch.body.matchId,
      defender: sets(3, 3),
      challenger: sets(6, 6),
    });
    expect(entered.status).toBe(200);
    expect((await leaving.http.json('POST', `${disputedUrl}/dispute`, { reason: DISPUTE_TEXT })).status).toBe(
      200,
    );
    const disputed = await manager.json<{ confirmation: { state: string; reason?: string } }>(
      'GET',
      disputedUrl,
    );
    expect(disputed.body.confirmation).toMatchObject({ state: 'disputed', reason: DISPUTE_TEXT });
    const history = await (await manager.request('GET', `${ADMIN_API}/seasons/${seasonId}/history`)).text();
    expect(history).toContain(DISPUTE_TEXT);
    const logged = (
      await (await manager.request('GET', `${ADMIN_API}/companies/${company.id}/events.ndjson`)).text()
    )
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; payload: Record<string, unknown> })
      .find((line) => line.type === 'ResultDisputed')!;
    expect(logged.payload).not.toHaveProperty('reason');
    expect(logged.payload.reasonSha256).toBe(createHash('sha256').update(DISPUTE_TEXT).digest('hex'));

    // The other side's notification quotes the reason (until the writer leaves).
    const opponentNotifications = async () =>
      (await teams[1]!.http.request('GET', NOTIFICATIONS_PATH)).text();
    await eventually(async () => (await opponentNotifications()).includes(DISPUTE_TEXT), {
      message: 'the dispute notified with its reason',
    });

    const answer = await leaving.http.json('DELETE', ACCOUNT, { currentPassword: PASSWORD });
    expect(answer.status).toBe(204);

    // The team's removal may be projected after the answer (a command answered 202 on a loaded machine).
    await expect
      .poll(async () =>
        (
          await manager.json<Array<{ teamId: string; leaveDate: string }>>(
            'GET',
            `${ADMIN_API}/seasons/${seasonId}/teams/left`,
          )
        ).body.map((team) => team.teamId),
      )
      .toEqual([leaving.teamId]);
    const active = await manager.json<Array<{ teamId: string; position: number }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams`,
    );
    expect(active.body.map((team) => [team.teamId, team.position])).toEqual([
      [teams[0]!.teamId, 1],
      [teams[1]!.teamId, 2],
    ]);

    const everywhere = [
      ...reads,
      `${ADMIN_API}/seasons/${seasonId}/standings`,
      `${ADMIN_API}/seasons/${seasonId}/history`,
      `${ADMIN_API}/seasons/${seasonId}/history/events`,
      `${ADMIN_API}/companies/${company.id}/results.csv`,
      `${ADMIN_API}/companies/${company.id}/events.ndjson`,
    ];
    for (const read of everywhere) {
      const text = await (await manager.request('GET', read)).text();
      expect(text, read).not.toContain(ERASED_NAME);
      expect(text, read).not.toContain(DISPUTE_TEXT);
    }
    expect(await (await manager.request('GET', disputedUrl)).text()).not.toContain(LOCATION_TEXT);
    const redacted = await opponentNotifications();
    expect(redacted).not.toContain(DISPUTE_TEXT);
    expect(redacted).toContain('disputed');
    for (const read of reads) {
      const text = await (await public_.request('GET', read)).text();
      expect(text, read).not.toContain(ERASED_NAME);
    }
    const player = await public_.json<{ name: string }>('GET', `${LADDER_API}/players/${leaving.account.id}`);
    expect(player.status).toBe(200);
    expect(player.body.name).toBe('Former player');
    // The audit page names the erased actor in its own language (DESIGN.md §19 "Erasure").
    for (const [lang, former] of [
      ['nl', 'Voormalig speler'],
      ['en', 'Former player'],
    ] as const) {
      const audit = await manager.json<{ items: Array<{ actor: { id: string; name: string } }> }>(
        'GET',
        `${ADMIN_API}/companies/${company.id}/events?limit=200&lang=${lang}`,
      );
      const theirs = audit.body.items.filter((item) => item.actor.id === leaving.account.id);
      expect(theirs.length).toBeGreaterThan(0);
      expect(new Set(theirs.map((item) => item.actor.name))).toEqual(new Set([former]));
    }
    const match = await public_.request('GET', `${MATCHES_API}/matches/${matchId}`);
    expect(await match.text()).toContain('Former player');
    const csv = await (
      await manager.request('GET', `${ADMIN_API}/companies/${company.id}/results.csv`)
    ).text();
    expect(csv).toContain(`,completed,Sam Server,Former player,4-6 4-6,Former player,confirmed`);
    const widget = await fetch(widgetUrl);
    expect(widget.status).toBe(200);
    expect(await widget.text()).not.toContain(ERASED_NAME);

    const verify = await manager.json<{ ok: boolean; headHash: string }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/verify`,
    );
    expect(verify.body.ok).toBe(true);
    const removed = await manager.json<{ confirmation: Record<string, unknown> }>('GET', disputedUrl);
    expect(removed.body.confirmation).toMatchObject({ state: 'disputed', reason: null, reasonRemoved: true });
    expect(await (await manager.request('GET', `${ADMIN_API}/seasons/${seasonId}/history`)).text()).toContain(
      'disputed: (reason removed)',
    );
    expect(verifyBefore.body.ok).toBe(true);

    // `npm run replay -- --verify`: the read models rebuilt from the log (in memory, as the command does) are
    // identical to the live ones after the erasure.
    const replayed = await replay({
      databaseUrl: backend.databaseUrl,
      log: courtside.log,
      registry: new EventRegistry(productEvents),
      projections: productProjections,
      liveSchema: courtside.readModelSchema,
      verify: true,
      logger: { info: () => undefined, error: () => undefined },
      inMemory: rebuildInMemory,
    });
    expect(replayed.tables?.filter((table) => !table.identical)).toEqual([]);
    expect(replayed.identical).toBe(true);
  }, 150_000);

  /** The invitation link mailed to an address: its token. */
  async function invitationTokenOf(email: string): Promise<string> {
    const mailbox = await new HttpClient(courtside.url!).json<Array<{ text: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
    );
    for (const mail of mailbox.body) {
      const link = /\/webapps\/account\/en\/invitation\/([^\s]+)/.exec(mail.text);
      if (link) return decodeURIComponent(link[1]!);
    }
    throw new Error(`no invitation mailed to ${email}`);
  }

  it('reaches what others hold (DESIGN.md §19): their notifications name "Former player", a manager’s invitation list keeps no address, a new account at the address sees nothing of it, and open partner requests and invitations are withdrawn', async () => {
    const ERASEE = 'Erin Erasee';
    const { manager, company, seasonId, teams } = await seasonWithTeams(courtside.url!, [
      ERASEE,
      'Olga Other',
    ]);
    const [erin, olga] = teams as [(typeof teams)[0], (typeof teams)[0]];

    // (a) Erin enters a result: Olga is asked to confirm it, by a notification that names her.
    const matchId = await plannedMatch(manager, seasonId, erin.teamId, olga.teamId);
    const entered = await sentUntilTaken(() =>
      erin.http.json('PUT', `${MATCHES_API}/matches`, {
        id: matchId,
        defender: sets(6, 6),
        challenger: sets(3, 3),
      }),
    );
    expect([200, 202]).toContain(entered.status);
    const olgaReads = async (language: 'en' | 'nl') =>
      (await olga.http.request('GET', `${NOTIFICATIONS_PATH}?language=${language}`)).text();
    await eventually(async () => (await olgaReads('en')).includes(`Confirm the result against ${ERASEE}`), {
      message: 'Olga asked to confirm the result against Erin',
    });

    // (b, d) A padel season of the same club: the manager invites Erin with a partner; Erin takes up her part.
    const ladder = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders`,
      {
        name: 'Padel Ladder',
        email: 'padel@club.test',
        sportsCategory: 'PADEL',
      },
    );
    expect(ladder.status).toBe(201);
    const padel = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders/${ladder.body.uuid}/seasons`,
      winterSeason(),
    );
    expect(padel.status).toBe(201);
    const padelInvitations = `${ADMIN_API}/seasons/${padel.body.uuid}/invitations`;
    const pat = { http: new HttpClient(courtside.url!) };
    const patAccount = await signedInAccount(pat.http, {
      email: uniqueEmail('pat'),
      fullName: 'Pat Partner',
    });
    const invited = await sentUntilTaken(() =>
      manager.json('POST', padelInvitations, {
        invitees: [{ email: erin.account.email, fullName: ERASEE, partnerEmail: patAccount.email }],
        placement: 'WAITING',
      }),
    );
    expect(invited.status).toBe(201);
    const acceptLink = (http: HttpClient, token: string) =>
      sentUntilTaken(() =>
        http.json<{ reason?: string }>(
          'POST',
          `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}/accept`,
        ),
      );
    expect((await acceptLink(erin.http, await invitationTokenOf(erin.account.email))).status).toBe(200);

    // (d) Partner requests in another club: Erin asks Paul; Rita asks Erin.
    const other = await managerWithSeason(courtside.url!, {
      sportsCategory: 'PADEL',
      companyName: 'Other Club',
    });
    const paul = new HttpClient(courtside.url!);
    const paulAccount = await signedInAccount(paul, { email: uniqueEmail('paul'), fullName: 'Paul Partner' });
    const rita = new HttpClient(courtside.url!);
    await signedInAccount(rita, { email: uniqueEmail('rita'), fullName: 'Rita Registrant' });
    const register = (http: HttpClient, partnerEmail: string) =>
      sentUntilTaken(() =>
        http.json<{ teamId: string }>('POST', `${LADDER_API}/seasons/${other.seasonId}/teams`, {
          partnerEmail,
        }),
      );
    const erinAsks = await register(erin.http, paulAccount.email);
    expect(erinAsks.status).toBe(201);
    expect((await register(rita, erin.account.email)).status).toBe(201);

    const erased = await sentUntilTaken(() =>
      erin.http.request('DELETE', ACCOUNT, { currentPassword: PASSWORD }),
    );
    expect(erased.status).toBe(204);

    // (a) Olga's notification names "Former player", in the language of the page that reads it.
    const english = await olgaReads('en');
    expect(english).toContain('Confirm the result against Former player');
    expect(english).not.toContain(ERASEE);
    expect(await olgaReads('nl')).toContain('Bevestig de uitslag tegen Voormalig speler');
    // And what is told of her side later is written so too: a manager sets the result.
    const set = await sentUntilTaken(() =>
      manager.json('PUT', `${MATCHES_API}/matches`, {
        id: matchId,
        defender: sets(6, 6),
        challenger: sets(2, 2),
      }),
    );
    expect([200, 202]).toContain(set.status);
    await eventually(async () => (await olgaReads('en')).includes('Former player – Olga Other 6-2 6-2'), {
      message: 'the manager’s result told to Olga, naming "Former player"',
    });

    // (c) A new account at Erin's address is a new person: none of the invitations sent to Erin are its.
    const again = new HttpClient(courtside.url!);
    await signedInAccount(again, { email: erin.account.email, fullName: 'Nina New' });
    const exported = JSON.parse(
      await (await again.request('GET', `${ACCOUNT_API}/account/export`)).text(),
    ) as {
      invitations: unknown[];
    };
    expect(exported.invitations).toEqual([]);

    // (b, d) The manager's list: Erin is "Former player" with no address; the invitation she took up is revoked, so
    // her partner cannot enrol the erased account.
    const listed = await manager.json<Array<Record<string, unknown>>>('GET', padelInvitations);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        fullName: 'Former player',
        partnerEmail: patAccount.email,
        state: 'revoked',
      }),
    ]);
    expect(listed.body[0]).not.toHaveProperty('email');
    expect(JSON.stringify(listed.body)).not.toContain(erin.account.email);
    expect(await acceptLink(pat.http, await invitationTokenOf(patAccount.email))).toMatchObject({
      status: 410,
      body: { reason: 'REVOKED' },
    });
    // (d) Erin's request cannot be accepted any more; Rita's request to her is declined, so Rita may ask someone else.
    const paulAnswers = await sentUntilTaken(() =>
      paul.json<{ reason?: string }>('POST', `${LADDER_API}/teams/${erinAsks.body.teamId}/partner`, {
        accept: true,
      }),
    );
    expect(paulAnswers).toMatchObject({ status: 409, body: { reason: 'REVOKED' } });
    expect((await register(rita, uniqueEmail('someone'))).status).toBe(201);

    // Through the commands, with ids only: both logs still verify and hold neither her name nor her address.
    for (const [club, companyId] of [
      [manager, company.id],
      [other.manager, other.company.id],
    ] as const) {
      const verified = await club.json<{ ok: boolean }>('GET', `${ADMIN_API}/companies/${companyId}/verify`);
      expect(verified.body.ok).toBe(true);
      const log = await (
        await club.request('GET', `${ADMIN_API}/companies/${companyId}/events.ndjson`)
      ).text();
      expect(log).not.toContain(ERASEE);
      expect(log).not.toContain(erin.account.email);
    }
    const events = await other.manager.json<Array<{ type: string }>>(
      'GET',
      `${ADMIN_API}/companies/${other.company.id}/events`,
    );
    expect(JSON.stringify(events.body)).toContain('PartnerRequestWithdrawn');
    expect(JSON.stringify(events.body)).toContain('PartnerRequestDeclined');
  });
});
