import type { HomeTranslation } from './home-en';

/** Dutch texts of the empty home page. */
const homeNl: HomeTranslation = {
  home: {
    startClub: 'Start een club',
    startClubText: 'Beheer je een club? Start hem hier en open binnen een paar minuten de eerste ladder.',
    findClub:
      'Speel je bij een club? Vraag de beheerder om een uitnodiging: de link brengt je meteen naar de ladder van je club.',
    signInToFind: 'Log in om je club te vinden',
  },
};

export default homeNl;
