import { useId, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';

/** The dispute dialog of a result waiting for confirmation: the reason is required (DESIGN.md §5). */
export function DisputeDialog({
  open,
  busy,
  onClose,
  onSend,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSend: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const fieldId = useId();
  const trimmed = reason.trim();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      widthClass="w-[22rem]"
      testId="dispute-dialog"
      title={t('matchCard.confirmation.disputeTitle')}
      message={t('matchCard.confirmation.disputeText')}
      onSubmit={() => {
        if (trimmed && !busy) onSend(trimmed);
      }}
    >
      <label htmlFor={fieldId} className="block text-sm font-medium text-ink-800">
        {t('matchCard.confirmation.reason')}
      </label>
      <textarea
        id={fieldId}
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(event) => setReason(event.currentTarget.value)}
        className={`${inputClass} mt-1.5`}
        data-autofocus
      />
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          {t('matchCard.confirmation.keep')}
        </button>
        <button type="submit" disabled={!trimmed || busy} className={primaryButtonClass}>
          {t('matchCard.confirmation.send')}
        </button>
      </div>
    </FormDialog>
  );
}
