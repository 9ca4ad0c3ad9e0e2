import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { errorText, isApiError } from '../../../lib/http';
import { liveRooms } from '../../../lib/live';
import { liveConnectionAtom } from '../../../stores/live';
import {
  conflictState,
  endLive,
  getLive,
  scorePoint,
  startLive,
  undoPoint,
  type LiveView,
  type StartOptions,
} from '../api/live';
import { readQueue, saveQueue } from '../api/offline-store';
import {
  emptyQueue,
  markSent,
  reconcile,
  resolve,
  shownScore,
  mayUndo,
  tap as tapQueue,
  target,
  unsentPoints,
  type QueuedAction,
  type ScorerQueue,
  type ScorerTap,
  type ServerPoints,
} from '../scorer-queue';

type ScorerNotice = { kind: 'failed'; error: string } | { kind: 'resultStays' } | null;

/** The `reason` of a refusal's body (DESIGN.md §15 codes), if it has one. */
function refusalReason(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined;
  const { reason } = error.body as { reason?: unknown };
  return typeof reason === 'string' ? reason : undefined;
}
type ScorerStatus = 'loading' | 'not-live' | 'failed' | 'ready';

function send(matchId: string, action: QueuedAction): Promise<LiveView> {
  if (action.kind === 'point') return scorePoint(matchId, action.seq, action.winner);
  if (action.kind === 'undo') return undoPoint(matchId, action.seq);
  return endLive(matchId, action.seq);
}

/** A lost answer: the connection, or the server for a moment. Anything else is an answer to take. */
const isLost = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500);

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The scorer (DESIGN.md §7, §13) over the pure queue of `scorer-queue.ts`: every tap is shown at once, kept on the
 * phone (`api/offline-store.ts`, IndexedDB) and sent in order, one command at a time, each with its `seq`. An
 * answer, the state of a `409`, or the state read again after a lost answer, a reload or a reconnect is
 * reconciled: what the server has is dropped from the queue; another scorer's points stop the queue until the
 * scorer chooses (`resolveConflict`). Without a connection the page keeps scoring into the queue and tries again
 * every few seconds, at once when the browser says it is online or the live connection is back.
 */
export function useLiveScorer(matchId: string) {
  const [status, setStatus] = useState<ScorerStatus>('loading');
  const [queue, setQueue] = useState<ScorerQueue | null>(null);
  const queueRef = useRef<ScorerQueue | null>(null);
  /** The server's state must be read again before the next command (at the start, after a lost answer). */
  const unsureRef = useRef(true);
  const [unsure, setUnsure] = useState(false);
  const [network, setNetwork] = useState(browserOnline);
  const [conflict, setConflict] = useState<ServerPoints | null>(null);
  const conflictRef = useRef<ServerPoints | null>(null);
  const [notice, setNotice] = useState<ScorerNotice>(null);
  const busy = useRef(false);
  /** The server refused the queue (not a `409 SEQ`): the next state read replaces it. */
  const dropRef = useRef(false);
  const connection = useAtomValue(liveConnectionAtom);

  const commit = useCallback(
    (next: ScorerQueue) => {
      queueRef.current = next;
      setQueue(next);
      void saveQueue(matchId, next).catch(() => undefined);
    },
    [matchId],
  );

  const markUnsure = (value: boolean) => {
    unsureRef.current = value;
    setUnsure(value);
  };

  /** A state the server answered. */
  const take = useCallback(
    (server: ServerPoints) => {
      const current = queueRef.current;
      if (!current) return;
      const result = reconcile(current, server);
      if (result.kind === 'conflict') {
        conflictRef.current = result.server;
        setConflict(result.server);
        return;
      }
      commit(result.queue);
    },
    [commit],
  );

  const pump = useCallback(async () => {
    while (!busy.current && !unsureRef.current && !conflictRef.current) {
      const current = queueRef.current;
      const next = current?.actions[0];
      if (!current || !next) return;
      busy.current = true;
      commit(markSent(current));
      try {
        const answer = await send(matchId, next);
        busy.current = false;
        take(answer);
      } catch (error) {
        busy.current = false;
        const state = conflictState(error);
        if (state) {
          take(state);
          continue;
        }
        if (isLost(error)) return markUnsure(true);
        // Refused for another reason (not allowed, no longer live): the queue cannot go; take the server's state.
        setNotice(
          next.kind === 'undo' && refusalReason(error) === 'FINISHED'
            ? { kind: 'resultStays' }
            : { kind: 'failed', error: errorText(error, String(error)) },
        );
        dropRef.current = true;
        markUnsure(true);
        return;
      }
    }
  }, [commit, matchId, take]);

  /** Reads the server's state, takes it and sends what is queued; false while there is no connection. */
  const resync = useCallback(async (): Promise<boolean> => {
    let view: LiveView | null;
    try {
      view = await getLive(matchId);
    } catch {
      return false;
    }
    if (busy.current) return true;
    if (!view) {
      setStatus('not-live');
      markUnsure(false);
      return true;
    }
    if (!queueRef.current || dropRef.current) commit(emptyQueue(view.rules, view));
    else take(view);
    dropRef.current = false;
    setStatus('ready');
    markUnsure(false);
    setNetwork(true);
    void pump();
    return true;
  }, [commit, matchId, pump, take]);

  // At the start: the queue kept on the phone first (shown at once, also with no connection), then the server's.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const kept = await readQueue(matchId);
      if (cancelled) return;
      if (kept && !queueRef.current) {
        queueRef.current = kept;
        setQueue(kept);
        setStatus('ready');
      }
      const reached = await resync();
      if (!cancelled && !reached) {
        markUnsure(true);
        if (!queueRef.current) setStatus('failed');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [matchId]);

  useEffect(() => {
    const online = () => {
      setNetwork(true);
      if (unsureRef.current) void resync();
    };
    const offline = () => setNetwork(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [resync]);

  // While the server's state is unknown: try again every few seconds, and at once when the live connection is back.
  useEffect(() => {
    if (!unsure) return;
    if (connection === 'connected') void resync();
    const timer = setInterval(() => void resync(), 2_000);
    return () => clearInterval(timer);
  }, [unsure, connection, resync]);

  // Another scorer's point (a push): read the state again when nothing of this phone's is on its way.
  useLiveRoom(liveRooms.match(matchId), {
    'live.updated': (payload) => {
      const current = queueRef.current;
      if (payload.matchId !== matchId || busy.current || unsureRef.current) return;
      if (current && current.actions.length > 0) return;
      void resync();
    },
    onResync: () => {
      if (!busy.current && (queueRef.current?.actions.length ?? 0) === 0) void resync();
    },
  });

  const tap = useCallback(
    (action: ScorerTap) => {
      const current = queueRef.current;
      if (!current || conflictRef.current) return;
      setNotice(null);
      commit(tapQueue(current, action));
      void pump();
    },
    [commit, pump],
  );

  const resolveConflict = useCallback(
    (choice: 'theirs' | 'mine') => {
      const current = queueRef.current;
      const server = conflictRef.current;
      if (!current || !server) return;
      conflictRef.current = null;
      setConflict(null);
      commit(resolve(current, server, choice));
      void pump();
    },
    [commit, pump],
  );

  const start = useCallback(
    async (options: StartOptions) => {
      try {
        const view = await startLive(matchId, options);
        commit(emptyQueue(view.rules, view));
        markUnsure(false);
        setStatus('ready');
      } catch (error) {
        setNotice({ kind: 'failed', error: errorText(error, String(error)) });
        await resync();
      }
    },
    [commit, matchId, resync],
  );

  return {
    status,
    queue,
    /** The score with the queue applied. */
    shown: queue ? shownScore(queue) : null,
    /** The commands not answered yet. */
    pending: queue?.actions.length ?? 0,
    /** Undo has a point to take back (also the match point: DESIGN.md §13). */
    mayUndo: queue ? mayUndo(queue) : false,
    unsent: queue ? unsentPoints(queue) : [],
    /** No connection to the server: the browser says so, or the last answer was lost. */
    offline: !network || (unsure && status === 'ready'),
    notice,
    /** Another scorer's score, while the scorer has to choose. */
    conflict: conflict && queue ? { server: conflict, mine: target(queue), rules: queue.rules } : null,
    tap,
    start,
    resolveConflict,
  };
}
