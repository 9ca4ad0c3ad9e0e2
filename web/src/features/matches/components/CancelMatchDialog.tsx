import { useId, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { inputClass, secondaryButtonClass } from '../../../components/forms/styles';
import { CANCEL_WORD, isCancelConfirmation } from '../model';

interface CancelMatchDialogProps {
  open: boolean;
  /** Closes without cancelling. */
  onClose: () => void;
  /** The user confirmed by typing "Cancel" (any case). */
  onConfirm: () => void;
  busy?: boolean;
}

/**
 * Match cancel dialog (spec §2 "Dialogs", §5, §9): 20rem wide, the message, a text field, and a
 * confirm button that is enabled only when the typed text is "Cancel" (case-insensitive).
 */
export function CancelMatchDialog({ open, onClose, onConfirm, busy = false }: CancelMatchDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const fieldId = useId();
  const close = () => {
    setText('');
    onClose();
  };
  const confirmed = isCancelConfirmation(text);
  return (
    <FormDialog
      open={open}
      onClose={close}
      widthClass="w-[20rem]"
      testId="cancel-match-dialog"
      title={t('matchCard.cancelDialog.title')}
      message={t('matchCard.cancelDialog.message')}
      onSubmit={() => {
        if (confirmed && !busy) {
          setText('');
          onConfirm();
        }
      }}
    >
      <label htmlFor={fieldId} className="block text-sm font-medium text-ink-800">
        {t('matchCard.cancelDialog.label', { word: CANCEL_WORD })}
      </label>
      <input
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        className={`${inputClass} mt-1.5`}
        data-autofocus
      />
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" onClick={close} className={secondaryButtonClass}>
          {t('matchCard.cancelDialog.keep')}
        </button>
        <button
          type="submit"
          disabled={!confirmed || busy}
          className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t('matchCard.cancelDialog.confirm')}
        </button>
      </div>
    </FormDialog>
  );
}
