import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Under the card (e.g. "New to Courtside? Create an account"). */
  footer?: ReactNode;
}

/** A centred card for the sign-in and onboarding steps; full width on phones. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl bg-white px-5 py-6 shadow-sm ring-1 ring-ink-200/80 sm:px-8 sm:py-8">
        <h1 className="text-2xl font-semibold tracking-tight text-ink-900">{title}</h1>
        {intro && <p className="mt-2 text-sm leading-6 text-ink-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <p className="mt-5 text-center text-sm text-ink-600">{footer}</p>}
    </div>
  );
}
