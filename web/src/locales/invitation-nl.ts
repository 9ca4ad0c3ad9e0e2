import type { InvitationTranslation } from './invitation-en';

/** Dutch texts of the invitation page. */
const invitationNl: InvitationTranslation = {
  invitation: {
    documentTitle: 'Uitnodiging',
    partnerTitle: 'Partnerverzoek',
    completeAccount: 'Vul je naam en telefoonnummer in, dan doe je mee.',
    title: '{{name}} vraagt je om samen te spelen',
    intro: '{{ladder}} bij {{club}}, seizoen {{season}}. De club ziet niets van jou tot je accepteert.',
    accept: 'Accepteren',
    decline: 'Weigeren',
    signIn: 'Log in om te accepteren',
    signUp: 'Maak een account om te accepteren',
    signInFirst: 'Log in als {{email}} om te accepteren.',
    signUpFirst: 'Maak een Courtside-account met {{email}} om te accepteren. Weigeren kan zonder account.',
    wrongAccount:
      'Je bent ingelogd als {{you}}, maar dit verzoek is gestuurd aan {{invited}}. Log in met dat adres om te accepteren.',
    privacy: 'Zonder antwoord vervalt het verzoek na 14 dagen.',
    accepted: 'Je hebt geaccepteerd. De beheerder van de club keurt je team goed.',
    tournament: {
      intro: '{{tournament}} bij {{club}}. De club ziet niets van jou tot je accepteert.',
      club: 'Om {{tournament}} te spelen.',
      accepted: 'Je hebt geaccepteerd. Je bent ingeschreven.',
    },
    toLadders: 'Naar de ladders',
    aPlayer: 'Een speler',
    club: {
      documentTitle: 'Uitnodiging van de club',
      title: '{{club}} nodigt je uit',
      intro: 'Om {{ladder}} te spelen, seizoen {{season}}.',
      manager: 'Om {{club}} samen met de andere beheerders op Courtside te beheren.',
      privacy: 'De uitnodiging werkt één keer en is 14 dagen geldig.',
      accepted: 'Welkom! Je doet mee.',
    },
    outcome: {
      declined: 'Je hebt geweigerd. Er is niets over jou met de club gedeeld.',
      USED: 'Deze uitnodiging is al beantwoord.',
      REVOKED: 'Deze uitnodiging is ingetrokken.',
      EXPIRED: 'Deze uitnodiging is verlopen.',
      unknown: 'Deze link is onbekend.',
    },
  },
};

export default invitationNl;
