import { lazy, Suspense, useState, type ComponentProps } from 'react';

// Headless UI's dialog is most of a page's weight: it loads with the first question, not with the page.
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../components/dialogs/ConfirmDialog')).ConfirmDialog,
}));

/** The app's ConfirmDialog, loaded the first time it opens and mounted from then on (its close plays out). */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  const [opened, setOpened] = useState(false);
  if (props.open && !opened) setOpened(true);
  if (!opened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
