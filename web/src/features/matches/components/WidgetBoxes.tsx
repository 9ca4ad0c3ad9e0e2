import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { liveRooms } from '../../../lib/live';
import { BoxesSection } from '../../../components/boxes/BoxesSection';
import { getLadderSeasons, type LadderSeason } from '../../../lib/boxes-api';

/**
 * The box season (the round) the widget's `?event=` names, read from its ladder's seasons: the season itself, or a
 * ladder's current season; null when that season does not play in boxes.
 */
function roundOf(seasons: readonly LadderSeason[], eventId: string, ladderId: string) {
  const season =
    eventId === ladderId
      ? seasons.find((candidate) => candidate.current)
      : seasons.find((candidate) => candidate.uuid === eventId);
  return season?.format === 'BOX' ? season : null;
}

/** The round the widget shows: its season, and its label for the widget's lists ("Round: Winter"). */
export interface WidgetRound {
  seasonId: string;
  label: string;
}

interface WidgetBoxesProps {
  eventId: string;
  /** The ladder of the event, once the widget's matches named it (the event may be a ladder or a season). */
  ladderId: string | null;
  /** The round found: the widget's lists show its matches only, under its label. */
  onRound(round: WidgetRound | null): void;
}

/**
 * The widget's boxes (DESIGN.md §12) of one round, a box season: each box's table (BoxesSection, as on the standings
 * page, without the matches the widget lists below), under the round's name, following the season's room. The
 * widget's Upcoming and Results then list that round's matches only, labelled with it (onRound), so a ladder closed
 * into a next round never shows one round's tables beside the other's matches. The round is found among the ladder's
 * seasons (the season itself, or the ladder's current one), never by asking a ladder's id for boxes. A lazy chunk of
 * the widget with the box texts, so the widget's own JavaScript stays in its budget; nothing for a ladder season.
 */
export function WidgetBoxes({ eventId, ladderId, onRound }: WidgetBoxesProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [round, setRound] = useState<LadderSeason | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!ladderId) return;
    const controller = new AbortController();
    getLadderSeasons(ladderId, controller.signal)
      .then((seasons) => {
        const found = roundOf(seasons, eventId, ladderId);
        setRound(found);
        onRound(found && { seasonId: found.uuid, label: t('boxes.round', { name: found.name }) });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [eventId, ladderId, onRound, t]);
  const seasonId = round?.uuid ?? null;
  useLiveRoom(seasonId ? liveRooms.season(seasonId) : null, {
    'season.updated': (push) => {
      if (push.seasonId === seasonId) setVersion((current) => current + 1);
    },
    onResync: () => setVersion((current) => current + 1),
  });

  if (!round) return null;
  return (
    <section aria-labelledby={headingId} className="min-w-0" data-testid="widget-boxes">
      <h2
        id={headingId}
        className="mb-1.5 px-0.5 text-[11px] font-semibold tracking-wider text-ink-600 uppercase"
      >
        {t('boxes.widgetTitle')} · {t('boxes.round', { name: round.name })}
      </h2>
      <BoxesSection seasonId={round.uuid} version={version} inWidget />
    </section>
  );
}
