import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { liveConnectionAtom } from '../stores/live';

/**
 * Runs `action` once the server is back while `failed` holds: when the live connection is connected again after
 * it was seen down (lost, or not yet made) since the failure. So a page whose load failed while the server could
 * not be reached loads again by itself, as the open pages catch up then (their rooms resync).
 */
export function useWhenTheServerIsBack(failed: boolean, action: () => void): void {
  const connection = useAtomValue(liveConnectionAtom);
  const sawItDown = useRef(false);
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    if (!failed) {
      sawItDown.current = false;
      return;
    }
    if (connection !== 'connected') sawItDown.current = true;
    else if (sawItDown.current) {
      sawItDown.current = false;
      latest.current();
    }
  }, [connection, failed]);
}
