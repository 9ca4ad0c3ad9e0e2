import type { MatchRefusalsTranslation } from './match-refusals-en';

/** Dutch texts of a match's refusals; match-refusals-texts.ts adds them. */
const matchRefusalsNl: MatchRefusalsTranslation = {
  matchRefusals: {
    cancelled: 'Deze wedstrijd is geannuleerd.',
    beforeSeason: 'Kies een datum op of na de eerste dag van het seizoen.',
    notPending: 'Deze uitslag wacht niet meer op bevestiging.',
    hasResult: 'Een wedstrijd met een uitslag kan alleen een beheerder annuleren.',
    resultFinal: 'Deze uitslag is bevestigd: alleen een beheerder van de club kan hem nog wijzigen.',
    advanced: 'De winnaar speelt al verder in het schema: deze uitslag blijft staan.',
    inDraw: 'Een wedstrijd uit een schema wordt niet geannuleerd: voer een walk-over in.',
    disputed: 'Deze uitslag wordt betwist: een beheerder van de club beslist.',
    notYours: 'Alleen de spelers van deze wedstrijd en de beheerders van de club kunnen hem wijzigen.',
    otherSideConfirms: 'De andere partij bevestigt of betwist deze uitslag.',
    onlyOtherSideDisputes: 'Alleen de andere partij kan een uitslag betwisten.',
    notFound: 'Deze wedstrijd bestaat niet meer.',
    noSeason: 'Dit seizoen bestaat niet meer.',
    teamsNotActive: 'Beide teams moeten actief zijn in dit seizoen.',
    sameTeam: 'Kies twee verschillende teams.',
  },
};

export default matchRefusalsNl;
