import type { Translation } from './en';
import type { CompanyTranslation } from './company-en';
import type { DevMailboxTranslation } from './dev-mailbox-en';
import type { InvitationTranslation } from './invitation-en';
import invitationNl from './invitation-nl';
import type { PlayerTranslation } from './player-en';
import playerNl from './player-nl';
import type { PauseTranslation } from './pause-en';
import pauseNl from './pause-nl';
import homeNl from './home-nl';
import challengeQuestionNl from './challenge-question-nl';
import type { ChallengeQuestionTranslation } from './challenge-question-en';
import type { HomeTranslation } from './home-en';
import type { PausedTranslation } from './paused-en';
import pausedNl from './paused-nl';
import type { LaddersTranslation } from './ladders-en';
import laddersNl from './ladders-nl';
import matchesNl from './matches-nl';
import notificationsNl from './notifications-nl';
import type { PasswordTranslation } from './password-en';
import passwordNl from './password-nl';
import type { SettingsTranslation } from './settings-en';
import settingsNl from './settings-nl';

/**
 * Dutch texts; same keys as en.ts and, loaded with them here, ladders-en.ts and invitation-en.ts (checked by the
 * type). English loads those pages' texts with those pages (locales/ladders-texts.ts, locales/invitation-texts.ts).
 */
const nl: Translation &
  LaddersTranslation &
  InvitationTranslation &
  PlayerTranslation &
  PauseTranslation &
  HomeTranslation &
  ChallengeQuestionTranslation &
  PausedTranslation &
  DevMailboxTranslation &
  CompanyTranslation &
  PasswordTranslation &
  SettingsTranslation = {
  app: {
    name: 'Courtside',
    tagline: 'Tennis- en padelladders',
    skipToContent: 'Naar de inhoud',
    accessibility: 'Toegankelijkheid',
    apiDocs: 'API voor ontwikkelaars',
    footer: 'Courtside · tennis- en padelladders',
  },
  language: {
    label: 'Taal',
    switchTo: 'Schakel naar {{language}}',
    en: 'English',
    nl: 'Nederlands',
  },
  live: {
    connected: 'Live',
    connectedHint: 'Live-updates staan aan',
    connecting: 'Verbinden',
    connectingHint: 'Verbinden met live-updates…',
    reconnecting: 'Offline',
    reconnectingHint: 'Live-updates zijn gepauzeerd; opnieuw verbinden…',
  },
  calendar: {
    subscribe: 'Abonneer in je agenda',
    renew: 'Nieuw agenda-adres',
    renewed: 'Nieuw agenda-adres gemaakt: het oude werkt niet meer',
  },
  loading: {
    label: 'Laden…',
  },
  alerts: {
    region: 'Meldingen',
    dismiss: 'Sluiten',
    info: 'Informatie',
    warning: 'Waarschuwing',
    error: 'Fout',
  },
  notFound: {
    code: '404',
    title: 'Pagina niet gevonden',
    text: 'We konden de pagina die je zocht niet vinden. Misschien is ze verplaatst of is het adres verkeerd getypt.',
    home: 'Naar de ladders',
  },
  error: {
    title: 'Er ging iets mis',
    text: 'Een onverwachte fout heeft deze pagina gestopt. Probeer het opnieuw.',
    reload: 'Pagina opnieuw laden',
  },
  nav: {
    signIn: 'Inloggen',
    accountMenu: 'Accountmenu',
    myMatches: 'Mijn wedstrijden',
    account: 'Account',
    settings: 'Instellingen',
    preferences: 'Meldingsvoorkeuren',
    companies: 'Bedrijven',
    managerArea: 'Beheeromgeving',
    signOut: 'Uitloggen',
    signedOut: 'Je bent uitgelogd.',
  },
  form: {
    required: 'Dit veld is verplicht',
    email: 'Vul een geldig e-mailadres in',
    showPassword: 'Wachtwoord tonen',
    hidePassword: 'Wachtwoord verbergen',
    failed: 'Dat lukte niet. Probeer het opnieuw.',
    network: 'De server is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
    notNow:
      'Courtside kon deze wijziging nu niet verwerken. Er is niets veranderd: probeer het later opnieuw.',
    unconfirmed:
      'Het is niet zeker dat deze wijziging is opgeslagen. Kijk het na voordat je het opnieuw probeert.',
  },
  login: {
    title: 'Inloggen',
    intro: 'Welkom terug. Log in om je ladders en wedstrijden te beheren.',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    submit: 'Inloggen',
    submitting: 'Bezig met inloggen…',
    wrongCredentials: 'Het e-mailadres of wachtwoord klopt niet.',
    unverified: 'Bevestig eerst je e-mailadres. We hebben je een nieuwe code gestuurd.',
    unverifiedNoNewCode:
      'Bevestig eerst je e-mailadres, met de code die we je het laatst stuurden. Je vroeg veel codes aan: over 15 minuten kan er een nieuwe komen.',
    tooMany: 'Te veel pogingen. Wacht even en probeer het opnieuw.',
    noAccount: 'Nieuw bij Courtside?',
    register: 'Maak een account',
  },
  register: {
    title: 'Maak je account',
    intro: 'Eén account om mee te spelen in ladders én om ze bij je club te organiseren.',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    passwordHint: 'Minstens 10 tekens.',
    passwordMin: 'Gebruik minstens 10 tekens',
    passwordMax: 'Gebruik hoogstens 128 tekens',
    passwordGuessable:
      'Dit wachtwoord is te makkelijk te raden (een veelgebruikt wachtwoord, of één teken herhaald): kies een ander',
    submit: 'Account maken',
    submitting: 'Account wordt gemaakt…',
    tooMany: 'Te veel aanmeldingen vanaf dit netwerk. Probeer het over een tijdje opnieuw.',
    checkMail:
      'Log in om verder te gaan. Had je al een account met dit adres? Dan hebben we je gemaild hoe je weer binnenkomt.',
    haveAccount: 'Heb je al een account?',
    signIn: 'Inloggen',
  },
  verify: {
    title: 'Bekijk je e-mail',
    intro:
      'We hebben een code van 6 cijfers gestuurd naar {{email}}. Vul die hieronder in om je e-mailadres te bevestigen.',
    introNoEmail:
      'We hebben je een code van 6 cijfers gestuurd. Vul die hieronder in om je e-mailadres te bevestigen.',
    code: 'Bevestigingscode',
    codeFormat: 'Vul de 6 cijfers van de code in',
    submit: 'Bevestigen',
    submitting: 'Bezig met bevestigen…',
    wrongCode: 'Deze code klopt niet.',
    expired: 'Deze code is verlopen. Vraag een nieuwe aan.',
    tooMany: 'Te veel verkeerde codes. Probeer het over 15 minuten opnieuw.',
    resend: 'Stuur een nieuwe code',
    resending: 'Versturen…',
    resent: 'Er is een nieuwe code onderweg.',
    noCode: 'Geen code ontvangen?',
    haveAccount:
      'Heb je al een account met dit adres? Dan komt er geen code: we hebben je een bericht gemaild met links om in te loggen en om een nieuw wachtwoord in te stellen.',
    verified: 'Je e-mailadres is bevestigd. Log in om verder te gaan.',
    missingTitle: 'Deze link is niet meer geldig',
    missingText:
      'Log in met je e-mailadres en wachtwoord: als je adres nog bevestigd moet worden, sturen we je een nieuwe code.',
    toLogin: 'Naar inloggen',
  },
  onboarding: {
    title: 'Over jou',
    intro:
      'Met je naam en telefoonnummer kunnen teamgenoten en tegenstanders je bereiken om wedstrijden te plannen.',
    fullName: 'Volledige naam',
    fullNameMax: 'Gebruik hoogstens 100 tekens',
    country: 'Land',
    phone: 'Telefoonnummer',
    phoneHint: 'Bijvoorbeeld 06 12345678',
    phoneInvalid: 'Vul een geldig telefoonnummer in voor het gekozen land',
    submit: 'Opslaan en verder',
    submitting: 'Opslaan…',
    saved: 'Je gegevens zijn opgeslagen.',
  },
  account: {
    title: 'Je account',
    intro: 'De gegevens die andere spelers en clubbeheerders zien.',
    details: 'Gegevens',
    email: 'E-mailadres',
    fullName: 'Volledige naam',
    phone: 'Telefoonnummer',
    notSet: 'Niet ingevuld',
    edit: 'Gegevens wijzigen',
    signOut: 'Uitloggen',
    companiesTitle: 'Organiseer ladders bij je club',
    companiesText: 'Beheer je bedrijven, of maak er een aan om een ladder te starten.',
    companiesLink: 'Je bedrijven',
  },
  company: {
    title: 'Je bedrijven',
    intro: 'De clubs en organisaties waarvan jij de ladders beheert.',
    create: 'Bedrijf aanmaken',
    open: 'Naar de beheeromgeving',
    emptyTitle: 'Nog geen bedrijven',
    emptyText: 'Maak je bedrijf aan om ladders en seizoenen op te zetten en spelers uit te nodigen.',
    onboardingTitle: 'Maak je bedrijf aan',
    onboardingIntro: 'Je club of organisatie. Je kunt er meerdere ladders in organiseren.',
    name: 'Naam van het bedrijf',
    namePlaceholder: 'bijv. TC Courtside',
    nameMax: 'Gebruik hoogstens 100 tekens',
    submit: 'Bedrijf aanmaken',
    submitting: 'Bezig met aanmaken…',
    created: 'Bedrijf {{name}} is aangemaakt.',
    back: 'Terug naar je bedrijven',
    former: 'Je beheert {{club}} niet meer',
    formerText:
      'Een andere beheerder heeft je uit deze club verwijderd, dus de beheerpagina’s zijn voor jou gesloten. De ladders blijven open, en je eigen teams en wedstrijden staan waar ze stonden.',
    formerLadders: 'Je ladders en teams',
    formerCreate: 'Een nieuwe club aanmaken',
  },
  ...laddersNl,
  ...invitationNl,
  ...playerNl,
  ...pauseNl,
  ...homeNl,
  ...challengeQuestionNl,
  ...pausedNl,
  ...passwordNl,
  ...settingsNl,
  ...matchesNl,
  ...notificationsNl,
  devMailbox: {
    title: 'Dev-mailbox',
    intro:
      'Mail die de server tijdens ontwikkeling verstuurt, komt hier terecht in plaats van in een echte inbox.',
    email: 'E-mailadres',
    show: 'Mail tonen',
    refresh: 'Vernieuwen',
    off: 'De dev-mailbox staat uit',
    offText: 'Deze server verstuurt echte mail, dus er is hier geen outbox om te lezen.',
    empty: 'Nog geen mail voor {{email}}.',
    prompt: 'Vul een e-mailadres in om de mail te zien die ernaartoe is gestuurd.',
    code: 'Code',
    copy: 'Code kopiëren',
    copied: 'Gekopieerd',
    to: 'Aan {{to}}',
    count_one: '{{count}} bericht',
    count_other: '{{count}} berichten',
  },
};

export default nl;
