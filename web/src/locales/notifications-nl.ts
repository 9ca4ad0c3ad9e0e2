import type notificationsEn from './notifications-en';

/** Dutch texts of the bell, its panel and the mail preferences (same shape as notifications-en.ts). */
const notificationsNl: typeof notificationsEn = {
  notifications: {
    title: 'Meldingen',
    bell: 'Meldingen',
    bellUnread_one: 'Meldingen: {{count}} ongelezen',
    bellUnread_other: 'Meldingen: {{count}} ongelezen',
    markAllRead: 'Alles gelezen',
    empty: 'Niets nieuws. Uitdagingen, uitslagen om te bevestigen en teamnieuws verschijnen hier.',
    failed: 'De meldingen konden niet worden geladen.',
    preferencesLink: 'Meldingsvoorkeuren',
    kinds: {
      'team.waiting': 'Wachtende teams: één dagelijkse mail om 18:00 (beheerders)',
      'team.accepted': 'Mijn team is geaccepteerd',
      'team.rejected': 'Mijn team is afgewezen',
      'challenge.received': 'Ik word uitgedaagd',
      'challenge.accepted': 'Mijn uitdaging is aangenomen',
      'challenge.declined': 'Mijn uitdaging is geweigerd',
      'challenge.expired': 'Een uitdaging is verlopen',
      'challenge.reminder': 'Een uitdaging wacht binnen een dag op mijn antwoord',
      'result.toConfirm': 'Een uitslag wacht op mijn bevestiging',
      'result.confirmed': 'Een uitslag is bevestigd',
      'result.disputed': 'Een uitslag wordt betwist (beheerders)',
      'match.scheduled': 'Een wedstrijd is gepland of verzet',
      'match.cancelled': 'Een wedstrijd is afgelast',
      'tournament.drawn': 'Mijn toernooi is geloot',
      'tournament.round': 'Een volgende ronde is gemaakt',
      'tournament.result': 'Mijn volgende wedstrijd is bekend',
    },
    preferences: {
      title: 'Meldingsvoorkeuren',
      intro:
        'Kies de taal van je mails, en wat je per mail en op je telefoon krijgt. De bel toont hoe dan ook alles.',
      language: 'Taal van de mails',
      mails: 'Mail me als',
      mailsHint: 'Elke mail heeft ook een link om dat soort mail uit te zetten.',
      kindColumn: 'Wanneer',
      mailColumn: 'Mail',
      pushColumn: 'Telefoon',
      pushHint: 'De kolom Telefoon geldt voor elke telefoon waarop “Op deze telefoon” aan staat.',
      phone: 'Op deze telefoon',
      phoneHint:
        'Toon meldingen op het vergrendelscherm van deze telefoon. Je browser vraagt toestemming als je dit aanzet.',
      phoneOn: 'Meldingen verschijnen op het vergrendelscherm van deze telefoon.',
      phoneUnsupported:
        'Deze browser kan geen meldingen tonen. Zet Courtside op een iPhone eerst op je beginscherm en open het daar.',
      phoneDenied:
        'Meldingen zijn geblokkeerd voor Courtside. Sta ze eerst toe in de instellingen van je browser.',
      phoneFailed: 'Meldingen konden hier niet aan- of uitgezet worden. Probeer het later nog eens.',
      save: 'Voorkeuren opslaan',
      saving: 'Opslaan…',
      saved: 'Je voorkeuren zijn opgeslagen.',
      failed: 'Je voorkeuren konden niet worden geladen. Laad de pagina opnieuw.',
    },
  },
};

export default notificationsNl;
