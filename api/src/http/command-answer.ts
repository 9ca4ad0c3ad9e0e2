import type { Context } from 'koa';
import type { CommandOutcome } from '../commands/command-bus.ts';

/**
 * How every command answers (docs/decisions/log-and-consumers.md "Answers"): `201` (created) or `200` with the view (or the result) once the read
 * models show the change, `202` with the command's result and the `eventIds` when the projection is late (the
 * change is in the log and will show; a live push follows).
 */
export async function answerCommand<T extends object>(
  ctx: Context,
  outcome: CommandOutcome<T>,
  projected: { status: 200 | 201; view?: () => Promise<unknown> },
): Promise<void> {
  const view =
    outcome.status !== 'projected'
      ? undefined
      : projected.view
        ? await projected.view() // undefined when already gone again: answered as not yet shown
        : outcome.result;
  if (view !== undefined) {
    ctx.status = projected.status;
    ctx.body = view;
    return;
  }
  ctx.status = 202;
  ctx.body = { ...outcome.result, eventIds: outcome.events.map((event) => event.id) };
}
