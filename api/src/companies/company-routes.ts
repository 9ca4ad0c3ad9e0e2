import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { z } from 'zod';
import { companyDecider } from '@courtside/events/companies/decider';
import { requireSession } from '../accounts/authentication.ts';
import { parseInput } from '../http/parse.ts';
import { answerCommand } from '../http/command-answer.ts';
import type { RoomAuthorizer } from '../live/rooms.ts';
import type { AppServices } from '../module.ts';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { companiesManagedBy, companyStateOf, managesCompany } from '@courtside/projector/companies/queries';
import { singleLineText } from '@courtside/events/text';
import { documented } from '../http/documented-router.ts';
import { companySchema } from './company-answers.ts';

/** DESIGN.md §19 "Text": a company's name follows the rule of every other name (its mails quote it). */
const newCompanySchema = z.object({
  name: singleLineText()
    .trim()
    .min(1, 'Enter the name of your club or company')
    .max(100, 'Use at most 100 characters'),
});

export function companyRoutes(router: Router, services: AppServices): void {
  const api = documented(router);
  api.get(
    `${ACCOUNT_API}/companies`,
    {
      summary: 'The companies the caller manages',
      access: 'session',
      responses: { 200: z.array(companySchema) },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      ctx.body = await companiesManagedBy(services.readModels, session.accountId);
    },
  );

  api.post(
    `${ACCOUNT_API}/companies`,
    {
      summary: 'Create a company; the caller owns (manages) it',
      access: 'session',
      body: newCompanySchema,
      responses: { 201: companySchema },
      command: companySchema,
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const { name } = parseInput(newCompanySchema, ctx.request.body, 'company');
      const companyId = randomUUID();
      const outcome = await services.commands.handle({
        companyId,
        actorId: session.accountId,
        decider: companyDecider,
        load: (readModels) => companyStateOf(readModels, companyId),
        command: { type: 'CreateCompany', companyId, name, ownerId: session.accountId },
        result: { id: companyId, name },
      });
      await answerCommand(ctx, outcome, { status: 201 });
    },
  );
}

/** `company:{id}` rooms are for that company's managers only (DESIGN.md §1). */
export function companyRoomAuthorizer(services: AppServices): RoomAuthorizer {
  return async (room, viewer) => {
    if (room.kind !== 'company') return undefined;
    const manages =
      viewer.accountId !== undefined &&
      z.uuid().safeParse(room.id).success &&
      (await managesCompany(services.readModels, viewer.accountId, room.id));
    if (manages) return { ok: true };
    return { ok: false, error: 'Only managers of this company can follow this room' };
  };
}
