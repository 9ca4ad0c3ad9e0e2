import type { ReactNode } from 'react';
import { Spinner } from '../feedback/Spinner';
import { primaryButtonClass } from './styles';

interface SubmitButtonProps {
  busy: boolean;
  /** The text while busy ("Signing in…"). */
  busyLabel: string;
  children: ReactNode;
  className?: string;
}

/** The form's submit button: disabled with a spinner while the form is being sent. */
export function SubmitButton({ busy, busyLabel, children, className = '' }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={`${primaryButtonClass} ${className}`}>
      {busy && <Spinner className="size-4 text-white" />}
      {busy ? busyLabel : children}
    </button>
  );
}
