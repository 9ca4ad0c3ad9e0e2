import { globalTimers, type Timers } from './timers';

/** Loading indicators appear only when the work takes longer than this (spec §9). */
export const LOADING_DELAY_MS = 300;

export interface DelayedVisibility {
  /** Report whether work is going on now. */
  update(busy: boolean): void;
  readonly visible: boolean;
  dispose(): void;
}

/**
 * Visible once `busy` has lasted `delayMs` without a break; hidden at once when idle again.
 * `onChange` fires only on real changes.
 */
export function createDelayedVisibility(
  onChange: (visible: boolean) => void,
  delayMs: number = LOADING_DELAY_MS,
  timers: Timers = globalTimers,
): DelayedVisibility {
  let visible = false;
  let timer: unknown = undefined;
  let pending = false;

  const setVisible = (next: boolean) => {
    if (next === visible) return;
    visible = next;
    onChange(next);
  };

  const cancel = () => {
    if (pending) timers.clearTimeout(timer);
    pending = false;
    timer = undefined;
  };

  return {
    update(busy) {
      if (!busy) {
        cancel();
        setVisible(false);
        return;
      }
      if (visible || pending) return;
      if (delayMs <= 0) {
        setVisible(true);
        return;
      }
      pending = true;
      timer = timers.setTimeout(() => {
        pending = false;
        timer = undefined;
        setVisible(true);
      }, delayMs);
    },
    get visible() {
      return visible;
    },
    dispose() {
      cancel();
    },
  };
}
