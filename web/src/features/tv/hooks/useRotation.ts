import { useEffect, useState } from 'react';
import { VIEW_SECONDS } from '../views';

/** The clock the TV turns by: injected, so a test moves it instead of waiting. */
export interface RotationTimer {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

const browserTimer: RotationTimer = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const id = window.setInterval(tick, ms);
    return () => window.clearInterval(id);
  },
};

/** Milliseconds since the screen started, read again at every view change (VIEW_SECONDS). */
export function useElapsed(timer: RotationTimer = browserTimer): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const start = timer.now();
    return timer.every(VIEW_SECONDS * 1000, () => setElapsed(timer.now() - start));
  }, [timer]);
  return elapsed;
}
