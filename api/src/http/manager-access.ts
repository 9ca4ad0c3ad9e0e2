import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { reject } from '@courtside/events/decider';
import { managesCompany } from '@courtside/projector/companies/queries';
import { seasonContext, type SeasonContext } from '@courtside/projector/ladders/queries';
import { companyOfTournament } from '@courtside/projector/tournaments/queries';
import { requireSession } from '../accounts/authentication.ts';
import { CommandRejected } from '../commands/command-errors.ts';
import type { DecideContext } from '../commands/command-bus.ts';
import { HttpError } from './http-error.ts';

/**
 * Which company a manager route is about: the one in its address (`:companyId`), the company of the season in it
 * (`:seasonId`) or of the tournament in it (`:tournamentId`). Declared by a route's documentation (`manager` in
 * RouteDoc) and enforced by the documented router.
 */
export type ManagerScopeKind = 'company' | 'season' | 'tournament';

/** Who acts on a manager route, and on which company (and season). */
export interface ManagerScope {
  accountId: string;
  companyId: string;
  /** What a stranger is told: the same 404 whether the thing exists or not (DESIGN.md §3). */
  notFound: 'No such company' | 'No such season' | 'No such tournament';
}

interface SeasonManagerScope extends ManagerScope {
  season: SeasonContext;
}

const SCOPE = Symbol('manager scope');
type Readable = DecideContext['readModels'];

/**
 * The gate in front of every manager route: a signed-in account (401) that manages the company in the address or the
 * season's company; anyone else gets 404 before the body is read, so a stranger learns nothing of what exists. A read
 * is answered on this gate's word. A command is checked again under the company's lock (`managersOnly`), so that a
 * manager removed while the command waited for its turn is refused.
 */
export function managerGate(readModels: Readable, kind: ManagerScopeKind): Middleware {
  return async (ctx, next) => {
    const { accountId } = requireSession(ctx);
    const scope =
      kind === 'company'
        ? await companyScope(readModels, ctx)
        : kind === 'season'
          ? await seasonScope(readModels, ctx)
          : await tournamentScope(readModels, ctx);
    if (!scope || !(await managesCompany(readModels, accountId, scope.companyId))) {
      throw new HttpError(404, notFoundOf[kind]);
    }
    (ctx.state as Record<symbol, ManagerScope>)[SCOPE] = { accountId, ...scope };
    await next();
  };
}

const notFoundOf = {
  company: 'No such company',
  season: 'No such season',
  tournament: 'No such tournament',
} as const;

async function tournamentScope(readModels: Readable, ctx: Context) {
  const id = z.uuid().safeParse(ctx.params?.tournamentId);
  const companyId = id.success ? await companyOfTournament(readModels, id.data) : undefined;
  return companyId && { companyId, notFound: notFoundOf.tournament };
}

async function companyScope(_readModels: Readable, ctx: Context) {
  const id = z.uuid().safeParse(ctx.params?.companyId);
  return id.success ? { companyId: id.data, notFound: 'No such company' as const } : undefined;
}

async function seasonScope(readModels: Readable, ctx: Context) {
  const id = z.uuid().safeParse(ctx.params?.seasonId);
  const season = id.success ? await seasonContext(readModels, id.data) : undefined;
  return season && { companyId: season.companyId, season, notFound: 'No such season' as const };
}

/** The scope the gate let through; a route declared `manager: 'company'`. */
export function managerScope(ctx: Context): ManagerScope {
  const scope = (ctx.state as Record<symbol, ManagerScope | undefined>)[SCOPE];
  if (!scope) throw new Error('a manager route without its gate: declare `manager` in its documentation');
  return scope;
}

/** The scope the gate let through; a route declared `manager: 'season'`. */
export function seasonManagerScope(ctx: Context): SeasonManagerScope {
  const scope = managerScope(ctx);
  if (!('season' in scope))
    throw new Error("a season manager route without its gate: declare `manager: 'season'`");
  return scope as SeasonManagerScope;
}

/**
 * A command's loader that first asks, under the company's lock, whether the actor still manages the company:
 * refused with the gate's own 404 if not.
 */
export function managersOnly<State>(
  scope: ManagerScope,
  load: (readModels: Readable) => Promise<State>,
): (readModels: Readable) => Promise<State> {
  return async (readModels) => {
    if (!(await managesCompany(readModels, scope.accountId, scope.companyId))) {
      throw new CommandRejected(reject('not_found', scope.notFound));
    }
    return load(readModels);
  };
}
