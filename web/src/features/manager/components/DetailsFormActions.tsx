import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { Spinner } from '../../../components/feedback/Spinner';
import { DeleteForeverIcon } from '../../../components/icons/icons';

interface DetailsFormActionsProps {
  /** Existing records can be deleted; a new one only saved. */
  deletable: boolean;
  /** Delete is refused while the record is in use (an active season); the hint says why. */
  deleteLocked: boolean;
  deleteLockedHint: string;
  deleting: boolean;
  deleteLabel: string;
  onDelete: () => void;
  canSave: boolean;
  submitting: boolean;
  saveLabel: string;
  savingLabel: string;
}

/** The delete and save row under the ladder and season details forms. */
export function DetailsFormActions(props: DetailsFormActionsProps) {
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
            {props.deleteLabel}
          </button>
          {props.deleteLocked && <p className="text-xs text-ink-500">{props.deleteLockedHint}</p>}
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
        {props.submitting ? props.savingLabel : props.saveLabel}
      </button>
    </div>
  );
}
