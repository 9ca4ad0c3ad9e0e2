import { useCallback } from 'react';
import { useErrorText } from '../../../hooks/useAction';
import { useTranslation } from '../../../hooks/useTranslation';
import type { TFunction } from '../../../lib/i18n';
import { isApiError } from '../../../lib/http';
import {
  refusalOf,
  type TournamentFormat,
  type TournamentRefusal,
  type TournamentStatus,
} from '../api/tournaments';

export function formatLabel(t: TFunction, format: TournamentFormat): string {
  const labels: Record<TournamentFormat, string> = {
    KNOCKOUT: t('tournaments.formats.KNOCKOUT'),
    AMERICANO: t('tournaments.formats.AMERICANO'),
    MEXICANO: t('tournaments.formats.MEXICANO'),
  };
  return labels[format];
}

export function statusLabel(t: TFunction, status: TournamentStatus): string {
  const labels: Record<TournamentStatus, string> = {
    entry: t('tournaments.statuses.entry'),
    running: t('tournaments.statuses.running'),
    finished: t('tournaments.statuses.finished'),
  };
  return labels[status];
}

export function sportLabel(t: TFunction, sport: 'TENNISSINGLE' | 'TENNISDOUBLE' | 'PADEL'): string {
  const labels = {
    TENNISSINGLE: t('tournaments.sports.TENNISSINGLE'),
    TENNISDOUBLE: t('tournaments.sports.TENNISDOUBLE'),
    PADEL: t('tournaments.sports.PADEL'),
  };
  return labels[sport];
}

function refusalText(t: TFunction, reason: TournamentRefusal): string {
  const texts: Record<TournamentRefusal, string> = {
    FULL: t('tournaments.refusals.FULL'),
    ENTERED: t('tournaments.refusals.ENTERED'),
    CLOSED: t('tournaments.refusals.CLOSED'),
    ROUND_CLOSED: t('tournaments.refusals.ROUND_CLOSED'),
    ROUND_OPEN: t('tournaments.refusals.ROUND_OPEN'),
    TOO_FEW: t('tournaments.refusals.TOO_FEW'),
    HAS_RESULTS: t('tournaments.refusals.HAS_RESULTS'),
    NOT_DRAWN: t('tournaments.refusals.NOT_DRAWN'),
  };
  return texts[reason];
}

/** A failed tournament call in the page's language: a `409`'s reason in words, else the API's own text. */
export function useTournamentErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const failureText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const reason = isApiError(error) && error.status === 409 ? refusalOf(error.body) : undefined;
      return reason ? refusalText(t, reason) : failureText(error);
    },
    [t, failureText],
  );
}

/** After an action its button may be gone: the focus goes to what is there now in `area`, else the page's start. */
export function focusWithin(area: HTMLElement | null): void {
  requestAnimationFrame(() =>
    (area?.querySelector<HTMLElement>('button, a') ?? document.getElementById('main'))?.focus(),
  );
}
