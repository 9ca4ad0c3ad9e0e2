import type { ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { liveScore, type LiveConfig, type Side } from '@courtside/events/live/engine';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useTranslation } from '../../../hooks/useTranslation';
import { mayKeepMine, type ScorerPoints, type ServerPoints } from '../scorer-queue';
import { LiveBoard } from './LiveBoard';

interface ConflictDialogProps {
  conflict: { server: ServerPoints; mine: ScorerPoints; rules: LiveConfig } | null;
  names: Record<Side, string>;
  onChoose(choice: 'theirs' | 'mine'): void;
  /** Puts the focus on the page's main control (the dialog had nothing to give it back to). */
  focusMainControl(): void;
}

/**
 * Another scorer changed the match while this phone's points were queued (DESIGN.md §13, §15): both scores side by
 * side, the scorer chooses which one stays. Headless UI's Dialog keeps the focus inside and gives it back to where it
 * was when the dialog closes (or, when that is gone, the page's main control gets it). Escape or a click outside does
 * not choose: the queue waits until a choice is made, the focus stays on the choice it was on.
 */
export function ConflictDialog({ conflict, names, onChoose, focusMainControl }: ConflictDialogProps) {
  const { t } = useTranslation();
  const open = conflict !== null;
  const theirs = conflict
    ? liveScore(conflict.rules, conflict.server.points, conflict.server.finished)
    : null;
  const mine = conflict ? liveScore(conflict.rules, conflict.mine.points, conflict.mine.ended) : null;
  const mayMine = conflict ? mayKeepMine(conflict.server) : false;
  const choose = (choice: 'theirs' | 'mine') => {
    onChoose(choice);
    // Headless UI gives the focus back (a microtask after the dialog is gone) to what had it before the dialog
    // opened, if that is still on the page. On a page opened with the dialog nothing had it, and the point button
    // that had it is gone once the match is over: the focus would stay on <body>.
    setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) focusMainControl();
    });
  };
  return (
    <Dialog open={open} onClose={() => undefined} className="relative z-50" data-testid="conflict-dialog">
      <div className="fixed inset-0 bg-ink-950/40" aria-hidden="true" />
      <div className="fixed inset-0 flex w-screen items-center justify-center overflow-y-auto p-3">
        <DialogPanel
          className="w-full max-w-2xl rounded-2xl bg-white p-4 shadow-xl ring-1 ring-black/5"
          // Headless UI blurs the focused element on Escape before it asks to close, which this dialog does not: the
          // focus would fall to <body> with the dialog still open. A prevented Escape is left alone by it.
          onKeyDown={(event) => {
            if (event.key === 'Escape') event.preventDefault();
          }}
        >
          <DialogTitle className="text-lg font-bold text-ink-900">
            {t('liveScoring.scorer.conflictTitle')}
          </DialogTitle>
          <Description className="mt-1 text-sm text-ink-700">
            {t('liveScoring.scorer.conflictIntro')}
          </Description>
          {theirs && mine && (
            <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
              <ScoreColumn
                which="theirs"
                title={t('liveScoring.scorer.conflictTheirs')}
                points={t('liveScoring.scorer.conflictPoints', { count: theirs.seq })}
              >
                <LiveBoard score={theirs} names={names} />
              </ScoreColumn>
              <ScoreColumn
                which="mine"
                title={t('liveScoring.scorer.conflictMine')}
                points={t('liveScoring.scorer.conflictPoints', { count: mine.seq })}
              >
                <LiveBoard score={mine} names={names} />
              </ScoreColumn>
            </div>
          )}
          {!mayMine && <p className="mt-3 text-sm text-ink-700">{t('liveScoring.scorer.conflictOver')}</p>}
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              className={`${secondaryButtonClass} min-h-12`}
              onClick={() => choose('theirs')}
              autoFocus
            >
              {t('liveScoring.scorer.keepTheirs')}
            </button>
            {mayMine && (
              <button
                type="button"
                className={`${primaryButtonClass} min-h-12`}
                onClick={() => choose('mine')}
              >
                {t('liveScoring.scorer.keepMine')}
              </button>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** One of the two scores the scorer chooses between, titled by whose it is and how many points it has. */
function ScoreColumn({
  which,
  title,
  points,
  children,
}: {
  which: 'theirs' | 'mine';
  title: string;
  points: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`conflict-${which}`}
      className="rounded-xl p-2 ring-1 ring-ink-200"
      data-testid={`conflict-${which}`}
    >
      <h3 id={`conflict-${which}`} className="text-sm font-semibold text-ink-800">
        {title} · {points}
      </h3>
      {children}
    </section>
  );
}
