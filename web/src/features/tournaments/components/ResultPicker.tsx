import { useId, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { useAlerts } from '../../../hooks/useAlerts';
import { FormAlert } from '../../../components/forms/FormAlert';
import { primaryButtonClass } from '../../../components/forms/styles';
import { isApiError } from '../../../lib/http';
import { scoreGame } from '../api/tournaments';
import { useTournamentErrorText } from '../hooks/useTournamentTexts';

interface ResultPickerProps {
  tournamentId: string;
  gameId: string;
  pointsPerGame: number;
  /** "Ann & Bob", "Cas & Dee". */
  sideA: string;
  sideB: string;
  /** What the picker starts at: the game's result when it has one. */
  pointsA?: number;
  /** Says what it is for (court and round). */
  label: string;
  onSaved(): void;
}

/**
 * A club-night game's result in two taps (DESIGN.md §16): side A's points (one button per number, side B's shown as
 * `pointsPerGame − A`), then Save. The server's refusals are said in words beside it.
 */
export function ResultPicker({
  tournamentId,
  gameId,
  pointsPerGame,
  sideA,
  sideB,
  pointsA: initial,
  label,
  onSaved,
}: ResultPickerProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const errorText = useTournamentErrorText();
  const ids = useId();
  const [pointsA, setPointsA] = useState<number | undefined>(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const choices = Array.from({ length: pointsPerGame + 1 }, (_, points) => points);

  const save = async () => {
    if (pointsA === undefined || saving) return;
    setSaving(true);
    try {
      await scoreGame(tournamentId, gameId, pointsA, pointsPerGame - pointsA);
      setFailure(undefined);
      alerts.info(t('tournaments.saved'));
      onSaved();
    } catch (error) {
      setFailure(
        isApiError(error) && error.status === 400
          ? t('tournaments.sumWrong', { points: pointsPerGame })
          : errorText(error),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="mt-2 rounded-lg bg-ink-50 p-3"
      data-testid="result-picker"
    >
      <h4 id={`${ids}-title`} className="sr-only">
        {label}
      </h4>
      <div role="group" aria-labelledby={`${ids}-legend`}>
        <p id={`${ids}-legend`} className="text-sm font-medium text-ink-800">
          {t('tournaments.pointsOf', { side: sideA })}
        </p>
        <div className="mt-2 grid grid-cols-7 gap-1.5 sm:grid-cols-9">
          {choices.map((points) => (
            <button
              key={points}
              type="button"
              aria-pressed={pointsA === points}
              onClick={() => setPointsA(points)}
              className="min-h-10 rounded-md bg-white text-sm font-semibold text-ink-900 ring-1 ring-ink-300 ring-inset aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:ring-brand-700"
            >
              {points}
            </button>
          ))}
        </div>
      </div>
      <p className="mt-2 text-sm text-ink-700" data-testid="other-side">
        {t('tournaments.otherSide', {
          side: sideB,
          points: pointsA === undefined ? '–' : pointsPerGame - pointsA,
        })}
      </p>
      {failure && (
        <div className="mt-2">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}
      <button
        type="button"
        className={`${primaryButtonClass} mt-3 w-full sm:w-auto`}
        aria-disabled={pointsA === undefined || saving}
        onClick={() => void save()}
      >
        {saving ? t('tournaments.saving') : t('tournaments.save')}
      </button>
    </section>
  );
}
