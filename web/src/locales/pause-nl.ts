import type { PauseTranslation } from './pause-en';

/** Dutch texts of a team's pause control on the standings. */
const pauseNl: PauseTranslation = {
  pause: {
    title: 'Je team pauzeren',
    intro:
      'Op vakantie of geblesseerd? Tijdens een pauze houdt je team zijn plaats, kan het niet uitdagen of uitgedaagd worden en zakt het niet door inactiviteit.',
    until: 'Eerste dag terug',
    daysLeft_one: 'Je hebt dit seizoen nog {{count}} pauzedag.',
    daysLeft_other: 'Je hebt dit seizoen nog {{count}} pauzedagen.',
    noDaysLeft: 'Je team heeft dit seizoen geen pauzedagen meer.',
    pause: 'Pauzeren',
    pausing: 'Bezig met pauzeren…',
    paused: 'Je team pauzeert tot {{day}}.',
    resume: 'Nu hervatten',
    resuming: 'Bezig met hervatten…',
    resumed: 'Je team staat weer op de ladder.',
    pausedDone: 'Je team pauzeert tot {{day}}.',
    errors: {
      UNTIL: 'Kies een dag na vandaag.',
      PAUSE_TOO_LONG: 'Dat is langer dan de pauzedagen die je team nog heeft. Kies een eerdere dag.',
      BUSY: 'Je team zit in een uitdaging: speel of regel die eerst, pauzeer daarna.',
      PAUSING_OFF: 'Pauzeren staat uit in dit seizoen.',
      NOT_PAUSED: 'Je team pauzeert niet meer.',
    },
  },
};

export default pauseNl;
