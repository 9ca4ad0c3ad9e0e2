import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SportsCategory } from '@courtside/events/ladders/values';
import { useTranslation } from '../../../hooks/useTranslation';
import { primaryButtonClass } from '../../../components/forms/styles';
import { useLocale } from '../../../hooks/useLocale';
import { loginPath } from '../../../lib/session';
import type { PublicSeason } from '../api/ladders';

// The join dialog (Headless UI Dialog, the team form) loads the first time someone joins, not with the page.
const JoinDialog = lazy(async () => ({ default: (await import('./JoinDialog')).JoinDialog }));

interface JoinButtonProps {
  season: PublicSeason;
  sportsCategory: SportsCategory;
  loggedIn: boolean;
  /** After a registration was sent. */
  onJoined(): void;
}

/**
 * "Join {season}" for a season open for registration: the join dialog (the partner's email for doubles and padel),
 * or the sign-in page for someone signed out, who comes back here afterwards.
 */
export function JoinButton({ season, sportsCategory, loggedIn, onJoined }: JoinButtonProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Mounted from the first join on, so that closing plays the dialog's leave transition.
  const [opened, setOpened] = useState(false);

  const join = () => {
    if (!loggedIn) {
      void navigate(loginPath(locale, `${location.pathname}${location.search}`));
      return;
    }
    setOpened(true);
    setOpen(true);
  };

  return (
    <>
      <button type="button" className={`${primaryButtonClass} px-3 py-2`} onClick={join}>
        {loggedIn ? t('ladders.join', { season: season.name }) : t('ladders.signInToJoin')}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <JoinDialog
            season={open ? season : undefined}
            sportsCategory={sportsCategory}
            onClose={(registered) => {
              setOpen(false);
              if (registered) onJoined();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
