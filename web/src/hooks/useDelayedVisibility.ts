import { useEffect, useRef, useState } from 'react';
import { createDelayedVisibility, LOADING_DELAY_MS, type DelayedVisibility } from '../lib/delayed-visibility';

/** True once `busy` has lasted `delayMs` (default 300 ms); false as soon as `busy` is false. */
export function useDelayedVisibility(busy: boolean, delayMs: number = LOADING_DELAY_MS): boolean {
  const [visible, setVisible] = useState(false);
  const ref = useRef<DelayedVisibility | null>(null);

  useEffect(() => {
    const dv = createDelayedVisibility(setVisible, delayMs);
    ref.current = dv;
    return () => {
      dv.dispose();
      ref.current = null;
      setVisible(false);
    };
  }, [delayMs]);

  useEffect(() => {
    ref.current?.update(busy);
  }, [busy, delayMs]);

  return visible;
}
