/**
 * Counts and times every Postgres query made in this process (api, projector, embedded log, tracker, live
 * server: they all use the one `pg` package of the workspace) by wrapping `pg.Client.prototype.query`. A query's
 * time runs from the call to its answer, so it includes the round trip and the server's work (and waiting for a
 * lock, e.g. the per-company advisory lock). Costs a few microseconds per query.
 */
import pg from 'pg';
import { summarize, type Summary } from './stats.ts';

type QueryFn = (...args: unknown[]) => unknown;

interface QueryProfile {
  /** Normalised statement (first words, whitespace folded) → its durations in ms. */
  samples: Map<string, number[]>;
  recording: boolean;
}

const profile: QueryProfile = { samples: new Map(), recording: false };

/**
 * Called when a query is sent (while recording): lets the bench timestamp a statement by its parameters. It may
 * return a function, called with the time the answer came.
 */
type QueryObserver = (
  text: string,
  values: readonly unknown[] | undefined,
  at: number,
) => ((doneAt: number) => void) | void;
let queryObserver: QueryObserver | undefined;
export function observeQueries(observer: typeof queryObserver): void {
  queryObserver = observer;
}
let installed = false;

export function installQueryProfile(): QueryProfile {
  if (installed) return profile;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function profiledQuery(this: unknown, ...args: unknown[]): unknown {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : undefined;
    if (!profile.recording || text === undefined) return original.apply(this, args);
    const started = performance.now();
    const values = Array.isArray(args[1])
      ? (args[1] as unknown[])
      : (first as { values?: unknown[] } | undefined)?.values;
    const onDone = queryObserver?.(text, values, started);
    const done = () => {
      const now = performance.now();
      record(text, now - started);
      onDone?.(now);
    };
    const callbackIndex = args.findIndex((arg) => typeof arg === 'function');
    if (callbackIndex >= 0) {
      const callback = args[callbackIndex] as (...cbArgs: unknown[]) => unknown;
      args[callbackIndex] = (...cbArgs: unknown[]) => {
        done();
        return callback(...cbArgs);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
  return profile;
}

function record(text: string, ms: number): void {
  const key = normalise(text);
  const list = profile.samples.get(key);
  if (list) list.push(ms);
  else profile.samples.set(key, [ms]);
}

function normalise(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > 90 ? `${folded.slice(0, 87)}...` : folded;
}

export function resetQueryProfile(): void {
  profile.samples.clear();
}

export interface QueryStat extends Summary {
  statement: string;
  totalMs: number;
}

/** The statements by total time, largest first. */
export function queryStats(): QueryStat[] {
  const stats: QueryStat[] = [];
  for (const [statement, samples] of profile.samples) {
    const summary = summarize(samples)!;
    stats.push({
      statement,
      ...summary,
      totalMs: Math.round(samples.reduce((sum, value) => sum + value, 0)),
    });
  }
  return stats.sort((a, b) => b.totalMs - a.totalMs);
}
