import type { FormEvent, ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Tailwind width of the panel, e.g. `w-[20rem]` (spec §2 "Dialogs" fixes some). */
  widthClass: string;
  testId: string;
  title: string;
  message: string;
  /** Called on submit (Enter or the submit button); the default page reload is prevented. */
  onSubmit: () => void;
  /** The form's fields and buttons. */
  children: ReactNode;
}

/** A small dialog that asks for one thing in a form: a title, a sentence, the fields and the buttons below. */
export function FormDialog({
  open,
  onClose,
  widthClass,
  testId,
  title,
  message,
  onSubmit,
  children,
}: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-ink-950/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className={`${widthClass} max-w-full rounded-2xl bg-white p-5 shadow-xl ring-1 ring-ink-200`}
          data-testid={testId}
        >
          <DialogTitle className="text-base font-semibold text-ink-900">{title}</DialogTitle>
          <p className="mt-2 text-sm leading-6 text-ink-700">{message}</p>
          <form className="mt-4" onSubmit={submit}>
            {children}
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
