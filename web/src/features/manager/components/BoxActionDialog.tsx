import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';

interface BoxActionDialogProps {
  open: boolean;
  title: string;
  /** What the action does, said before it is done. */
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** true when confirmed; false on Cancel, Escape or a click outside. */
  onClose(confirmed: boolean): void;
}

/**
 * The question before a box season's close, or a new draw that replaces its boxes (DESIGN.md §12, §14): what the
 * action does, then Cancel (focused first: the safe choice) or the action. Headless UI's Dialog keeps the focus
 * inside and gives it back to the button that opened it; after a confirmed action BoxesManager moves it to the
 * outcome it says.
 */
export function BoxActionDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onClose,
}: BoxActionDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      className="relative z-50"
      data-testid="box-action-dialog"
    >
      {/* No enter transition: see ConfirmDialog (a quick Cancel left a transitioning dialog on screen). */}
      <DialogBackdrop className="fixed inset-0 bg-ink-950/40" />
      <div className="fixed inset-0 flex w-screen items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl ring-1 ring-black/5">
          <DialogTitle className="text-base font-semibold text-ink-900">{title}</DialogTitle>
          <Description className="mt-2 text-sm text-ink-700">{description}</Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButtonClass} onClick={() => onClose(false)} autoFocus>
              {cancelLabel}
            </button>
            <button type="button" className={primaryButtonClass} onClick={() => onClose(true)}>
              {confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
