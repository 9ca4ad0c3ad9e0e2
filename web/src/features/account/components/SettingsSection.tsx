import { useId, type ReactNode } from 'react';

/** One card of the settings page, named by its heading. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white px-5 py-5 shadow-sm ring-1 ring-ink-200/80 sm:px-6"
    >
      <h2 id={id} className="text-base font-semibold text-ink-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
