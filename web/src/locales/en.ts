/** English texts; the source of the translation keys (nl.ts must have the same shape). */
const en = {
  app: {
    name: 'Courtside',
    tagline: 'Tennis and padel ladders',
    skipToContent: 'Skip to content',
    home: 'Courtside home',
    footer: 'Courtside · tennis and padel ladders',
  },
  language: {
    label: 'Language',
    switchTo: 'Switch to {{language}}',
    en: 'English',
    nl: 'Nederlands',
  },
  live: {
    connected: 'Live',
    connectedHint: 'Live updates are on',
    connecting: 'Connecting',
    connectingHint: 'Connecting to live updates…',
    reconnecting: 'Offline',
    reconnectingHint: 'Live updates are paused; reconnecting…',
  },
  loading: {
    label: 'Loading…',
  },
  alerts: {
    region: 'Notifications',
    dismiss: 'Dismiss',
    info: 'Information',
    warning: 'Warning',
    error: 'Error',
  },
  ladders: {
    title: 'Ladders',
    intro:
      'Find a ladder at your club, see the standings and sign up for a season. The ladders open for registration will be listed here.',
    emptyTitle: 'No ladders yet',
    emptyText: 'As soon as a club opens a ladder, you will find it here.',
  },
  notFound: {
    code: '404',
    title: 'Page not found',
    text: "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
    home: 'Go to the ladders',
  },
  error: {
    title: 'Something went wrong',
    text: 'An unexpected error stopped this page. Please try again.',
    reload: 'Reload the page',
  },
  devMailbox: {
    title: 'Dev mailbox',
    intro: 'Mail sent by the server in development lands here instead of in a real inbox.',
    placeholder: 'The outbox viewer will appear here.',
  },
};

export default en;
export type Translation = typeof en;
