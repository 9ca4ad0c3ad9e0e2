import { Parser } from '@asyncapi/parser';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ACCOUNT_API, ASYNCAPI_PATH, LADDER_API, OPENAPI_PATH } from '@courtside/events/api-paths';
import { AnswerChecker, type OpenApi } from '../support/api-document.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { pushCheckerOf } from '../support/push-document.ts';

const toOpenApi = (koaPath: string) => koaPath.replace(/:([A-Za-z_$][\w$]*)/g, '{$1}');

describe('the API documents (OpenAPI 3.1, AsyncAPI 3)', () => {
  let courtside: RunningCourtside;
  let openApi: OpenApi & { openapi: string; components: { securitySchemes: object } };
  beforeAll(async () => {
    // The product's modules only: the spine tests' notes module is not part of the API.
    courtside = await startTestCourtside(await createBackend('embedded'), { extraModules: [] });
    openApi = (await (await fetch(`${courtside.url}${OPENAPI_PATH}`)).json()) as typeof openApi;
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  it('serves a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(openApi) as never);
    const errors = 'errors' in result ? result.errors : [];
    expect(errors, JSON.stringify(errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(openApi.openapi).toBe('3.1.0');
  });

  it('documents every route the server has, and no route it has not', () => {
    const served = courtside.routes.flatMap((route) =>
      route.methods.map((method) => `${method.toLowerCase()} ${toOpenApi(route.path)}`),
    );
    const documented = Object.entries(openApi.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(served.length).toBeGreaterThan(50);
    expect(
      served.filter((route) => !documented.includes(route)),
      'routes without documentation',
    ).toEqual([]);
    expect(
      documented.filter((route) => !served.includes(route)),
      'documented routes that do not exist',
    ).toEqual([]);
  });

  it('groups the routes as the spec does and says who may call each', () => {
    const operations = Object.entries(openApi.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ path, method, ...(operation as object) })),
    ) as Array<{ path: string; method: string; tags: string[]; security: object[]; responses: object }>;
    const tagOf = (method: string, path: string) =>
      operations.find((operation) => operation.method === method && operation.path === path)?.tags;
    expect(tagOf('post', `${ACCOUNT_API}/account/login`)).toEqual(['accountmanager']);
    expect(tagOf('get', `${LADDER_API}/ladders/{ladderId}/standings`)).toEqual(['ladder']);
    expect(tagOf('get', '/webapps/api/matches/api/v1/matches/{id}')).toEqual(['matches']);
    expect(tagOf('get', '/webapps/api/admin/api/admin/v1/companies/{companyId}/ladders')).toEqual(['admin']);
    for (const operation of operations) {
      expect(operation.tags, `${operation.method} ${operation.path}`).toHaveLength(1);
      expect(Object.keys(operation.responses), `${operation.method} ${operation.path}`).toContain('400');
      if (operation.method !== 'get') {
        // Every call that changes something needs the anti-forgery pair, signed in or not.
        for (const requirement of operation.security) {
          expect(Object.keys(requirement), `${operation.method} ${operation.path}`).toEqual(
            expect.arrayContaining(['xsrfCookie', 'xsrfHeader']),
          );
        }
      }
    }
    const standings = operations.find((operation) => operation.path.endsWith('/standings'))!;
    expect(standings.security).toEqual([{}, { sessionCookie: [] }, { sessionHeader: [] }]);
    expect(Object.keys(openApi.components.securitySchemes).sort()).toEqual([
      'sessionCookie',
      'sessionHeader',
      'xsrfCookie',
      'xsrfHeader',
    ]);
  });

  it('documents refusals as 409 {error, reason} with their codes', () => {
    const issue = openApi.paths[`${LADDER_API}/seasons/{seasonId}/challenges`]!.post!.responses['409']!;
    const schema = issue.content!['application/json']!.schema as {
      properties: { reason: { enum: string[] } };
    };
    expect(schema.properties.reason.enum).toEqual(expect.arrayContaining(['BUSY', 'OUT_OF_RANGE']));
  });

  it('checks answers: an answer unlike the document is found out', () => {
    const checker = new AnswerChecker(openApi);
    const account = {
      id: crypto.randomUUID(),
      email: 'a@example.test',
      fullName: null,
      phoneNumber: null,
      calendarUrl: 'http://127.0.0.1/webapps/api/matches/api/v1/calendar/x.ics',
    };
    const url = `${ACCOUNT_API}/account`;
    const json = 'application/json; charset=utf-8';
    expect(checker.problem('GET', url, 200, json, JSON.stringify(account))).toBeUndefined();
    expect(checker.problem('GET', url, 200, json, JSON.stringify({ ...account, extra: 1 }))).toMatch(
      /does not match the document/,
    );
    expect(checker.problem('GET', url, 200, json, JSON.stringify({ id: account.id }))).toMatch(/email/);
    expect(checker.problem('GET', url, 418, json, '{}')).toMatch(/not documented/);
    expect(checker.problem('GET', '/webapps/ladders/en/', 200, 'text/html', '<html>')).toBeUndefined();
  });

  it('the test client fails a test on an undocumented answer', async () => {
    // The documented client sees the document; an answer outside it (an unknown status here) throws.
    const http = new HttpClient(courtside.url!);
    await expect(http.json('GET', `${ACCOUNT_API}/account`)).resolves.toMatchObject({ status: 401 });
    const checker = new AnswerChecker({
      ...openApi,
      paths: { [`${ACCOUNT_API}/account`]: { get: { responses: {} } } },
    });
    expect(
      checker.problem('GET', `${ACCOUNT_API}/account`, 401, 'application/json', '{"error":"x"}'),
    ).toMatch(/not documented/);
  });

  it('serves a valid AsyncAPI 3 document of the live channel', async () => {
    const text = await (await fetch(`${courtside.url}${ASYNCAPI_PATH}`)).text();
    const { document, diagnostics } = await new Parser().parse(text);
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 0)).toEqual([]);
    expect(document).toBeDefined();
    const asyncApi = JSON.parse(text) as {
      asyncapi: string;
      operations: Record<string, { action: string; reply?: object }>;
      components: { messages: Record<string, { name: string }> };
      channels: Record<string, { address: string }>;
    };
    expect(asyncApi.asyncapi).toMatch(/^3\./);
    expect(asyncApi.operations.subscribe).toMatchObject({ action: 'send', reply: expect.any(Object) });
    expect(asyncApi.operations.unsubscribe).toMatchObject({ action: 'send', reply: expect.any(Object) });
    expect(Object.values(asyncApi.components.messages).map((message) => message.name)).toEqual(
      expect.arrayContaining([
        'subscribe',
        'match.updated',
        'live.updated',
        'season.updated',
        'ladder.changed',
        'challenge.updated',
        'notification.created',
      ]),
    );
    expect(Object.values(asyncApi.channels).map((channel) => channel.address)).toEqual(
      expect.arrayContaining(['match:{id}', 'season:{id}', 'ladder:{id}', 'company:{id}', 'account:{id}']),
    );
  });

  it('checks pushes: a payload unlike the AsyncAPI document, or an event it does not name, is found out', async () => {
    const checker = await pushCheckerOf(courtside.url!);
    const matchId = '5f0c1b9e-9a3e-4f43-9d8e-0a4f6e7b1c2d';
    const state = {
      seq: 1,
      sets: [{ defender: 0, challenger: 0 }],
      game: { defender: '15', challenger: '0' },
      server: 'defender',
      finished: false,
      winner: null,
      stats: Object.fromEntries(
        [
          'pointsWon',
          'servicePointsWon',
          'servicePointsPlayed',
          'breakPointsFaced',
          'breakPointsWon',
          'longestRun',
        ].map((key) => [key, { defender: 0, challenger: 0 }]),
      ),
    };
    expect(checker.problem('live.updated', { matchId, state })).toBeUndefined();
    expect(checker.problem('live.updated', { matchId, state: { ...state, server: 'umpire' } })).toMatch(
      /^push live.updated: the payload does not match the document/,
    );
    expect(checker.problem('live.updated', { matchId })).toMatch(/must have required property 'state'/);
    expect(checker.problem('score.guessed', {})).toBe('push score.guessed: not in the AsyncAPI document');
  });
});
