import type { Context } from 'koa';
import { z } from 'zod';
import { requireSession } from '../accounts/authentication.ts';
import { managesCompany } from '@courtside/projector/companies/queries';
import type { AppServices } from '../module.ts';
import { HttpError } from './http-error.ts';

/**
 * The signed-in manager of the company in the address. Another company's id, or one that does not exist, answers
 * 404, never its contents and never a hint that it exists (DESIGN.md §3).
 */
export async function requireManagerOf(ctx: Context, services: AppServices, companyId: unknown) {
  const session = requireSession(ctx);
  const id = z.uuid().safeParse(companyId);
  if (!id.success || !(await managesCompany(services.readModels, session.accountId, id.data))) {
    throw new HttpError(404, 'No such company');
  }
  return { session, companyId: id.data };
}
