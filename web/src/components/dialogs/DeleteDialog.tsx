import { useId, useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from '../../hooks/useTranslation';
import { dangerButtonClass, inputClass, secondaryButtonClass } from '../forms/styles';
import { DeleteForeverIcon } from '../icons/icons';
import { canConfirmDelete } from './delete-confirmation';

interface DeleteDialogProps {
  open: boolean;
  /** Called with the typed text when Delete is pressed, with undefined on Cancel (or Escape). */
  onClose(result: string | undefined): void;
}

/**
 * Spec §2 "Dialogs" / §4: the delete confirmation. The red Delete button is enabled only when the
 * typed text is exactly "delete"; it closes the dialog and returns the text. Cancel returns nothing.
 */
export function DeleteDialog({ open, onClose }: DeleteDialogProps) {
  return (
    <Dialog open={open} onClose={() => onClose(undefined)} className="relative z-50">
      {/* No enter transition: Headless UI 2.2 deadlocks when `open` turns false while one still runs
          (headlessui#3892), so a quick Cancel left the dialog on screen. */}
      <DialogBackdrop className="fixed inset-0 bg-ink-950/40" />
      <div className="fixed inset-0 flex w-screen items-center justify-center p-4">
        {/* A fresh form for each opening: the field starts empty. */}
        {open && <DeleteForm onClose={onClose} />}
      </div>
    </Dialog>
  );
}

function DeleteForm({ onClose }: Pick<DeleteDialogProps, 'onClose'>) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const enabled = canConfirmDelete(text);
  return (
    <DialogPanel className="w-full max-w-sm rounded-2xl bg-white p-5 shadow-xl ring-1 ring-black/5 sm:p-6">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (enabled) onClose(text);
        }}
      >
        <DialogTitle className="text-lg font-semibold text-ink-900">
          {t('manager.deleteDialog.title')}
        </DialogTitle>
        <p className="mt-2 text-sm text-ink-600">{t('manager.deleteDialog.body')}</p>
        <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-ink-800">
          {t('manager.deleteDialog.label')}
        </label>
        <input
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          className={`${inputClass} mt-1.5`}
        />
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={() => onClose(undefined)}>
            {t('manager.deleteDialog.cancel')}
          </button>
          <button type="submit" className={dangerButtonClass} disabled={!enabled}>
            <DeleteForeverIcon className="size-5" />
            {t('manager.deleteDialog.confirm')}
          </button>
        </div>
      </form>
    </DialogPanel>
  );
}
