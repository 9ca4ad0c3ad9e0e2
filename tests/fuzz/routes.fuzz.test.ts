import { deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '@courtside/api/app';
import type { RunningCourtside } from '@courtside/api/courtside';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { day, seasonWithTeams } from '../support/ladder-setup.ts';
import {
  ADMIN_API,
  LADDER_API,
  OPENAPI_PATH,
  TOURNAMENT_ADMIN_API,
  UNSUBSCRIBE_PATH,
} from '@courtside/events/api-paths';

/**
 * Sends generated bad input to every route the api has (read from its router, so a new route is fuzzed without
 * being listed here), as a manager and as nobody: every answer is a JSON 4xx or a success, never a 5xx.
 * The seed is printed; `FUZZ_SEED=… npx vitest run tests/fuzz` repeats a run.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);

/** Strings Postgres, JSON or a careless route may choke on. */
const nastyStrings = [
  'a\u0000b',
  'a\uD800b',
  '\uDC00',
  'tab\there',
  'bell\u0007',
  'del\u007F',
  'c1\u0085',
  'x'.repeat(100_000),
  '',
  ' ',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '1e309',
  'NaN',
  '{"$gt":""}',
  '😀'.repeat(50),
];

/** What Postgres cannot store, or a person should never have typed into a name. */
const textDefects = ['a\u0000b', 'a\uD800b', 'bell\u0007', 'x'.repeat(100_000)];

/** Field names the api's bodies and queries use, so generated input reaches the checks behind the first one. */
const knownFields = [
  'name',
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'refresh',
  'code',
  'fullName',
  'phoneNumber',
  'countryCode',
  'number',
  'sportsCategory',
  'uuid',
  'startDate',
  'endDate',
  'minimumPlayedMatches',
  'openForRegistration',
  'matchType',
  'partnerEmail',
  'teamId',
  'defenderId',
  'challengerId',
  'id',
  'date',
  'scores',
  'matchScore',
  'stream',
  'after',
  'limit',
  'PAGE',
  'defenderTeamId',
  'seq',
  'winner',
  'firstServer',
  'noAd',
  'finalSet',
  'reason',
  'advanceMs',
  'rules',
  'TAGS',
  'OWN',
  'COMPLETED',
  'NOTCOMPLETED',
  'language',
  'active',
  'current',
  'companyId',
  'format',
  'startsAt',
  'entries',
  'maxEntrants',
  'courts',
  'pointsPerGame',
  'seeding',
  'order',
  'accountId',
  'pointsA',
  'pointsB',
];

/** Arrays (`[[[…]]]`) or objects (`{"a":{"a":…}}`) `depth` deep, as JSON text: too deep for any walk over it. */
function nested(kind: 'array' | 'object', depth: number): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}
/** An object with `keys` keys ("0", "1", …), as JSON text. */
function wide(keys: number, around: Record<string, unknown> = {}): string {
  const members = Array.from({ length: keys }, (_, i) => `"${i}":0`).join(',');
  const known = JSON.stringify(around).slice(1, -1);
  return `{${known}${known ? ',' : ''}${members}}`;
}

/** Every known field with the same value. */
const everyField = (value: unknown) => Object.fromEntries(knownFields.map((field) => [field, value]));
/** A JSON body with `field` set to the JSON text `value`, after the fields of `around`. */
function withField(around: Record<string, unknown>, field: string, value: string): string {
  const { [field]: _replaced, ...rest } = around;
  const known = JSON.stringify(rest).slice(1, -1);
  return `{${known}${known ? ',' : ''}${JSON.stringify(field)}:${value}}`;
}
/** A body sent with a Content-Encoding. */
interface EncodedBody {
  body: Uint8Array;
  encoding: string;
}

const nastyString = fc.oneof(
  // Huge strings go through the table test only: a counterexample holding one would flood the report.
  fc.constantFrom(...nastyStrings.filter((text) => text.length < 1_000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 5 }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    // Deeper than the api takes, wide and long (the table test sends the huge ones).
    fc.constantFrom(
      ...[nested('array', 40), nested('object', 40), wide(2_000), '[' + '0,'.repeat(5_000) + '0]'].map(
        (text) => JSON.parse(text) as unknown,
      ),
    ),
    fc.dictionary(fc.oneof(fc.constantFrom(...knownFields), nastyString), tie('value'), { maxKeys: 4 }),
  ),
})).value;
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...knownFields), nastyValue, { maxKeys: 8 }),
  nastyValue,
  fc.constantFrom('{"name": "unterminated', '[1,2', 'null', '"just a string"'),
);
const query = fc.dictionary(fc.constantFrom(...knownFields), nastyString, { maxKeys: 4 });

interface Target {
  method: string;
  path: string;
  /**
   * The query and top-level body fields its OpenAPI operation documents (every known field for a route that
   * documents none): where one bad value among valid ones reaches the route's own checks. A field the route does
   * not read is stripped or refused by its strict schema before anything else, the same for every field.
   */
  fields: string[];
}

describe('fuzzing every route with bad input', () => {
  let courtside: RunningCourtside;
  let manager: HttpClient;
  let anonymous: HttpClient;
  let validIds: Record<string, string>;
  let targets: Target[];
  let validQuery: Record<string, string>;
  let validBody: () => Record<string, unknown>;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'));
    const url = courtside.url!;
    const setup = await seasonWithTeams(url, 2);
    manager = setup.manager;
    anonymous = new HttpClient(url);
    const match = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${setup.seasonId}/teams/match`,
      {
        defenderId: setup.teams[0]!.teamId,
        challengerId: setup.teams[1]!.teamId,
      },
    );
    expect(match.status).toBe(201);
    // A challenge (#2 challenges #1) and a live match, so their routes get past the first lookup too.
    const challenge = await setup.teams[1]!.http.json<{ challengeId: string }>(
      'POST',
      `${LADDER_API}/seasons/${setup.seasonId}/challenges`,
      { defenderTeamId: setup.teams[0]!.teamId },
    );
    expect(challenge.status).toBe(201);
    const webhook = await manager.json<{ webhookId: string }>(
      'POST',
      `${ADMIN_API}/companies/${setup.company.id}/webhooks`,
      { url: 'http://127.0.0.1:9/hook', types: ['ping'] },
    );
    expect(webhook.status).toBe(201);
    // A club night of the company (DESIGN.md §16), so the tournament routes get past their first lookup.
    const tournament = await manager.json<{ tournamentId: string }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/companies/${setup.company.id}/tournaments`,
      {
        name: 'Fuzz night',
        format: 'AMERICANO',
        sportsCategory: 'PADEL',
        startsAt: '2026-12-04T19:30',
        entries: 'OPEN',
        maxEntrants: 8,
      },
    );
    expect(tournament.status).toBe(201);
    validIds = {
      tournamentId: tournament.body.tournamentId,
      webhookId: webhook.body.webhookId,
      challengeId: challenge.body.challengeId,
      companyId: setup.company.id,
      ladderId: setup.ladderId,
      seasonId: setup.seasonId,
      teamId: setup.teams[0]!.teamId,
      id: match.body.matchId,
      name: 'Club Ladder',
      newPosition: '1',
    };
    const document = await anonymous.json<OpenApiOperations>('GET', OPENAPI_PATH);
    expect(document.status).toBe(200);
    targets = fuzzTargets(courtside.routes, document.body);
    validQuery = { PAGE: '0', TAGS: setup.seasonId, language: 'en', limit: '10' };
    validBody = () => ({
      name: `Fuzz ${Math.random().toString(36).slice(2, 8)}`,
      email: 'fuzz@club.test',
      sportsCategory: 'TENNISSINGLE',
      uuid: setup.ladderId,
      startDate: day(200),
      endDate: day(210),
      minimumPlayedMatches: 1,
      openForRegistration: true,
      matchType: 'BESTOFTHREE',
      teamId: setup.teams[0]!.teamId,
      defenderId: setup.teams[0]!.teamId,
      challengerId: setup.teams[1]!.teamId,
      id: match.body.matchId,
      fullName: 'Fuzz Player',
      phoneNumber: { countryCode: '31', number: '06 12345678' },
      date: `${day(1)}T10:00:00`,
      defenderTeamId: setup.teams[0]!.teamId,
      seq: 1,
      winner: 'defender',
      firstServer: 'defender',
      reason: 'Not the score we played',
      advanceMs: 0,
      format: 'AMERICANO',
      startsAt: '2026-12-04T19:30',
      entries: 'OPEN',
      maxEntrants: 8,
      seeding: 'ENTRY',
      accountId: setup.teams[0]!.account.id,
      pointsA: 12,
      pointsB: 12,
    });
    console.log(`[fuzz] seed ${seed}, ${RUNS} runs over ${targets.length} route methods`);
  }, 120_000);

  afterAll(async () => {
    console.log(`[fuzz] answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    await courtside?.stop();
  });

  it('finds every route of the api (so none escapes the fuzzing)', () => {
    const paths = targets.map((target) => `${target.method} ${target.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /webapps/api/accountmanager/api/v1/companies',
        'GET /webapps/api/admin/api/admin/v1/companies/:companyId/ladders/name/:name',
        'PUT /webapps/api/matches/api/v1/matches',
        'POST /webapps/api/ladder/api/v1/challenges/:challengeId/accept',
        'POST /webapps/api/matches/api/v1/matches/:id/points',
        'POST /webapps/api/matches/api/v1/matches/:id/dispute',
        'POST /webapps/api/dev/clock',
        'PUT /webapps/api/tournament/api/v1/tournaments/:tournamentId/games/:gameId',
        'POST /webapps/api/tournament/api/admin/v1/tournaments/:tournamentId/draw',
      ]),
    );
    expect(targets.length).toBeGreaterThanOrEqual(40);
  });

  it('refuses a line break in a one-line field and in the address, naming where', async () => {
    const fullName = await manager.json<{ issues: Array<{ path: unknown[] }> }>(
      'PUT',
      '/webapps/api/accountmanager/api/v1/account/minimal',
      { fullName: 'Ann\nAce', phoneNumber: { countryCode: '31', number: '06 12345678' } },
    );
    const inQuery = await manager.json<{ issues: Array<{ path: unknown[] }> }>(
      'GET',
      `${ADMIN_API}/companies/${validIds.companyId}/events?stream=a%0Ab`,
    );

    expect(fullName.status).toBe(400);
    expect(fullName.body.issues.map((issue) => issue.path)).toEqual([['fullName']]);
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.issues.map((issue) => issue.path)).toEqual([['query', 'stream']]);
  });

  it('answers every nasty string in every path parameter, query field and body field with a JSON 4xx or success', async () => {
    const failures: string[] = [];
    const validPath = (target: Target) => withParams(target.path, validParam);
    for (const target of targets) {
      const requests: Array<() => Promise<string[]>> = [];
      // Everything nasty at once.
      for (const nasty of nastyStrings) {
        const fields = Object.fromEntries(knownFields.map((field) => [field, nasty]));
        requests.push(() =>
          send(
            manager,
            target,
            withParams(target.path, () => nasty),
            fields,
            fields,
          ),
        );
      }
      // One nasty value among valid ones, so that it gets past the first check and reaches the deeper ones.
      for (const nasty of textDefects) {
        for (const param of target.path.match(/:[A-Za-z]+/g) ?? []) {
          const path = withParams(target.path, (name) => (`:${name}` === param ? nasty : validParam(name)));
          requests.push(() => send(manager, target, path, validQuery, validBody()));
        }
        for (const field of target.fields) {
          const body = { ...validBody(), [field]: nasty };
          requests.push(() =>
            send(manager, target, validPath(target), { ...validQuery, [field]: nasty }, body),
          );
        }
      }
      // A few at a time within a route (the routes stay in order: the session-ending ones last). Almost all of
      // these are refused before any command runs, so the company's command queue is not what they wait for.
      failures.push(...(await inBatches(requests, 3)));
    }
    expect(failures.slice(0, 10)).toEqual([]);
  }, 420_000);

  it('answers a body too deep, too wide, too long or too large on every body route with a JSON 4xx or success', async () => {
    const bodyTargets = targets.filter((target) => ['POST', 'PUT', 'PATCH'].includes(target.method));
    const longArray = (items: number) => Array.from({ length: items }, () => 'x');
    // Refused by the one JSON body parser every route shares (app.ts), before any route: sent to the first body
    // route of each method, as their answers cannot differ by route.
    const parserBodies = [
      nested('array', 50_000),
      nested('object', 20_000),
      `{"name":${nested('object', 20_000)},"email":${nested('array', 50_000)}}`,
      JSON.stringify({ ...validBody(), name: 'x'.repeat(2 * 1024 * 1024) }),
      // Every field one level deeper than the api takes (the body is the 32nd level).
      JSON.stringify({ ...validBody(), ...everyField(JSON.parse(nested('array', 32))) }),
      // Compressed: 20 MB of blanks in 20 kB of gzip (413), and a too-deep body in a little deflate (400).
      { body: gzipSync(`{"name":"a"${' '.repeat(20 * 1024 * 1024)}}`), encoding: 'gzip' },
      { body: deflateSync(nested('array', 50_000)), encoding: 'deflate' },
    ];
    // Parsed, then the route's own checks meet them: sent to every body route.
    const routeBodies = (target: Target) => [
      // 100,000 keys, alone and beside a valid body (just under the 1 MB limit)
      wide(100_000),
      wide(100_000, validBody()),
      JSON.stringify(longArray(100_000)),
      JSON.stringify({
        ...validBody(),
        ...Object.fromEntries(target.fields.map((field) => [field, longArray(2_000)])),
      }),
      // Every field as deep as the api takes: it reaches zod and the routes, which walk it.
      JSON.stringify({ ...validBody(), ...everyField(JSON.parse(nested('array', 31))) }),
      JSON.stringify({ ...validBody(), ...everyField(JSON.parse(nested('object', 31))) }),
      // Wide objects and long arrays as the values of the fields this route reads, beside a valid body.
      ...['name', 'phoneNumber', 'scores', 'rules']
        .filter((field) => target.fields.includes(field))
        .map((field) => withField(validBody(), field, wide(90_000))),
      ...(target.fields.includes('scores')
        ? [
            withField(
              validBody(),
              'scores',
              JSON.stringify(Array.from({ length: 20_000 }, () => ({ defender: 6, challenger: 4 }))),
            ),
            withField(validBody(), 'scores', JSON.stringify(Array.from({ length: 50_000 }, () => [6, 4]))),
          ]
        : []),
      JSON.stringify({
        ...validBody(),
        ...Object.fromEntries(
          target.fields.map((field) => [field, Array.from({ length: 2_000 }, () => ({}))]),
        ),
      }),
      // A prototype's keys, at the top and inside a field.
      `{"__proto__":{"isAdmin":true},${JSON.stringify(validBody()).slice(1)}`,
      withField(
        validBody(),
        'phoneNumber',
        '{"constructor":{"prototype":{"isAdmin":true}},"__proto__":null}',
      ),
    ];
    const parserSample = new Set(
      ['POST', 'PUT', 'PATCH'].map((method) => bodyTargets.find((target) => target.method === method)),
    );
    const failures: string[] = [];
    for (const target of bodyTargets) {
      const path = withParams(target.path, validParam);
      const bodies = [...routeBodies(target), ...(parserSample.has(target) ? parserBodies : [])];
      const requests = bodies.map((body) => () => send(manager, target, path, validQuery, body));
      failures.push(...(await inBatches(requests, 2)));
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(bodyTargets.length).toBeGreaterThanOrEqual(19);
  }, 300_000);

  it(`answers generated requests with a JSON 4xx or success (seed ${seed})`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(nastyString, { minLength: 8, maxLength: 8 }),
        query,
        body,
        fc.boolean(),
        async (pick, useValid, params, queryFields, requestBody, asManager) => {
          const target = targets[pick % targets.length]!;
          let index = 0;
          const path = withParams(target.path, (name) => {
            const i = index++ % 8;
            return useValid[i] ? validParam(name) : params[i]!;
          });
          const failures = await send(
            asManager ? manager : anonymous,
            target,
            path,
            queryFields,
            requestBody,
          );
          expect(failures).toEqual([]);
        },
      ),
      { seed, numRuns: RUNS, endOnFailure: true },
    );
  }, 420_000);

  function validParam(name: string): string {
    return validIds[name] ?? 'unknown';
  }

  async function send(
    client: HttpClient,
    target: Target,
    path: string,
    queryFields: Record<string, string>,
    requestBody: unknown,
  ): Promise<string[]> {
    const search = Object.entries(queryFields)
      .map(([key, value]) => `${encode(key)}=${encode(value)}`)
      .join('&');
    const url = `${path}${search ? `?${search}` : ''}`;
    const hasBody = target.method !== 'GET' && target.method !== 'DELETE';
    const encoded = isEncodedBody(requestBody) ? requestBody : undefined;
    const response = await client.request(
      target.method,
      url,
      !hasBody
        ? undefined
        : encoded
          ? encoded.body
          : typeof requestBody === 'string'
            ? requestBody
            : JSON.stringify(requestBody ?? null),
      encoded ? { 'content-encoding': encoded.encoding } : {},
    );
    const text = await response.text();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const where = `${target.method} ${target.path} (${response.status}) ${excerpt(url)} ${excerpt(requestBody)}`;
    if (response.status >= 500) return [`server error: ${where}: ${text.slice(0, 120)}`];
    // The unsubscribe link of a mail answers a page by contract (DESIGN.md §6): a 4xx there may be an HTML page.
    const page =
      target.path === UNSUBSCRIBE_PATH && response.headers.get('content-type')?.startsWith('text/html');
    if (response.status >= 400 && target.path.startsWith('/webapps/api') && !page) {
      try {
        const parsed = JSON.parse(text) as { error?: unknown };
        if (typeof parsed.error !== 'string') return [`4xx without an error text: ${where}`];
      } catch {
        return [`4xx that is not JSON: ${where}: ${text.slice(0, 100)}`];
      }
    }
    return [];
  }
});

/** Every method of every api route, session-ending ones last so that the manager stays signed in meanwhile. */
function fuzzTargets(routes: RouteInfo[], document: OpenApiOperations): Target[] {
  const endsSession = (path: string) => /logout|password/.test(path);
  return routes
    .filter((route) => !route.path.startsWith('/webapps/api/test'))
    .flatMap((route) =>
      route.methods.map((method) => ({
        method,
        path: route.path,
        fields: documentedFields(document, method, route.path) ?? knownFields,
      })),
    )
    .sort((a, b) => Number(endsSession(a.path)) - Number(endsSession(b.path)));
}

type Schema = {
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
interface OpenApiOperations {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

/** The query and top-level body field names of a route's documented operation; undefined when it has none. */
function documentedFields(document: OpenApiOperations, method: string, path: string): string[] | undefined {
  const operation = document.paths[path.replaceAll(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
  if (!operation) return undefined;
  const propertiesOf = (schema: Schema | undefined, depth = 0): string[] => {
    if (!schema || depth > 8) return [];
    const target = schema.$ref
      ? document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]
      : schema;
    if (!target) return [];
    return [
      ...Object.keys(target.properties ?? {}),
      ...[...(target.allOf ?? []), ...(target.anyOf ?? []), ...(target.oneOf ?? [])].flatMap((part) =>
        propertiesOf(part, depth + 1),
      ),
    ];
  };
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const body = propertiesOf(operation.requestBody?.content?.['application/json']?.schema);
  const fields = [...new Set([...query, ...body])];
  return fields.length > 0 || operation.requestBody === undefined ? fields : undefined;
}

function withParams(path: string, value: (name: string) => string): string {
  return path.replaceAll(/:([A-Za-z]+)/g, (_, name: string) => encode(value(name)));
}

/** Percent-encodes like encodeURIComponent, but sends a lone surrogate as its (invalid) three UTF-8 bytes. */
function encode(text: string): string {
  // Text without surrogates (most of it, and every 100 KB string) in one call; char by char only where a lone
  // surrogate may be, which encodeURIComponent refuses.
  if (!/[\uD800-\uDFFF]/.test(text)) return encodeURIComponent(text);
  return text.replaceAll(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  });
}

function isEncodedBody(value: unknown): value is EncodedBody {
  return typeof value === 'object' && value !== null && (value as EncodedBody).body instanceof Uint8Array;
}

function excerpt(value: unknown): string {
  if (isEncodedBody(value)) return `(${value.encoding}, ${value.body.length} bytes)`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (text ?? '').slice(0, 80);
}

/** Runs the requests `size` at a time, in order of batches; every request's failures. */
async function inBatches(requests: Array<() => Promise<string[]>>, size: number): Promise<string[]> {
  const failures: string[] = [];
  for (let start = 0; start < requests.length; start += size) {
    const batch = await Promise.all(requests.slice(start, start + size).map((request) => request()));
    failures.push(...batch.flat());
  }
  return failures;
}
