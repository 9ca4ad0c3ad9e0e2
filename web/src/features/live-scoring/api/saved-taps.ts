import { z } from 'zod';
import type { SavedTaps } from '../live-scorer';
import { sideSchema as side } from './live';

/**
 * The scorer's taps not yet answered, per match, in this browser's localStorage: a reload (or a phone that
 * dropped the tab) sends them once the page reads the state again (`resumeTaps`). What is stored is read
 * back through a schema: anything else counts as nothing saved.
 */
const savedTapsSchema = z.object({
  before: z.object({ seq: z.number().int(), points: z.array(side), finished: z.boolean() }),
  actions: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('point'), winner: side }),
      z.object({ kind: z.literal('undo') }),
      z.object({ kind: z.literal('end') }),
    ]),
  ),
});

const keyOf = (matchId: string) => `courtside.scorer.${matchId}`;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function saveTaps(matchId: string, saved: SavedTaps): void {
  try {
    if (saved.actions.length === 0) storage()?.removeItem(keyOf(matchId));
    else storage()?.setItem(keyOf(matchId), JSON.stringify(saved));
  } catch {
    // Storage full or refused (private mode): the taps still go out from memory.
  }
}

export function readSavedTaps(matchId: string): SavedTaps | undefined {
  try {
    const parsed = savedTapsSchema.safeParse(JSON.parse(storage()?.getItem(keyOf(matchId)) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
