import { addDays, format } from 'date-fns';
import * as z from 'zod/mini';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { TextField } from '../../../components/forms/TextField';
import { useAlerts } from '../../../hooks/useAlerts';
import { useErrorText } from '../../../hooks/useAction';
import { useLocale } from '../../../hooks/useLocale';
import { useTranslation } from '../../../hooks/useTranslation';
import { formatDay } from '../../../lib/dates';
import { isApiError } from '../../../lib/http';
import { i18n } from '../../../lib/i18n';
import { addPauseTexts } from '../../../locales/pause-texts';
import { LADDER_API } from '@courtside/events/api-paths';
import { request } from '../../../lib/http';
import type { MyTeam } from '../api/ladders';

addPauseTexts(i18n);

// The pause routes live here, not in api/ladders.ts: only this control (loaded on demand) calls them.
const pausePath = (seasonId: string, teamId: string) =>
  `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/teams/${encodeURIComponent(teamId)}/pause`;

/** Pauses a team until its first day back (DESIGN.md §9); a refusal is a 409 `{reason}`. */
async function pauseTeam(seasonId: string, teamId: string, until: string): Promise<void> {
  await request('POST', pausePath(seasonId, teamId), { body: { until } });
}

/** Resumes a paused team before its first day back; the unused days are given back. */
async function resumeTeam(seasonId: string, teamId: string): Promise<void> {
  await request('DELETE', pausePath(seasonId, teamId));
}

/** What GET teams/mine adds to an active team (DESIGN.md §9): its pause, and the days it has left. */
const pauseSchema = z.object({ pausedUntil: z.optional(z.string()), pauseDaysLeft: z.optional(z.number()) });

const reasons = ['PAUSE_TOO_LONG', 'BUSY', 'PAUSING_OFF', 'NOT_PAUSED'] as const;
type Reason = (typeof reasons)[number] | 'UNTIL';

/** The refusal an answer gives, in this control's words: a 409's `reason`, or a 400 about the day. */
function reasonOf(error: unknown): Reason | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 400) return 'UNTIL';
  const reason = (error.body as { reason?: unknown } | undefined)?.reason;
  return reasons.find((known) => known === reason);
}

/**
 * DESIGN.md §9 "Pause": the player's own active team pauses until a first day back, or resumes early; the days
 * left of the season's allowance are shown, and each refusal says why in words. `onDone` reloads the page's data.
 */
export function PauseControl({ team, onDone }: { team: MyTeam; onDone(): Promise<void> }) {
  const pause = pauseSchema.safeParse(team);
  const { t } = useTranslation();
  const locale = useLocale();
  const alerts = useAlerts();
  const failureText = useErrorText();
  const titleId = useId();
  const tomorrow = format(addDays(new Date(), 1), 'yyyy-MM-dd');
  const [until, setUntil] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const section = useRef<HTMLElement>(null);
  /** After a pause or a resume: the control that replaced the pressed one takes the focus (DESIGN.md §14). */
  const [focusNext, setFocusNext] = useState<'resume' | 'until' | 'pause'>();
  const pausedNow = pause.data?.pausedUntil;
  useEffect(() => {
    if (!focusNext) return;
    const selector =
      focusNext === 'until' ? 'input[name="until"]' : `button[data-action="${focusNext}"]:not([disabled])`;
    // Else the section's first control (no days left: no form).
    const target =
      section.current?.querySelector<HTMLElement>(selector) ??
      section.current?.querySelector<HTMLElement>('input, button:not([disabled])');
    setFocusNext(undefined);
    target?.focus();
  }, [focusNext, pausedNow, busy]);
  if (pause.data?.pauseDaysLeft === undefined) return null;
  const daysLeft = pause.data?.pauseDaysLeft ?? 0;
  const pausedUntil = pause.data?.pausedUntil;

  /** Runs a pause or a resume; then the focus goes to `next`, or back to the pressed control when it failed. */
  const run = async (
    action: () => Promise<void>,
    done: string,
    next: 'resume' | 'until',
    again: 'resume' | 'pause',
  ) => {
    setBusy(true);
    setError(undefined);
    let focus: typeof focusNext = next;
    try {
      await action();
      alerts.info(done);
      setUntil('');
    } catch (failure) {
      focus = again;
      const reason = reasonOf(failure);
      setError(reason ? t(`pause.errors.${reason}`) : failureText(failure));
    } finally {
      setBusy(false);
      await onDone();
      setFocusNext(focus);
    }
  };

  const onPause = (event: FormEvent) => {
    event.preventDefault();
    if (!until) {
      setError(t('pause.errors.UNTIL'));
      return;
    }
    void run(
      () => pauseTeam(team.seasonId, team.teamId, until),
      t('pause.pausedDone', { day: formatDay(until, locale) }),
      'resume',
      'pause',
    );
  };

  const errorLine = error && (
    <p role="alert" className="text-sm text-red-700" data-testid="pause-error">
      {error}
    </p>
  );

  return (
    <section
      ref={section}
      aria-labelledby={titleId}
      className="mt-5 space-y-3 rounded-xl bg-white p-4 shadow-xs ring-1 ring-ink-200"
      data-testid="pause-control"
    >
      <h2 id={titleId} className="text-base font-semibold text-ink-900">
        {t('pause.title')}
      </h2>
      {pausedUntil ? (
        <>
          <p className="text-sm text-ink-700" data-testid="pause-state">
            {t('pause.paused', { day: formatDay(pausedUntil, locale) })}{' '}
            {t('pause.daysLeft', { count: daysLeft })}
          </p>
          {errorLine}
          <button
            type="button"
            className={`${secondaryButtonClass} px-3 py-1.5 text-sm`}
            data-action="resume"
            disabled={busy}
            onClick={() =>
              void run(() => resumeTeam(team.seasonId, team.teamId), t('pause.resumed'), 'until', 'resume')
            }
          >
            {busy ? t('pause.resuming') : t('pause.resume')}
          </button>
        </>
      ) : daysLeft > 0 ? (
        <form className="space-y-3" onSubmit={onPause} noValidate>
          <p className="text-sm text-ink-600">{t('pause.intro')}</p>
          <div className="max-w-xs">
            <TextField
              label={t('pause.until')}
              type="date"
              name="until"
              min={tomorrow}
              value={until}
              onChange={(event) => setUntil(event.target.value)}
              hint={t('pause.daysLeft', { count: daysLeft })}
              error={error}
            />
          </div>
          <button
            type="submit"
            className={`${primaryButtonClass} px-3 py-1.5 text-sm`}
            data-action="pause"
            disabled={busy}
          >
            {busy ? t('pause.pausing') : t('pause.pause')}
          </button>
        </form>
      ) : (
        <>
          <p className="text-sm text-ink-600">{t('pause.noDaysLeft')}</p>
          {errorLine}
        </>
      )}
    </section>
  );
}
