/** English texts of the invitation page (invitation-nl.ts has the same shape; invitation-texts.ts adds them). */
const invitationEn = {
  invitation: {
    documentTitle: 'Invitation',
    partnerTitle: 'Partner request',
    completeAccount: 'Add your name and phone number, then you are in.',
    title: '{{name}} asks you to play together',
    intro:
      '{{ladder}} at {{club}}, season {{season}}. Nothing about you is shared with the club until you accept.',
    accept: 'Accept',
    decline: 'Decline',
    signIn: 'Sign in to accept',
    signUp: 'Create an account to accept',
    signInFirst: 'Sign in as {{email}} to accept.',
    signUpFirst: 'Create a Courtside account with {{email}} to accept. Declining needs no account.',
    wrongAccount:
      'You are signed in as {{you}}, but this request was sent to {{invited}}. Sign in with that address to accept.',
    privacy: 'Without an answer the request lapses after 14 days.',
    accepted: 'You accepted. The club manager will approve your team.',
    tournament: {
      intro: '{{tournament}} at {{club}}. Nothing about you is shared with the club until you accept.',
      club: 'To play {{tournament}}.',
      accepted: 'You accepted. You are entered.',
    },
    toLadders: 'To the ladders',
    /** Who invites, when the invitation names no one. */
    aPlayer: 'A player',
    club: {
      documentTitle: 'Club invitation',
      title: '{{club}} invites you',
      intro: 'To play {{ladder}}, season {{season}}.',
      manager: 'To manage {{club}} on Courtside with its other managers.',
      privacy: 'The invitation can be used once and lasts 14 days.',
      accepted: 'Welcome! You are in.',
    },
    outcome: {
      declined: 'You declined. Nothing about you was shared with the club.',
      USED: 'This invitation was answered already.',
      REVOKED: 'This invitation was withdrawn.',
      EXPIRED: 'This invitation has lapsed.',
      unknown: 'This link is not known.',
    },
  },
};

export default invitationEn;
export type InvitationTranslation = typeof invitationEn;
