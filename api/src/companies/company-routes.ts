import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { z } from 'zod';
import { companyCreated } from '@courtside/events/companies/events';
import { requireSession } from '../accounts/authentication.ts';
import { parseInput } from '../http/parse.ts';
import type { RoomAuthorizer } from '../live/rooms.ts';
import type { AppServices } from '../module.ts';
import { ACCOUNT_API } from '@courtside/events/api-paths';

const newCompanySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter the name of your club or company')
    .max(100, 'Use at most 100 characters'),
});

/** Whether an account manages a company (spec §6: a user who owns at least one company is a manager). */
export async function managesCompany(
  services: AppServices,
  accountId: string,
  companyId: string,
): Promise<boolean> {
  if (!z.uuid().safeParse(companyId).success) return false;
  const { rowCount } = await services.readModels.query(
    'SELECT 1 FROM company_managers WHERE company_id = $1 AND account_id = $2',
    [companyId, accountId],
  );
  return rowCount === 1;
}

export function companyRoutes(router: Router, services: AppServices): void {
  router.get(`${ACCOUNT_API}/companies`, async (ctx) => {
    const session = requireSession(ctx);
    const { rows } = await services.readModels.query<{ id: string; name: string }>(
      `SELECT c.id, c.name FROM companies c JOIN company_managers m ON m.company_id = c.id
       WHERE m.account_id = $1 ORDER BY c.created_at, c.name`,
      [session.accountId],
    );
    ctx.body = rows;
  });

  router.post(`${ACCOUNT_API}/companies`, async (ctx) => {
    const session = requireSession(ctx);
    const { name } = parseInput(newCompanySchema, ctx.request.body, 'company');
    const companyId = randomUUID();
    const outcome = await services.commands.execute(
      { name: 'CreateCompany', companyId, actorId: session.accountId },
      async () => ({
        events: [
          {
            type: companyCreated.type,
            streamId: companyId,
            payload: { companyId, name, ownerId: session.accountId },
          },
        ],
        result: { id: companyId, name },
      }),
    );
    ctx.status = outcome.status === 'projected' ? 201 : 202;
    ctx.body = outcome.result;
  });
}

/** `company:{id}` rooms are for that company's managers only (DESIGN.md §1). */
export function companyRoomAuthorizer(services: AppServices): RoomAuthorizer {
  return async (room, viewer) => {
    if (room.kind !== 'company') return undefined;
    if (viewer.accountId && (await managesCompany(services, viewer.accountId, room.id))) return { ok: true };
    return { ok: false, error: 'Only managers of this company can follow this room' };
  };
}
