import { useEffect, useId, useState } from 'react';
import * as z from 'zod/mini';
import { LADDER_API } from '@courtside/events/api-paths';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { isApiError, request } from '../../../lib/http';
import { liveRooms } from '../../../lib/live';
import { BoxesSection } from '../../../components/boxes/BoxesSection';
import { getBoxes } from '../../../lib/boxes-api';

// Only what the widget needs of a ladder's standings: whether its current season plays in boxes.
const currentSeasonSchema = z.object({
  season: z.nullable(z.object({ uuid: z.string(), format: z.optional(z.string()) })),
});

/**
 * The box season the widget's `?event=` names: the season itself when its boxes answer (a ladder season answers an
 * empty list, and shows nothing), or a ladder's current season when it plays in boxes.
 */
async function boxSeasonOf(eventId: string, signal: AbortSignal): Promise<string | null> {
  try {
    await getBoxes(eventId, signal);
    return eventId;
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
  }
  const { season } = await request('GET', `${LADDER_API}/ladders/${encodeURIComponent(eventId)}/standings`, {
    schema: currentSeasonSchema,
    signal,
  });
  return season?.format === 'BOX' ? season.uuid : null;
}

/**
 * The widget's boxes (DESIGN.md §12): for a box season each box with its table (BoxesSection, as on the
 * standings page, without the matches the widget lists below), following the season's room. A lazy chunk of the
 * widget with the box texts, so the widget's own JavaScript stays in its budget; nothing for a ladder season.
 */
export function WidgetBoxes({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setSeasonId(null);
    boxSeasonOf(eventId, controller.signal)
      .then(setSeasonId)
      .catch(() => undefined);
    return () => controller.abort();
  }, [eventId]);
  useLiveRoom(seasonId ? liveRooms.season(seasonId) : null, {
    'season.updated': (push) => {
      if (push.seasonId === seasonId) setVersion((current) => current + 1);
    },
    onResync: () => setVersion((current) => current + 1),
  });

  if (!seasonId) return null;
  return (
    <section aria-labelledby={headingId} className="min-w-0" data-testid="widget-boxes">
      <h2
        id={headingId}
        className="mb-1.5 px-0.5 text-[11px] font-semibold tracking-wider text-ink-600 uppercase"
      >
        {t('boxes.widgetTitle')}
      </h2>
      <BoxesSection seasonId={seasonId} version={version} inWidget />
    </section>
  );
}
