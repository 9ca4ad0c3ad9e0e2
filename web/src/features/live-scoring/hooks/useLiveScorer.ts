import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { errorText, isApiError } from '../../../lib/http';
import { liveConnectionAtom } from '../../../stores/live';
import {
  conflictState,
  endLive,
  scorePoint,
  startLive,
  undoPoint,
  type LiveView,
  type StartOptions,
} from '../api/live';
import { readSavedTaps, saveTaps } from '../api/saved-taps';
import { enqueue, outcome, requestOf, resumeTaps, shownScore, type ScorerAction } from '../live-scorer';
import { useLiveView } from './useLiveView';

export type ScorerNotice = { kind: 'conflict' } | { kind: 'failed'; error: string } | null;

function send(matchId: string, view: LiveView, action: ScorerAction): Promise<LiveView> {
  const { seq } = requestOf(view, action);
  if (action.kind === 'point') return scorePoint(matchId, seq, action.winner);
  if (action.kind === 'undo') return undoPoint(matchId, seq);
  return endLive(matchId, seq);
}

/** A lost answer: the connection, or the server for a moment. Anything else is an answer to take. */
const isLost = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500);

/**
 * The scorer (DESIGN.md §7): taps are shown at once and sent one at a time, each with the number the server
 * expects (`live-scorer.ts`). A `409 SEQ` answer (another scorer was first) is adopted with its state. When an
 * answer is lost, the page reads the state again until it can (at once when the live connection is back), sees
 * whether the command got there, and goes on. Taps not yet answered are kept in the browser (`api/saved-taps.ts`):
 * after a reload they go out once the state is read again, without the one that got there.
 */
export function useLiveScorer(matchId: string) {
  const [sending, setSending] = useState<ScorerAction | null>(null);
  const [queue, setQueue] = useState<ScorerAction[]>([]);
  const [offline, setOffline] = useState(false);
  const [notice, setNotice] = useState<ScorerNotice>(null);
  const busyRef = useRef(false);
  const live = useLiveView(matchId, { pushes: 'read', paused: () => busyRef.current });
  const { viewRef, setView, read } = live;
  const queueRef = useRef<ScorerAction[]>([]);
  const sendingRef = useRef<ScorerAction | null>(null);
  /** The command whose answer was lost, and the state it was sent against. */
  const unsure = useRef<{ before: LiveView; action: ScorerAction } | null>(null);
  const connection = useAtomValue(liveConnectionAtom);

  const update = (nextQueue: ScorerAction[], nextSending: ScorerAction | null) => {
    queueRef.current = nextQueue;
    sendingRef.current = nextSending;
    busyRef.current = nextSending !== null || nextQueue.length > 0 || unsure.current !== null;
    setQueue(nextQueue);
    setSending(nextSending);
    // What is not answered yet survives a reload, with the state it is sent against (the first may be on its way).
    const view = viewRef.current;
    if (view)
      saveTaps(matchId, { before: view, actions: nextSending ? [nextSending, ...nextQueue] : nextQueue });
  };

  const pump = useCallback(async () => {
    while (!sendingRef.current && !unsure.current && queueRef.current.length > 0) {
      const view = viewRef.current;
      if (!view) return;
      const [action, ...rest] = queueRef.current as [ScorerAction, ...ScorerAction[]];
      update(rest, action);
      try {
        setView(await send(matchId, view, action));
        update(queueRef.current, null);
      } catch (error) {
        const conflict = conflictState(error);
        if (conflict) {
          setView(conflict);
          update([], null);
          setNotice({ kind: 'conflict' });
        } else if (isLost(error)) {
          unsure.current = { before: view, action };
          update([action, ...queueRef.current], null);
          setOffline(true);
        } else {
          update([], null);
          setNotice({ kind: 'failed', error: errorText(error, String(error)) });
          await read().catch(() => undefined);
        }
      }
    }
  }, [matchId, read, setView, viewRef]);

  /** After a lost answer: read the state, see whether the command got there, go on. */
  const reconcile = useCallback(async () => {
    const pending = unsure.current;
    if (!pending) return;
    let after: LiveView | null;
    try {
      after = await read();
    } catch {
      return; // still offline: the next try comes
    }
    if (unsure.current !== pending) return;
    unsure.current = null;
    setOffline(false);
    if (!after) return update([], null);
    const result = outcome(pending.before, pending.action, after);
    if (result === 'applied') update(queueRef.current.slice(1), null);
    else if (result === 'other') {
      update([], null);
      setNotice({ kind: 'conflict' });
    } else update(queueRef.current, null);
    void pump();
  }, [pump, read]);

  // After a reload: the taps this browser had not got answered, once the state is read again.
  const resumed = useRef(false);
  const ready = live.state.status === 'ready';
  useEffect(() => {
    const view = viewRef.current;
    if (!ready || !view || resumed.current) return;
    resumed.current = true;
    const saved = readSavedTaps(matchId);
    if (!saved) return;
    const { actions, conflict } = resumeTaps(saved, view);
    if (conflict) setNotice({ kind: 'conflict' });
    update(actions, null);
    void pump();
  }, [ready, matchId, pump, viewRef]);

  // While an answer is lost: try again every few seconds, and at once when the live connection is back.
  useEffect(() => {
    if (!offline) return;
    if (connection === 'connected') void reconcile();
    const timer = setInterval(() => void reconcile(), 2_000);
    return () => clearInterval(timer);
  }, [offline, connection, reconcile]);

  const tap = useCallback(
    (action: ScorerAction) => {
      const view = viewRef.current;
      if (!view) return;
      setNotice(null);
      update(enqueue(view, sendingRef.current, queueRef.current, action), sendingRef.current);
      void pump();
    },
    [pump, viewRef],
  );

  const start = useCallback(
    async (options: StartOptions) => {
      try {
        setView(await startLive(matchId, options));
      } catch (error) {
        setNotice({ kind: 'failed', error: errorText(error, String(error)) });
        await read().catch(() => undefined);
      }
    },
    [matchId, read, setView],
  );

  const view = live.state.status === 'ready' ? live.state.view : null;
  const pendingActions = sending ? [sending, ...queue] : queue;
  return {
    state: live.state,
    /** The score with the taps not yet answered. */
    shown: view ? shownScore(view, pendingActions) : null,
    pending: pendingActions.length,
    offline,
    notice,
    tap,
    start,
  };
}
