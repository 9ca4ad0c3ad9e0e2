/** English texts of the bell, its panel and the mail preferences (spread into en.ts). */
const notificationsEn = {
  notifications: {
    title: 'Notifications',
    bell: 'Notifications',
    bellUnread_one: 'Notifications: {{count}} unread',
    bellUnread_other: 'Notifications: {{count}} unread',
    markAllRead: 'Mark all read',
    empty: 'Nothing new. Challenges, results to confirm and team news show up here.',
    failed: 'Notifications could not be loaded.',
    preferencesLink: 'Notification preferences',
    kinds: {
      'team.waiting': 'Waiting teams: one daily mail at 18:00 (managers)',
      'team.accepted': 'My team was accepted',
      'team.rejected': 'My team was rejected',
      'challenge.received': 'I am challenged',
      'challenge.accepted': 'My challenge was accepted',
      'challenge.declined': 'My challenge was declined',
      'challenge.expired': 'A challenge expired',
      'challenge.reminder': 'A challenge needs my answer within a day',
      'result.toConfirm': 'A result waits for my confirmation',
      'result.confirmed': 'A result was confirmed',
      'result.disputed': 'A result was disputed (managers)',
      'match.scheduled': 'A match was scheduled or moved',
      'match.cancelled': 'A match was cancelled',
      'tournament.drawn': 'My tournament is drawn',
      'tournament.round': 'A next round is made',
      'tournament.result': 'My next match is known',
    },
    preferences: {
      title: 'Notification preferences',
      intro:
        'Choose the language of your mails, and what reaches you by mail and on your phone. The bell shows everything either way.',
      language: 'Language of mails',
      mails: 'Mail me when',
      mailsHint: 'Every mail also has a link to turn its kind off.',
      kindColumn: 'When',
      mailColumn: 'Mail',
      pushColumn: 'Phone',
      pushHint: 'The phone column counts on each phone where “On this phone” is on.',
      phone: 'On this phone',
      phoneHint:
        'Show notifications on this phone’s lock screen. Your browser asks for permission when you turn this on.',
      phoneOn: 'Notifications show on this phone’s lock screen.',
      phoneUnsupported:
        'This browser cannot show notifications. On an iPhone, add Courtside to your home screen and open it from there.',
      phoneDenied: 'Notifications are blocked for Courtside. Allow them in your browser’s settings first.',
      phoneFailed: 'Notifications could not be turned on or off here. Try again later.',
      save: 'Save preferences',
      saving: 'Saving…',
      saved: 'Your preferences are saved.',
      failed: 'Your preferences could not be loaded. Reload the page to try again.',
    },
  },
};

export default notificationsEn;
