import { useAtomValue } from 'jotai';
import { useTranslation } from '../../hooks/useTranslation';
import { liveConnectionAtom } from '../../stores/live';

const dot: Record<'connected' | 'connecting' | 'reconnecting', string> = {
  connected: 'bg-lime-300',
  connecting: 'bg-white/50 motion-safe:animate-pulse',
  reconnecting: 'bg-amber-300 motion-safe:animate-pulse',
};

/** A small dot (plus a word from sm up) telling whether live updates arrive. Hidden while idle. */
export function LiveIndicator() {
  const { t } = useTranslation();
  const state = useAtomValue(liveConnectionAtom);
  if (state === 'idle') return null;
  const hint = t(`live.${state}Hint`);
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-xs font-medium text-brand-50"
      title={hint}
      role="status"
      data-state={state}
    >
      <span className="relative flex size-2.5">
        {state === 'connected' && (
          <span className="absolute inline-flex size-full rounded-full bg-lime-300 opacity-60 motion-safe:animate-ping [animation-iteration-count:3]" />
        )}
        <span className={`relative inline-flex size-2.5 rounded-full ${dot[state]}`} />
      </span>
      <span className="hidden sm:inline" aria-hidden="true">
        {t(`live.${state}`)}
      </span>
      <span className="sr-only">{hint}</span>
    </span>
  );
}
