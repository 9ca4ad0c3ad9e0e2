/** Tabs of the manager screens: an underlined row that scrolls sideways on small phones. */
export const tabListClass = 'flex gap-1 overflow-x-auto border-b border-ink-200';

export const tabClass =
  'relative -mb-px shrink-0 border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-ink-600 hover:text-ink-900 -outline-offset-2 focus-visible:rounded-t-md data-selected:border-brand-700 data-selected:text-brand-800 sm:px-4';

/** The panel that holds a form or a list. */
export const cardClass = 'rounded-2xl bg-white p-4 shadow-xs ring-1 ring-ink-200 sm:p-6';
