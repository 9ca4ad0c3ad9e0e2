import type { Context } from 'koa';
import type { AppServices } from '../module.ts';

/**
 * The absolute address of a path for links that leave the browser (calendar feeds): under PUBLIC_URL when it
 * is set, else under the address of the request (behind a trusted proxy, the protocol and host it forwarded).
 */
export function publicUrlOf(ctx: Context, services: Pick<AppServices, 'publicUrl'>, path: string): string {
  return `${services.publicUrl ?? `${ctx.protocol}://${ctx.host}`}${path}`;
}
