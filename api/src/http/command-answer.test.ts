import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { CommandOutcome } from '../commands/command-bus.ts';
import { answerCommand } from './command-answer.ts';

const events = [{ id: 'e1' }, { id: 'e2' }] as EventEnvelope[];
const answered = async (
  outcome: CommandOutcome<{ id: string }>,
  projected: Parameters<typeof answerCommand>[2],
) => {
  const ctx = {} as Context;
  await answerCommand(ctx, outcome, projected);
  return { status: ctx.status, body: ctx.body };
};

describe('every command answers alike', () => {
  it('answers 201 or 200 with the view once projected, or with the result when there is no view', async () => {
    const projected = { status: 'projected', result: { id: 'x' }, events } as const;
    expect(await answered(projected, { status: 201, view: async () => ({ id: 'x', name: 'A' }) })).toEqual({
      status: 201,
      body: { id: 'x', name: 'A' },
    });
    expect(await answered(projected, { status: 200 })).toEqual({ status: 200, body: { id: 'x' } });
  });

  it('answers 202 with the result and the event ids when the projection is late, without reading the view', async () => {
    let viewRead = false;
    const view = async () => {
      viewRead = true;
      return { id: 'x' };
    };
    expect(
      await answered({ status: 'accepted', result: { id: 'x' }, events }, { status: 201, view }),
    ).toEqual({
      status: 202,
      body: { id: 'x', eventIds: ['e1', 'e2'] },
    });
    expect(viewRead).toBe(false);
  });

  it('answers 202 when the view is gone by the time it is read (removed meanwhile)', async () => {
    const projected = { status: 'projected', result: { id: 'x' }, events } as const;
    expect(await answered(projected, { status: 200, view: async () => undefined })).toEqual({
      status: 202,
      body: { id: 'x', eventIds: ['e1', 'e2'] },
    });
  });
});
