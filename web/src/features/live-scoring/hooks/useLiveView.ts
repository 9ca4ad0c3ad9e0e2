import { useCallback, useEffect, useRef, useState } from 'react';
import { followLive } from '@courtside/events/live/timeline';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { liveRooms } from '../../../lib/live';
import { getLive, liveStateSchema, type LiveView } from '../api/live';

type LiveViewState =
  | { status: 'loading' }
  | { status: 'not-live' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; view: LiveView };

interface LiveViewOptions {
  /**
   * How a `live.updated` push is taken: `follow` (a viewer: the pushed state adds or takes back a point, read
   * again only on a gap) or `read` (the scorer: a state other than its own is read again, so a late push of its
   * own earlier point never looks like an undo).
   */
  pushes: 'follow' | 'read';
  /** While true, pushes are left alone (the scorer's own commands are on their way). */
  paused?: () => boolean;
}

/**
 * The live view of a match (`GET matches/{id}/live`: the state, its points and rules), kept current from the
 * `match:{id}` room's `live.updated` pushes; after a reconnect that could not replay, it is read again.
 */
export function useLiveView(matchId: string, options: LiveViewOptions) {
  const [state, setState] = useState<LiveViewState>({ status: 'loading' });
  const viewRef = useRef<LiveView | null>(null);
  const generation = useRef(0);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const setView = useCallback((view: LiveView) => {
    generation.current++; // an answer newer than any read under way
    viewRef.current = view;
    setState({ status: 'ready', view });
  }, []);

  const read = useCallback(async (): Promise<LiveView | null> => {
    const mine = ++generation.current;
    try {
      const view = await getLive(matchId);
      if (mine !== generation.current) return viewRef.current;
      viewRef.current = view;
      setState(view ? { status: 'ready', view } : { status: 'not-live' });
      return view;
    } catch (error) {
      if (mine === generation.current && !viewRef.current) setState({ status: 'failed', error });
      throw error;
    }
  }, [matchId]);

  useEffect(() => {
    void read().catch(() => undefined);
  }, [read]);

  useLiveRoom(liveRooms.match(matchId), {
    'live.updated': (payload) => {
      if (payload.matchId !== matchId || optionsRef.current.paused?.()) return;
      const pushed = liveStateSchema.safeParse(payload.state);
      const known = viewRef.current;
      if (!pushed.success) return;
      if (known && optionsRef.current.pushes === 'follow') {
        const points = followLive(known.rules, known.points, pushed.data);
        if (points)
          return setView({ ...pushed.data, points, rules: known.rules, resultStays: known.resultStays });
      } else if (known && pushed.data.seq === known.seq && pushed.data.finished === known.finished) {
        return;
      }
      void read().catch(() => undefined);
    },
    onResync: () => void read().catch(() => undefined),
  });

  return { state, viewRef, setView, read };
}
