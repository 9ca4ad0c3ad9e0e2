/**
 * English texts of a doubles knockout's waiting partner request (DESIGN.md §16 with §9): the lazy partner chunk
 * carries them, so a tournament page's first JavaScript does not.
 */
const tournamentPartnerEn = {
  tournaments: {
    partnerRequest: {
      title: 'Your partner request',
      asked: 'We asked {{email}} to play {{name}} with you. Your entry waits for their answer until {{day}}.',
      someone: 'your partner',
      withdraw: 'Withdraw the request',
      withdrawing: 'Withdrawing…',
      withdrawn: 'You withdrew the request to {{email}}.',
    },
  },
};

export default tournamentPartnerEn;
export type TournamentPartnerTranslation = typeof tournamentPartnerEn;
