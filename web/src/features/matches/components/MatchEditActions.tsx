import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';

// The cancel dialog (Headless UI Dialog) loads the first time it opens, not with every card.
const CancelMatchDialog = lazy(async () => ({
  default: (await import('./CancelMatchDialog')).CancelMatchDialog,
}));

interface MatchEditActionsProps {
  editing: boolean;
  busy: boolean;
  /** Cancel match is offered (while editing). */
  mayCancel: boolean;
  onEdit: () => void;
  onDiscard: () => void;
  onSave: () => void;
  /** Cancels the match; `answered` closes the dialog once the api has. */
  onCancelMatch: (answered: () => void) => void;
}

/** Edit, or while editing: Cancel match (with its confirmation dialog), Discard and Save. */
export function MatchEditActions({ editing, busy, mayCancel, ...actions }: MatchEditActionsProps) {
  const { t } = useTranslation();
  const edit = useRef<HTMLButtonElement>(null);
  // Save or Discard was pressed on this card: the Edit that replaces them takes the focus (DESIGN.md §14), as long
  // as the focus is still in this card (or lost). Kept by this card alone: a card that moved to another list is a
  // new card, whose place the focus rescue finds (a request that outlived its card stole the focus from later
  // actions on other cards).
  const focusEditWhenShown = useRef(false);
  useEffect(() => {
    if (editing || !focusEditWhenShown.current) return;
    focusEditWhenShown.current = false;
    const button = edit.current;
    const active = button?.ownerDocument.activeElement;
    if (
      button &&
      (!active || active === button.ownerDocument.body || button.closest('article')?.contains(active))
    )
      button.focus();
  }, [editing]);
  const leaveEditing = (action: () => void) => () => {
    focusEditWhenShown.current = true;
    action();
  };
  if (!editing) {
    return (
      <button ref={edit} type="button" onClick={actions.onEdit} className={`${secondaryButtonClass} py-1.5`}>
        <PencilIcon />
        {t('matchCard.edit')}
      </button>
    );
  }
  return (
    <>
      {mayCancel && <CancelMatchControl busy={busy} onCancelMatch={actions.onCancelMatch} />}
      <button
        type="button"
        onClick={leaveEditing(actions.onDiscard)}
        disabled={busy}
        className={secondaryButtonClass}
      >
        {t('matchCard.discard')}
      </button>
      <button
        type="button"
        onClick={leaveEditing(actions.onSave)}
        disabled={busy}
        className={primaryButtonClass}
      >
        {t('matchCard.save')}
      </button>
    </>
  );
}

function CancelMatchControl({ busy, onCancelMatch }: Pick<MatchEditActionsProps, 'busy' | 'onCancelMatch'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays the dialog's leave transition.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        disabled={busy}
        className="rounded-lg px-2 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50"
      >
        {t('matchCard.cancelMatch')}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <CancelMatchDialog
            open={open}
            busy={busy}
            onClose={() => setOpen(false)}
            onConfirm={() => onCancelMatch(() => setOpen(false))}
          />
        </Suspense>
      )}
    </>
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
