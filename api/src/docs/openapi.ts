import { z } from 'zod';
import {
  acceptedSchema,
  errorSchema,
  refusalSchema,
  unavailableSchema,
  validationErrorSchema,
} from '../http/answers.ts';
import { keepingOf, type Answer, type DocumentedRoute, type Keeping } from '../http/documented-router.ts';
import { XSRF_COOKIE } from '../http/xsrf.ts';
import { SESSION_COOKIE } from '../accounts/sessions.ts';
import { SchemaCollector, type JsonSchema } from './json-schema.ts';

import { ASYNCAPI_PATH } from '@courtside/events/api-paths';

/** The groups of spec §1 (and what the spec does not group), by the start of their paths. */
const groups = [
  {
    name: 'accountmanager',
    prefix: '/webapps/api/accountmanager/',
    description: 'Accounts, sessions, companies',
  },
  {
    name: 'ladder',
    prefix: '/webapps/api/ladder/',
    description: 'Public ladders, standings, registration, challenges',
  },
  { name: 'matches', prefix: '/webapps/api/matches/', description: 'Matches, results, live scoring' },
  { name: 'admin', prefix: '/webapps/api/admin/', description: 'Managers: ladders, seasons, teams, history' },
  {
    name: 'tournament',
    prefix: '/webapps/api/tournament/',
    description: 'Tournaments and club nights (DESIGN.md §16), public and managers’ routes',
  },
  {
    name: 'development',
    prefix: '/webapps/api/dev/',
    description: 'Development only: the dev outbox and clock',
  },
  { name: 'operations', prefix: '/', description: 'Health, readiness, metrics and this reference' },
] as const;

const groupOf = (path: string) => groups.find((group) => path.startsWith(group.prefix))!.name;

/** `/a/:id/b` → `/a/{id}/b`: Koa's path parameters as OpenAPI writes them. */
const openApiPath = (koaPath: string) => koaPath.replace(/:([A-Za-z_$][\w$]*)/g, '{$1}');
const pathParameters = (koaPath: string) =>
  [...koaPath.matchAll(/:([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!);

const session = [{ sessionCookie: [] }, { sessionHeader: [] }];
const xsrf = { xsrfCookie: [], xsrfHeader: [] };

/** DESIGN.md §3: the session (cookie or header) and, for every call that changes something, the anti-forgery pair. */
function securityOf(route: DocumentedRoute) {
  const safe = route.method === 'get';
  const signedIn = session.map((requirement) => (safe ? requirement : { ...requirement, ...xsrf }));
  const anonymous = safe ? {} : xsrf;
  switch (route.access) {
    case 'public':
      return [anonymous];
    case 'optional':
      return [anonymous, ...signedIn];
    case 'session':
      return signedIn;
    default: {
      const unknown: never = route.access;
      throw new Error(`unknown access ${String(unknown)}`);
    }
  }
}

/** DESIGN.md §19 "Caching": the header every answer that holds personal data carries. */
function cacheControlHeader(keeping: Keeping) {
  if (keeping === 'as the route says') return {};
  const description =
    keeping === 'no-store'
      ? 'Holds personal data: kept by no browser or proxy'
      : 'When signed in the answer is the caller’s own: kept by no browser or proxy';
  return {
    headers: { 'Cache-Control': { description, schema: { type: 'string', const: 'no-store' } } },
  };
}

function operationId(route: DocumentedRoute): string {
  const group = groupOf(route.path);
  // A group with public and managers' routes of the same path (the tournament group) keeps them apart.
  const admin = group !== 'admin' && /^\/webapps\/api\/[a-z]+\/api\/admin\//.test(route.path) ? 'Admin' : '';
  const rest = route.path
    .replace(/^\/webapps\/api\/[a-z]+\/api\/(admin\/)?v1\//, '')
    .replace(/^\/webapps\/api\//, '')
    .split(/[/.]/)
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? `By${capitalize(segment.slice(1))}` : capitalize(segment.replace(/-/g, '')),
    );
  return `${route.method}${group === 'operations' ? '' : capitalize(group)}${admin}${rest.join('')}`;
}
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/**
 * The OpenAPI 3.1 document of the routes a router carries (`documented(router)`), generated from the same zod
 * schemas the handlers parse their input with and answer with.
 */
export function openApiDocument(routes: readonly DocumentedRoute[]) {
  const schemas = new SchemaCollector('draft-2020-12');
  const error = schemas.convert(errorSchema, 'output');
  const invalid = schemas.convert(validationErrorSchema, 'output');
  const answer = (description: string, schema = error) => ({ description, content: json(schema) });
  const unavailable = schemas.convert(unavailableSchema, 'output');
  const paths: Record<string, Record<string, unknown>> = {};

  const answerOf = (status: number, given: Answer) =>
    given instanceof z.ZodType
      ? {
          description: status === 201 ? 'Created' : status === 503 ? 'Not ready' : 'OK',
          content: json(schemas.convert(given, 'output')),
        }
      : !('contentType' in given)
        ? { description: given.description }
        : {
            description: given.description,
            content: {
              [given.contentType]: given.schema ? { schema: schemas.convert(given.schema, 'output') } : {},
            },
          };

  for (const route of routes) {
    const parameters: unknown[] = [];
    const paramsSchema = route.params ? schemas.convert(route.params, 'input') : undefined;
    for (const name of pathParameters(route.path)) {
      const properties = (paramsSchema?.properties ?? {}) as Record<string, JsonSchema>;
      parameters.push({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } });
    }
    if (route.query) {
      const query = schemas.convert(route.query, 'input');
      const required = new Set((query.required ?? []) as string[]);
      for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    const responses: Record<string, unknown> = {};
    const cacheControl = cacheControlHeader(keepingOf(route));
    for (const [status, given] of Object.entries(route.responses)) {
      if (given) responses[status] = { ...answerOf(Number(status), given), ...cacheControl };
    }
    if (route.command) {
      responses['202'] = {
        description:
          'Accepted: the change is in the log but not yet in the read models; it shows shortly (a live push follows)',
        content: json(schemas.convert(acceptedSchema(route.command), 'output')),
      };
    }
    responses['400'] = {
      description: 'Bad input: `issues` says which fields and why',
      content: json(invalid),
    };
    // Every POST, PUT and PATCH reads its body, whether or not the route takes one (http/json-body.ts).
    if (['post', 'put', 'patch'].includes(route.method)) {
      responses['413'] = answer('The body is larger than 1 MB');
      responses['415'] = answer(
        'The body declares a charset this server does not know (`charset=` of `Content-Type`; UTF-8 when none)',
      );
    }
    // Every GET answer carries an ETag; asked again with If-None-Match, an unchanged one is a bodiless 304.
    if (route.method === 'get') responses['304'] = { description: 'Not modified (the `ETag` still holds)' };
    const failures = route.failures ?? {};
    const failure = (status: 401 | 403 | 404 | 409 | 410 | 429 | 503, fallback?: string) => {
      const given = failures[status];
      if (given === undefined && fallback === undefined) return;
      responses[String(status)] =
        typeof given === 'object'
          ? answer(given.description, schemas.convert(given.schema, 'output'))
          : answer(given ?? fallback!);
    };
    failure(
      401,
      route.access === 'session' ? 'Not signed in, or the access time ran out (refresh it)' : undefined,
    );
    failure(
      403,
      route.method !== 'get'
        ? 'Missing or invalid anti-forgery token (`X-XSRF-TOKEN` must equal the `XSRF-TOKEN` cookie), or not allowed'
        : route.access === 'session'
          ? 'Signed in but not allowed'
          : undefined,
    );
    failure(404, pathParameters(route.path).length > 0 ? 'No such thing, or not yours to see' : undefined);
    if (route.refusals || route.command || failures[409]) {
      const reasons = route.refusals ?? [];
      responses['409'] =
        typeof failures[409] === 'object'
          ? answer(failures[409].description, schemas.convert(failures[409].schema, 'output'))
          : answer(
              failures[409] ??
                (reasons.length > 0
                  ? `Refused by a rule: \`reason\` is one of ${reasons.join(', ')}`
                  : 'Refused by a rule'),
              schemas.convert(refusalSchema(reasons), 'output'),
            );
    }
    failure(410);
    failure(429);
    if (!responses['503'] && route.command && failures[503] === undefined)
      responses['503'] = answer(
        'Cannot take commands right now; `reason` says why (`BUSY`, `OVERLOADED`, `CATCHING_UP`, `LOG_UNAVAILABLE`, ' +
          '`EARLIER_APPEND_UNCONFIRMED`, `QUARANTINED`, `DATABASE_BUSY`: nothing was changed, try again after ' +
          '`Retry-After` seconds; `APPEND_UNCONFIRMED`: it may or may not be saved, read before trying again)',
        unavailable,
      );
    else if (!responses['503']) failure(503);

    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = {
      tags: [groupOf(route.path)],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      operationId: operationId(route),
      security: securityOf(route),
      'x-access': route.access,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: json(schemas.convert(route.body, 'input')) } }
        : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Courtside API',
      version: '1',
      description: [
        'The REST API of Courtside, the tennis and padel ladder portal. Generated from the zod schemas the server',
        'validates with, so it is what the server does.',
        '',
        '**Sessions.** `POST …/account/login` sets the `SESSION-ID` cookie; a script may send it back as a',
        '`SESSION-ID` header instead. Access lasts 15 minutes and is renewed by `POST …/account/refresh`.',
        '',
        '**Anti-forgery.** Every answer sets an `XSRF-TOKEN` cookie for a client that has none. Every call that is',
        'not a GET must send the same value in the `X-XSRF-TOKEN` header (and the cookie), else `403`.',
        '',
        '**Commands** answer `200`/`201` once the change shows, or `202` with the `eventIds` when it shows a moment',
        'later. Bad input is `400 {error, issues}`; a rule’s refusal is `409 {error, reason}`.',
        '',
        'Before any route runs, the HTTP server itself may answer `431 {error}` (address or headers too long).',
        '',
        '**Other sites** may read the public GET routes of the ladder and matches groups (CORS, no credentials).',
        '',
        '**Caching.** Every answer that holds personal data (every signed-in answer, an invitation link’s, a personal',
        'calendar feed) carries `Cache-Control: no-store`; public reads carry an ETag.',
        '',
        `**Live.** Pushes over socket.io: see the AsyncAPI document at \`${ASYNCAPI_PATH}\`.`,
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: groups.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by login' },
        sessionHeader: {
          type: 'apiKey',
          in: 'header',
          name: SESSION_COOKIE,
          description: 'The session id from the login’s `SESSION-ID` cookie, for scripts and apps',
        },
        xsrfCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: XSRF_COOKIE,
          description: 'Set by the server on any answer, bound to the session',
        },
        xsrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-XSRF-TOKEN',
          description: 'The value of the `XSRF-TOKEN` cookie, on every call that is not a GET',
        },
      },
    },
  };
}
