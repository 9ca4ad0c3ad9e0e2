import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import type { DecideContext } from '../commands/command-bus.ts';
import { managerGate, type ManagerScopeKind } from './manager-access.ts';

/**
 * Who may call a route (DESIGN.md §3): anyone (`public`), anyone but a session changes the answer (`optional`),
 * or a signed-in account (`session`; a manager route is a session route that answers 404 for other companies).
 */
type Access = 'public' | 'optional' | 'session';

/** An answer: its schema (JSON), a non-JSON body with its media type, or no body at all (`{description}`). */
export type Answer =
  z.ZodType | { contentType: string; description: string; schema?: z.ZodType } | { description: string };

/** What the API reference says about one route; every schema is the one the handler parses or answers with. */
interface RouteDoc {
  summary: string;
  description?: string;
  access: Access;
  /**
   * Only for the managers of the company in the path (`:companyId`) or of the season's company (`:seasonId`): the
   * router puts the gate (`managerGate`) in front of the handler, and the handler reads whom it let through with
   * `managerScope` / `seasonManagerScope`. Anyone else gets 404.
   */
  manager?: ManagerScopeKind;
  /**
   * A public route whose answer still holds personal data (the address an invitation link names, a personal feed, a
   * sign-up's ticket): `Cache-Control: no-store`, as every answer of a `session` route and every signed-in answer of
   * an `optional` one (DESIGN.md §19 "Caching").
   */
  personal?: true;
  /** The path's parameters, as the handler parses them (a z.object whose keys are the `:names` of the path). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The answers on success by status: 200, 201, … */
  responses: Partial<Record<200 | 201 | 202 | 204 | 503, Answer>>;
  /**
   * A command: it may answer `202` with this result and the `eventIds` when the projection is late, and
   * `503` when the log or the projector cannot take it now.
   */
  command?: z.ZodObject;
  /** The `reason` codes of its `409 {error, reason}` refusals; `[]` for a 409 without a reason code. */
  refusals?: readonly string[];
  /** More failure answers than the usual ones, by status (e.g. 429 for rate limits), with what they mean. */
  failures?: Partial<
    Record<401 | 403 | 404 | 409 | 410 | 429 | 503, string | { description: string; schema: z.ZodType }>
  >;
}

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface DocumentedRoute extends RouteDoc {
  method: Method;
  /** The Koa path, `:name` for parameters. */
  path: string;
}

const documentedRoutesOf = new WeakMap<Router, DocumentedRoute[]>();

/**
 * The public reads of the ladder and matches groups may be read by other sites (a club's own page:
 * docs/build-on-courtside.md). Without credentials: a browser sends no cookie with them, so the answer is the
 * anonymous one.
 */
const readableByOtherSites = (method: Method, path: string, access: Access) =>
  method === 'get' && access !== 'session' && (path.startsWith(LADDER_API) || path.startsWith(MATCHES_API));

const anyOrigin: Middleware = async (ctx, next) => {
  ctx.set('Access-Control-Allow-Origin', '*');
  await next();
};

/** How an answer of the route may be kept (DESIGN.md §19 "Caching"): never, never when signed in, or as it says. */
export type Keeping = 'no-store' | 'no-store when signed in' | 'as the route says';

export function keepingOf(doc: Pick<RouteDoc, 'access' | 'personal'>): Keeping {
  if (doc.access === 'session' || doc.personal) return 'no-store';
  return doc.access === 'optional' ? 'no-store when signed in' : 'as the route says';
}

/**
 * Set after the handler, whatever it set (and on its errors too): an answer built for someone is kept by no browser
 * or proxy. A signed-out visitor's answer of an `optional` route stays public (ETag, kept public answers).
 */
const noStore =
  (onlySignedIn: boolean): Middleware =>
  async (ctx, next) => {
    try {
      await next();
    } finally {
      if (!onlySignedIn || ctx.state.session) ctx.set('Cache-Control', 'no-store');
    }
  };
const noStoreAlways = noStore(false);
const noStoreWhenSignedIn = noStore(true);

type Register = (path: string, doc: RouteDoc, ...handlers: Middleware[]) => void;

/**
 * A Koa router whose routes carry their own documentation: `api.get(path, doc, handler)` mounts the handler on the
 * router, exactly as `router.get(path, handler)`, and records the route for the OpenAPI document
 * (`/webapps/api/openapi.json`). One declaration, so the document lists every route there is.
 */
export function documented(
  router: Router,
  /** Where the manager gate asks who manages what; needed by a router with `manager` routes. */
  readModels?: DecideContext['readModels'],
): Record<Method, Register> {
  let routes = documentedRoutesOf.get(router);
  if (!routes) documentedRoutesOf.set(router, (routes = []));
  const known = routes;
  const gateOf = (kind: ManagerScopeKind, path: string) => {
    if (!readModels) throw new Error(`${path}: a manager route needs documented(router, readModels)`);
    if (!path.includes(`:${kind}Id`))
      throw new Error(`${path}: a ${kind} manager route needs :${kind}Id in its path`);
    return managerGate(readModels, kind);
  };
  const register =
    (method: Method): Register =>
    (path, doc, ...handlers) => {
      known.push({ method, path, ...doc });
      const gated = doc.manager ? [gateOf(doc.manager, path), ...handlers] : handlers;
      const keeping = keepingOf(doc);
      const kept =
        keeping === 'no-store'
          ? [noStoreAlways, ...gated]
          : keeping === 'no-store when signed in'
            ? [noStoreWhenSignedIn, ...gated]
            : gated;
      const mounted = readableByOtherSites(method, path, doc.access) ? [anyOrigin, ...kept] : kept;
      router[method](path, ...(mounted as [Middleware]));
    };
  return { get: register('get'), post: register('post'), put: register('put'), delete: register('delete') };
}

/** The documented routes mounted on a router so far, in mounting order. */
export function documentedRoutes(router: Router): readonly DocumentedRoute[] {
  return documentedRoutesOf.get(router) ?? [];
}
