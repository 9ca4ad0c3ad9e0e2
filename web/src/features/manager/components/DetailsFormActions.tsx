import { useTranslation } from '../../../hooks/useTranslation';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { Spinner } from '../../../components/feedback/Spinner';
import { DeleteForeverIcon } from '../../../components/icons/icons';

interface DetailsFormActionsProps {
  /** Existing records can be deleted; a new one only saved. */
  deletable: boolean;
  /** Delete is refused while the record is in use (an active season); the hint says why. */
  deleteLocked: boolean;
  deleting: boolean;
  onDelete: () => void;
  canSave: boolean;
  submitting: boolean;
  /** The form's texts: `{texts}.delete`, `.deleteLocked`, `.save`, `.saving`. */
  texts: 'manager.ladderForm' | 'manager.seasonForm';
}

/** The delete and save row under the ladder and season details forms. */
export function DetailsFormActions(props: DetailsFormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-ink-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
      {props.deletable ? (
        <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
          <button
            type="button"
            className={`${secondaryButtonClass} text-red-700`}
            disabled={props.deleteLocked || props.deleting}
            onClick={props.onDelete}
          >
            <DeleteForeverIcon className="size-5" />
            {t(`${props.texts}.delete`)}
          </button>
          {props.deleteLocked && <p className="text-xs text-ink-500">{t(`${props.texts}.deleteLocked`)}</p>}
        </div>
      ) : (
        <span />
      )}
      <button
        type="submit"
        className={primaryButtonClass}
        disabled={!props.canSave}
        aria-busy={props.submitting}
      >
        {props.submitting && <Spinner className="size-4 text-white" />}
        {t(`${props.texts}.${props.submitting ? 'saving' : 'save'}`)}
      </button>
    </div>
  );
}
