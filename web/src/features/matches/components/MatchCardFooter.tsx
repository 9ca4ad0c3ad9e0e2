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
import { formatMatchDate } from './MatchDate';

// The cancel dialog (Headless UI Dialog) loads the first time it opens, not with every card.
const CancelMatchDialog = lazy(async () => ({
  default: (await import('./CancelMatchDialog')).CancelMatchDialog,
}));

// Contacts (and libphonenumber) load when a player opens them, not with the page.
const MatchContacts = lazy(async () => ({ default: (await import('./MatchContacts')).MatchContacts }));

export interface MatchCardFooterProps {
  match: Match;
  /** Being edited: the date editor and Save / Discard / Cancel match instead of the date. */
  editing: boolean;
  draftDate: string | null;
  clampedTo: string | null;
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
  const { match, editing, busy, canEdit, canContact, canScore, showEvent, widget, liveLink, dateView } =
    props;
  const { t } = useTranslation();
  const locale = useLocale();
  const [cancelOpen, setCancelOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays the dialog's leave transition.
  const [cancelOpened, setCancelOpened] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const contactPanelId = useId();
  const followLive = liveLink && !widget && match.live;

  return (
    <>
      <>
        {(showEvent || canEdit || canContact || canScore) && (
          <footer
            className={`flex flex-wrap items-center gap-2 border-t border-ink-100 ${widget ? 'px-3 py-1.5' : 'px-4 py-2.5'}`}
          >
            {editing ? <DateEditor {...props} /> : showEvent ? dateView : null}

            {(canEdit || canContact || canScore || followLive) && (
              <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
                {followLive && !editing && (
                  <Link
                    to={matchesPagePath(locale, { match: match.id })}
                    className={`${secondaryButtonClass} py-1.5`}
                    data-testid="follow-live"
                  >
                    {t('matchCard.followLive')}
                  </Link>
                )}
                {canScore && (
                  <Link
                    to={pagePath('matches', locale, 'score', match.id)}
                    className={`${primaryButtonClass} py-1.5`}
                  >
                    {t('matchCard.scoreLive')}
                  </Link>
                )}
                {canContact && (
                  <button
                    type="button"
                    aria-expanded={contactOpen}
                    aria-controls={contactPanelId}
                    onClick={() => setContactOpen((open) => !open)}
                    className={`${secondaryButtonClass} group py-1.5`}
                  >
                    <MailIcon className="size-3.5" />
                    {t('matchCard.contact.button')}
                    <ChevronDownIcon className="size-3.5 transition-transform group-aria-expanded:rotate-180" />
                  </button>
                )}
                {!canEdit ? null : editing ? (
                  <>
                    {mayCancelMatch(match, props.manager) && (
                      <button
                        type="button"
                        onClick={() => {
                          setCancelOpened(true);
                          setCancelOpen(true);
                        }}
                        disabled={busy}
                        className="rounded-lg px-2 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50"
                      >
                        {t('matchCard.cancelMatch')}
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={props.onDiscard}
                      disabled={busy}
                      className={secondaryButtonClass}
                    >
                      {t('matchCard.discard')}
                    </button>
                    <button
                      type="button"
                      onClick={props.onSave}
                      disabled={busy}
                      className={primaryButtonClass}
                    >
                      {t('matchCard.save')}
                    </button>
                  </>
                ) : (
                  <button type="button" onClick={props.onEdit} className={`${secondaryButtonClass} py-1.5`}>
                    <PencilIcon />
                    {t('matchCard.edit')}
                  </button>
                )}
              </div>
            )}
          </footer>
        )}
        {canContact && contactOpen && (
          <section
            id={contactPanelId}
            className="rounded-b-xl border-t border-ink-100 bg-ink-50/60 px-4 py-3"
            aria-label={t('matchCard.contact.title')}
          >
            <Suspense fallback={null}>
              <MatchContacts matchId={match.id} />
            </Suspense>
          </section>
        )}
      </>

      {canEdit && cancelOpened && (
        <Suspense fallback={null}>
          <CancelMatchDialog
            open={cancelOpen}
            busy={busy}
            onClose={() => setCancelOpen(false)}
            onConfirm={() => props.onCancelMatch(() => setCancelOpen(false))}
          />
        </Suspense>
      )}
    </>
  );
}

/** The date and time of a match being edited; a date past the season's end is clamped, and says so. */
function DateEditor({ match, draftDate, clampedTo, onDateChange }: MatchCardFooterProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fieldId = useId();
  return (
    <div className="flex w-full flex-col gap-1 sm:w-auto">
      <label htmlFor={fieldId} className="text-xs font-medium text-ink-700">
        {t('matchCard.dateLabel')}
      </label>
      <input
        id={fieldId}
        type="datetime-local"
        value={draftDate ?? ''}
        max={match.latestDate ? `${match.latestDate}T23:59` : undefined}
        onChange={(event) => onDateChange(event.currentTarget.value)}
        className="rounded-md border-0 bg-white px-2 py-1.5 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600"
      />
      {clampedTo && (
        <p className="text-xs text-amber-700" role="status">
          {t('matchCard.clamped', {
            date: formatMatchDate(`${clampedTo}T00:00`, locale)?.date ?? clampedTo,
          })}
        </p>
      )}
    </div>
  );
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true">
      <path
        d="M11.5 2.5l2 2L6 12l-2.75.75L4 10l7.5-7.5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
