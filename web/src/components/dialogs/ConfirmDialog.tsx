import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from '../forms/styles';

interface ConfirmDialogProps {
  open: boolean;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirming button: red for what removes or ends something (the default), the brand's for a step forward. */
  tone?: 'danger' | 'primary';
  /** true when confirmed; false on cancel, Escape or a click outside. */
  onClose(confirmed: boolean): void;
}

/** A small yes/no question (spec §2: the remove-team confirmation is 250 px wide). */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={() => onClose(false)} className="relative z-50">
      {/* No enter transition: Headless UI 2.2 deadlocks when `open` turns false while one still runs
          (headlessui#3892), so a quick Cancel left the dialog on screen. */}
      <DialogBackdrop className="fixed inset-0 bg-ink-950/40" />
      <div className="fixed inset-0 flex w-screen items-center justify-center p-4">
        <DialogPanel className="w-[250px] max-w-full rounded-2xl bg-white p-5 shadow-xl ring-1 ring-black/5">
          <DialogTitle className="text-sm leading-6 font-medium text-ink-900">{message}</DialogTitle>
          <div className="mt-5 flex justify-end gap-2">
            <button
              type="button"
              className={`${secondaryButtonClass} px-3`}
              onClick={() => onClose(false)}
              autoFocus
            >
              {cancelLabel}
            </button>
            <button
              type="button"
              className={`${tone === 'danger' ? dangerButtonClass : primaryButtonClass} px-3`}
              onClick={() => onClose(true)}
            >
              {confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
