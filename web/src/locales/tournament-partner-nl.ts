import type { TournamentPartnerTranslation } from './tournament-partner-en';

/** Dutch texts of a doubles knockout's waiting partner request; tournament-partner-texts.ts adds them. */
const tournamentPartnerNl: TournamentPartnerTranslation = {
  tournaments: {
    partnerRequest: {
      title: 'Je partnerverzoek',
      asked:
        'We hebben {{email}} gevraagd om {{name}} met je te spelen. Je inschrijving wacht tot {{day}} op het antwoord.',
      someone: 'je partner',
      withdraw: 'Verzoek intrekken',
      withdrawing: 'Bezig met intrekken…',
      withdrawn: 'Je hebt het verzoek aan {{email}} ingetrokken.',
    },
  },
};

export default tournamentPartnerNl;
