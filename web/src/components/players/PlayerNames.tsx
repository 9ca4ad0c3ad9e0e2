import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { useLocale } from '../../hooks/useLocale';
import { pagePath } from '../../lib/locale';
import { shownName } from '../../lib/team-name';

/** A name that links to its player's page: underlined, so that it reads as a link in a table too. */
export const playerLinkClass =
  'rounded-sm underline decoration-ink-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-700';

/** DESIGN.md §19 "Player pages": a player's name, a link to `/player/{locale}/{playerId}`. */
export function PlayerLink({ playerId, name }: { playerId: string; name: string }) {
  const locale = useLocale();
  return (
    <Link to={pagePath('player', locale, playerId)} className={playerLinkClass}>
      {shownName(name)}
    </Link>
  );
}

/**
 * A side's players by name, joined with ", ", each a link to their page (a name without an id stays text). `plain`:
 * text only, for the embeddable widget, whose names link nowhere (spec §2 "Display flags").
 */
export function PlayerNames({
  members,
  plain = false,
}: {
  members: ReadonlyArray<{ playerId?: string; fullName: string }>;
  plain?: boolean;
}) {
  return (
    <>
      {members.map((member, index) => (
        <Fragment key={member.playerId ?? index}>
          {index > 0 && ', '}
          {member.playerId && !plain ? (
            <PlayerLink playerId={member.playerId} name={member.fullName} />
          ) : (
            shownName(member.fullName)
          )}
        </Fragment>
      ))}
    </>
  );
}
