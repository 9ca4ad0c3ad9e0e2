import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { matchesPagePath } from '@courtside/events/page-paths';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import { pagePath } from '../../../lib/locale';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { ChevronDownIcon, MailIcon } from '../../../components/icons/icons';
import type { Match } from '../api/matches';
import { mayCancelMatch } from '../model';

// The date editor loads when a match is first edited: the public pages never show it.
const MatchDateEditor = lazy(async () => ({ default: (await import('./MatchDateEditor')).MatchDateEditor }));

// Edit and its actions load for a viewer who may edit (a player of the match, a manager): a visitor never sees them
// (room in the matches page's size budget for a match's location).
const MatchEditActions = lazy(async () => ({
  default: (await import('./MatchEditActions')).MatchEditActions,
}));

// Contacts (and libphonenumber) load when a player opens them, not with the page.
const MatchContacts = lazy(async () => ({ default: (await import('./MatchContacts')).MatchContacts }));

interface MatchCardFooterProps {
  match: Match;
  /** Being edited: the date editor and Save / Discard / Cancel match instead of the date. */
  editing: boolean;
  draftDate: string | null;
  /** DESIGN.md §9: the location being edited. */
  draftLocation: string | undefined;
  clampedTo: string | null;
  dateMovedToNow: boolean;
  busy: boolean;
  canEdit: boolean;
  canContact: boolean;
  canScore: boolean;
  showEvent: boolean;
  widget: boolean;
  liveLink: boolean;
  manager: boolean;
  dateView: ReactNode;
  onDateChange: (value: string) => void;
  onLocationChange: (value: string) => void;
  onEdit: () => void;
  onDiscard: () => void;
  onSave: () => void;
  /** Cancels the match; `answered` closes the dialog once the api has. */
  onCancelMatch: (answered: () => void) => void;
}

/**
 * The bottom of a match card: the date (or its editor while editing), Follow live, Score live, Contact (its panel
 * below), Edit, or Save / Discard / Cancel match with its confirmation dialog.
 */
export function MatchCardFooter(props: MatchCardFooterProps) {
  const { match, editing, canEdit, canContact, canScore, showEvent, widget, liveLink } = props;
  const [contactOpen, setContactOpen] = useState(false);
  const contactPanelId = useId();
  const followLive = liveLink && !widget && Boolean(match.live) && !editing;
  if (!(showEvent || canEdit || canContact || canScore)) return null;
  return (
    <>
      <footer
        className={`flex flex-wrap items-center gap-2 border-t border-ink-100 ${widget ? 'px-3 py-1.5' : 'px-4 py-2.5'}`}
      >
        {editing ? (
          <Suspense fallback={null}>
            <MatchDateEditor {...props} />
          </Suspense>
        ) : showEvent ? (
          props.dateView
        ) : null}
        {(canEdit || canContact || canScore || followLive) && (
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <LiveLinks match={match} followLive={followLive} canScore={canScore} />
            {canContact && (
              <ContactButton
                open={contactOpen}
                panelId={contactPanelId}
                onToggle={() => setContactOpen((open) => !open)}
              />
            )}
            {canEdit && (
              <Suspense fallback={<EditButtonPlace />}>
                <MatchEditActions {...props} mayCancel={mayCancelMatch(match, props.manager)} />
              </Suspense>
            )}
          </div>
        )}
      </footer>
      {canContact && contactOpen && <ContactPanel id={contactPanelId} matchId={match.id} />}
    </>
  );
}

/**
 * Where Edit will be while its code loads: the card keeps its size when Edit arrives (on a slow phone the card grew
 * a line after it was shown, and a tap aimed at it landed where it had been). Not seen and not read out.
 */
function EditButtonPlace() {
  const { t } = useTranslation();
  return (
    <span aria-hidden="true" className={`${secondaryButtonClass} invisible py-1.5`}>
      <span className="size-3.5" />
      {t('matchCard.edit')}
    </span>
  );
}

/** Follow live (to the match's live page) and Score live (to the scorer). */
function LiveLinks({
  match,
  followLive,
  canScore,
}: {
  match: Match;
  followLive: boolean;
  canScore: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      {followLive && (
        <Link
          to={matchesPagePath(locale, { match: match.id })}
          className={`${secondaryButtonClass} py-1.5`}
          data-testid="follow-live"
        >
          {t('matchCard.followLive')}
        </Link>
      )}
      {canScore && (
        <Link to={pagePath('matches', locale, 'score', match.id)} className={`${primaryButtonClass} py-1.5`}>
          {t('matchCard.scoreLive')}
        </Link>
      )}
    </>
  );
}

function ContactButton({
  open,
  panelId,
  onToggle,
}: {
  open: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      className={`${secondaryButtonClass} group py-1.5`}
    >
      <MailIcon className="size-3.5" />
      {t('matchCard.contact.button')}
      <ChevronDownIcon className="size-3.5 transition-transform group-aria-expanded:rotate-180" />
    </button>
  );
}

function ContactPanel({ id, matchId }: { id: string; matchId: string }) {
  const { t } = useTranslation();
  return (
    <section
      id={id}
      className="rounded-b-xl border-t border-ink-100 bg-ink-50/60 px-4 py-3"
      aria-label={t('matchCard.contact.title')}
    >
      <Suspense fallback={null}>
        <MatchContacts matchId={matchId} />
      </Suspense>
    </section>
  );
}
