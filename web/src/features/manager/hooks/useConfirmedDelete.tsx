import { useState } from 'react';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog';
import { useAlerts } from '../../../hooks/useAlerts';
import { useErrorText } from '../../../hooks/useAction';

/**
 * Delete of the ladder and season details forms: asked in the typed-confirmation dialog, then `remove`, an alert with
 * `deletedText` (or the failure) and `onDeleted`. `dialog` goes outside the form: the dialog's own form would submit
 * the details form too (React events bubble out of a portal).
 */
export function useConfirmedDelete({
  remove,
  deletedText,
  onDeleted,
}: {
  /** Undefined for a record not created yet. */
  remove: (() => Promise<void>) | undefined;
  deletedText: string;
  onDeleted: () => Promise<void>;
}) {
  const failureText = useErrorText();
  const alerts = useAlerts();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const closed = async (text: string | undefined) => {
    setConfirmOpen(false);
    if (!text || !remove) return;
    setDeleting(true);
    try {
      await remove();
      alerts.info(deletedText);
      await onDeleted();
    } catch (error) {
      alerts.error(failureText(error));
    } finally {
      setDeleting(false);
    }
  };

  return {
    deleting,
    ask: () => setConfirmOpen(true),
    dialog: <DeleteDialog open={confirmOpen} onClose={(text) => void closed(text)} />,
  };
}
