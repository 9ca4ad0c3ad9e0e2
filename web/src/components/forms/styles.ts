/** Shared class lists for form controls and buttons (Tailwind). */

export const inputClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-ink-900 shadow-xs ring-1 ring-ink-300 ring-inset placeholder:text-ink-400 focus:ring-2 focus:ring-brand-600 focus:outline-none aria-invalid:ring-red-500 aria-invalid:focus:ring-red-600 disabled:bg-ink-100 sm:text-sm';

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-ink-800 shadow-xs ring-1 ring-ink-300 ring-inset hover:bg-ink-50 disabled:cursor-not-allowed disabled:opacity-60';

export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-50';

export const linkClass =
  'font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline rounded-sm';
