import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { secondaryButtonClass } from '../../../components/forms/styles';
import type { ClubNightGame, Tournament } from '../api/tournaments';
import { ResultPicker } from './ResultPicker';

type Round = NonNullable<Tournament['rounds']>[number];

interface ClubNightRoundsProps {
  tournament: Tournament;
  /** The signed-in viewer's account (a player's id is their account's), if any. */
  viewerId: string | undefined;
  /** The viewer manages the tournament's club: they may enter every game's result. */
  manages: boolean;
  onSaved(): void;
}

/** The first round with a game still without its result: where the players enter results tonight. */
function currentRound(rounds: Round[]): number | undefined {
  return rounds.find((round) => round.games.some((game) => game.pointsA === undefined))?.round;
}

/**
 * A club night's rounds (DESIGN.md §16), each a list of its courts ("Court 2: Ann & Bob – Cas & Dee, 14–10") and who
 * sits out. A player of a game in the current round without a result gets the result picker at once; they and a
 * manager open it for any other game.
 */
export function ClubNightRounds({ tournament, viewerId, manages, onSaved }: ClubNightRoundsProps) {
  const { t } = useTranslation();
  const rounds = tournament.rounds ?? [];
  const names = new Map(
    tournament.entries.flatMap((entry) => entry.members.map((m) => [m.playerId, m.name])),
  );
  const nameOf = (playerId: string) => names.get(playerId) ?? '–';
  const current = currentRound(rounds);
  if (rounds.length === 0) return <p className="text-sm text-ink-600">{t('tournaments.noRounds')}</p>;
  return (
    <ol className="space-y-5" aria-label={t('tournaments.rounds')}>
      {rounds.map((round) => (
        <li key={round.round} data-testid={`round-${round.round}`}>
          <h3 className="text-base font-semibold text-ink-900">
            {t('tournaments.round', { round: round.round })}
          </h3>
          <ul className="mt-2 space-y-2">
            {round.games.map((game) => (
              <GameItem
                key={game.gameId}
                tournament={tournament}
                round={round.round}
                game={game}
                nameOf={nameOf}
                canScore={
                  tournament.status === 'running' &&
                  (manages || (viewerId !== undefined && [...game.sideA, ...game.sideB].includes(viewerId)))
                }
                pickerAtOnce={round.round === current && game.pointsA === undefined && !manages}
                onSaved={onSaved}
              />
            ))}
          </ul>
          {round.sittingOut.length > 0 && (
            <p className="mt-2 text-sm text-ink-600">
              {t('tournaments.sittingOut', { names: round.sittingOut.map(nameOf).join(', ') })}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

interface GameItemProps {
  tournament: Tournament;
  round: number;
  game: ClubNightGame;
  nameOf(playerId: string): string;
  canScore: boolean;
  pickerAtOnce: boolean;
  onSaved(): void;
}

function GameItem({ tournament, round, game, nameOf, canScore, pickerAtOnce, onSaved }: GameItemProps) {
  const { t } = useTranslation();
  const pickerId = useId();
  const text = useRef<HTMLSpanElement>(null);
  const [opened, setOpened] = useState<boolean>();
  const open = opened ?? (canScore && pickerAtOnce);
  const sideA = game.sideA.map(nameOf).join(' & ');
  const sideB = game.sideB.map(nameOf).join(' & ');
  const result = game.pointsA === undefined ? '' : `, ${game.pointsA}–${game.pointsB ?? 0}`;
  return (
    <li className="rounded-lg bg-white px-3 py-2 ring-1 ring-ink-200" data-testid="game">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span ref={text} tabIndex={-1} className="text-sm text-ink-900">
          <span className="font-semibold">{t('tournaments.court', { court: game.court })}:</span> {sideA} –{' '}
          {sideB}
          {result}
        </span>
        {canScore && !(open && pickerAtOnce && opened === undefined) && (
          <button
            type="button"
            className={`${secondaryButtonClass} px-3 py-1.5`}
            aria-expanded={open}
            aria-controls={pickerId}
            onClick={() => setOpened(!open)}
          >
            {game.pointsA === undefined ? t('tournaments.enterResult') : t('tournaments.changeResult')}
          </button>
        )}
      </div>
      <div id={pickerId} hidden={!open}>
        {open && (
          <ResultPicker
            tournamentId={tournament.tournamentId}
            gameId={game.gameId}
            pointsPerGame={tournament.pointsPerGame}
            sideA={sideA}
            sideB={sideB}
            pointsA={game.pointsA}
            label={t('tournaments.resultOf', { court: game.court, round })}
            onSaved={() => {
              setOpened(false);
              // The picker is gone: the game's line keeps the focus.
              text.current?.focus();
              onSaved();
            }}
          />
        )}
      </div>
    </li>
  );
}
