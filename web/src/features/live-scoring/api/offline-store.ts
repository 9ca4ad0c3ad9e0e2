import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { z } from 'zod';
import type { ScorerQueue } from '../scorer-queue';
import { sideSchema as side } from './live';
import { scoredMatchSchema, type ScoredMatch } from './scored-match';

/**
 * What the scorer keeps on the phone (DESIGN.md §13), per match, in IndexedDB (through `idb`): its queue (the
 * server's state as last heard and the commands not yet answered, each with its `seq`), and the match it scores, so
 * that a reload or a tab opened again with no connection shows the scorer, its score and its queue. What is read
 * back goes through a schema: anything else counts as nothing kept.
 */
interface ScorerDb extends DBSchema {
  queues: { key: string; value: { matchId: string; queue: unknown } };
  matches: { key: string; value: { matchId: string; match: unknown } };
}

const queueSchema = z.object({
  rules: z.object({
    matchType: z.enum(['GAMESONLY', 'BESTOFTHREE', 'BESTOFFIVE']),
    firstServer: side,
    noAd: z.boolean(),
    finalSet: z.enum(['SET', 'SUPER_TIEBREAK']),
  }),
  server: z.object({
    seq: z.number().int(),
    points: z.array(side),
    finished: z.boolean(),
    resultStays: z.boolean().optional(),
  }),
  actions: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('point'), seq: z.number().int(), winner: side }),
      z.object({ kind: z.literal('undo'), seq: z.number().int() }),
      z.object({ kind: z.literal('end'), seq: z.number().int() }),
    ]),
  ),
  sent: z.boolean().optional(),
});

let database: Promise<IDBPDatabase<ScorerDb>> | undefined;

function db(): Promise<IDBPDatabase<ScorerDb>> {
  database ??= openDB<ScorerDb>('courtside-scorer', 1, {
    upgrade(created) {
      created.createObjectStore('queues', { keyPath: 'matchId' });
      created.createObjectStore('matches', { keyPath: 'matchId' });
    },
  });
  return database;
}

/** Writes go one after the other, in the order they were asked for: the last queue is the one kept. */
let writes: Promise<unknown> = Promise.resolve();

export function saveQueue(matchId: string, queue: ScorerQueue): Promise<void> {
  const write = writes.then(async () => {
    await (await db()).put('queues', { matchId, queue });
  });
  writes = write.catch(() => undefined);
  return write;
}

export async function readQueue(matchId: string): Promise<ScorerQueue | undefined> {
  try {
    const kept = await (await db()).get('queues', matchId);
    const parsed = queueSchema.safeParse(kept?.queue);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // no IndexedDB (a private window may refuse it): the queue lives in memory only
  }
}

export async function saveScoredMatch(match: ScoredMatch): Promise<void> {
  try {
    await (await db()).put('matches', { matchId: match.id, match });
  } catch {
    // Without IndexedDB the scorer needs the network to open.
  }
}

export async function readScoredMatch(matchId: string): Promise<ScoredMatch | undefined> {
  try {
    const parsed = scoredMatchSchema.safeParse((await (await db()).get('matches', matchId))?.match);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
