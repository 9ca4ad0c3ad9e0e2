import { useEffect, useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { FormAlert } from '../forms/FormAlert';
import { i18n } from '../../lib/i18n';
import { PlayerNames } from '../players/PlayerNames';
import { addBoxesTexts } from '../../locales/boxes-texts';
import { getBoxes, type Box, type BoxMovement } from '../../lib/boxes-api';
import { ArrowDownIcon, ArrowUpIcon } from '../icons/icons';

addBoxesTexts(i18n);

interface BoxesSectionProps {
  seasonId: string;
  /** Changes when the season room says something changed: the boxes are read again. */
  version: number;
  /** In the widget: each box's table under a heading one level down, without its matches; nothing before a draw. */
  inWidget?: boolean;
  /** The level of each box's heading: 2 on the standings page, 3 under a season's heading (and in the widget). */
  headingLevel?: 2 | 3;
}

const difference = (ours: number, theirs: number) => `${ours}–${theirs}`;

/**
 * A box season's standings (DESIGN.md §12): each box's table (by points, set and game difference, the match between
 * them) and its matches. Loaded lazily by the standings page, only for a box season; read again on every live change.
 */
export function BoxesSection({ seasonId, version, inWidget = false, headingLevel }: BoxesSectionProps) {
  const { t } = useTranslation();
  const [boxes, setBoxes] = useState<Box[]>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getBoxes(seasonId, controller.signal)
      .then((loaded) => {
        setBoxes(loaded);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [seasonId, version]);

  if (failed && !boxes) return <FormAlert>{t('boxes.loadFailed')}</FormAlert>;
  if (!boxes || (inWidget && boxes.length === 0)) return null;
  if (boxes.length === 0) {
    return (
      <section className="rounded-2xl bg-white px-5 py-8 text-center text-sm text-ink-500 shadow-xs ring-1 ring-ink-200">
        {t('boxes.none')}
      </section>
    );
  }
  const closed = boxes.some((box) => box.closedInto !== null);
  return (
    <div className={inWidget ? 'space-y-3' : 'space-y-6'} data-testid="boxes">
      {closed && !inWidget && (
        <p className="rounded-xl bg-ink-50 px-4 py-3 text-sm text-ink-700 ring-1 ring-ink-200" role="note">
          {t('boxes.closedNote')}
        </p>
      )}
      {boxes.map((box) => (
        <BoxCard key={box.boxId} box={box} inWidget={inWidget} level={headingLevel ?? (inWidget ? 3 : 2)} />
      ))}
    </div>
  );
}

function BoxCard({ box, inWidget, level }: { box: Box; inWidget: boolean; level: 2 | 3 }) {
  const { t } = useTranslation();
  const members = new Map(box.rows.map((row) => [row.teamId, row.members]));
  const names = (teamId: string) => <PlayerNames members={members.get(teamId) ?? []} plain={inWidget} />;
  const headingId = `box-${box.boxId}`;
  const cell = 'px-2 py-2.5 text-right tabular-nums sm:px-3';
  const Title = level === 3 ? 'h3' : 'h2';
  const Subtitle = level === 3 ? 'h4' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-ink-200"
      data-testid="box"
      data-box-number={box.number}
    >
      <Title id={headingId} className="px-4 pt-4 pb-2 text-base font-semibold text-ink-900 sm:px-5">
        {t('boxes.title', { number: box.number })}
      </Title>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('boxes.caption', { number: box.number })}</caption>
        <thead className="border-y border-ink-200 bg-ink-50 text-xs font-semibold tracking-wide text-ink-600 uppercase">
          <tr>
            <th scope="col" className="w-10 py-2 pl-4 sm:pl-5">
              {t('boxes.position')}
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3">
              {t('boxes.team')}
            </th>
            <th scope="col" className="px-2 py-2 text-right sm:px-3">
              <abbr title={t('boxes.played')} className="no-underline">
                {t('boxes.playedShort')}
              </abbr>
            </th>
            <th scope="col" className="px-2 py-2 text-right sm:px-3">
              <abbr title={t('boxes.won')} className="no-underline">
                {t('boxes.wonShort')}
              </abbr>
            </th>
            <th scope="col" className="px-2 py-2 text-right sm:px-3">
              <abbr title={t('boxes.lost')} className="no-underline">
                {t('boxes.lostShort')}
              </abbr>
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
              {t('boxes.sets')}
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
              {t('boxes.games')}
            </th>
            <th scope="col" className="py-2 pr-4 pl-2 text-right sm:pr-5">
              <abbr title={t('boxes.points')} className="no-underline">
                {t('boxes.pointsShort')}
              </abbr>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {box.rows.map((row, index) => (
            <tr
              key={row.teamId}
              className={row.left ? 'bg-ink-50 text-ink-600' : undefined}
              data-testid="box-row"
              data-team-id={row.teamId}
              data-left={row.left || undefined}
            >
              <td className="py-2.5 pl-4 font-semibold text-ink-900 tabular-nums sm:pl-5">
                {row.left ? <span aria-hidden="true">–</span> : index + 1}
              </td>
              <td className="px-2 py-2.5 break-words text-ink-900 sm:px-3">
                {names(row.teamId)}
                {row.movement && !row.left && (
                  <MovementBadge
                    movement={row.movement}
                    text={t(`boxes.movement.${row.movement}`, { box: boxAfter(box.number, row.movement) })}
                    testId="box-movement"
                  />
                )}
                {row.cameFrom?.movement && row.cameFrom.box !== null && (
                  <MovementBadge
                    movement={row.cameFrom.movement}
                    text={t(`boxes.cameFrom.${row.cameFrom.movement}`, { box: row.cameFrom.box })}
                    testId="box-came-from"
                  />
                )}
                {row.left && (
                  <span
                    className="ml-2 inline-flex rounded-full bg-white px-2 py-0.5 text-xs font-medium text-ink-700 ring-1 ring-ink-300 ring-inset"
                    data-testid="box-left"
                  >
                    {t('boxes.left')}
                  </span>
                )}
              </td>
              <td className={cell}>{row.played}</td>
              <td className={cell}>{row.won}</td>
              <td className={cell}>{row.lost}</td>
              <td className={`hidden ${cell} sm:table-cell`}>{difference(row.setsFor, row.setsAgainst)}</td>
              <td className={`hidden ${cell} sm:table-cell`}>{difference(row.gamesFor, row.gamesAgainst)}</td>
              <td
                className="py-2.5 pr-4 pl-2 text-right font-semibold text-ink-900 tabular-nums sm:pr-5"
                data-testid="box-points"
              >
                {row.points}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!inWidget && (
        <>
          <Subtitle className="px-4 pt-4 pb-1 text-sm font-semibold text-ink-800 sm:px-5">
            {t('boxes.matches', { number: box.number })}
          </Subtitle>
          <ul className="divide-y divide-ink-100 px-4 pb-3 text-sm sm:px-5" data-testid="box-matches">
            {box.matches.map((match) => (
              <li
                key={match.matchId}
                className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2"
              >
                <span className="text-ink-900">
                  {names(match.defenderId)} {t('boxes.versus')} {names(match.challengerId)}
                </span>
                <span className="text-ink-700 tabular-nums" data-testid="box-match-result">
                  {match.score && `${match.score} · `}
                  {t(`boxes.status.${match.status}`)}
                  {match.status !== 'planned' && match.status !== 'cancelled' && !match.counts && (
                    <> ({t('boxes.notCounted')})</>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The box a side of box `number` went to at the close. */
const boxAfter = (number: number, movement: BoxMovement) =>
  movement === 'UP' ? number - 1 : movement === 'DOWN' ? number + 1 : number;

const badgeTone: Record<BoxMovement, string> = {
  UP: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  DOWN: 'bg-amber-50 text-amber-900 ring-amber-300',
  STAYS: 'bg-white text-ink-700 ring-ink-300',
};

const iconClass = 'size-3.5 shrink-0';

/** "=": a side that stays in its box. */
function StaysIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={iconClass} aria-hidden="true">
      <path d="M5 8h14v2H5zm0 6h14v2H5z" />
    </svg>
  );
}

/**
 * DESIGN.md §12 close, §14: a side's move between boxes in words beside an arrow (up, down, or "=" for stays), the
 * colour only a help: "Up to box 1" in the closed season, "Up from box 2" in the next.
 */
function MovementBadge({ movement, text, testId }: { movement: BoxMovement; text: string; testId: string }) {
  return (
    <span
      className={`mt-1 flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${badgeTone[movement]}`}
      data-testid={testId}
      data-movement={movement}
    >
      {movement === 'UP' ? (
        <ArrowUpIcon className={iconClass} />
      ) : movement === 'DOWN' ? (
        <ArrowDownIcon className={iconClass} />
      ) : (
        <StaysIcon />
      )}
      {text}
    </span>
  );
}
