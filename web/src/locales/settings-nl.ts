import type { SettingsTranslation } from './settings-en';

/** Dutch texts of the settings page; they load with the Dutch texts (nl.ts). */
const settingsNl: SettingsTranslation = {
  settings: {
    title: 'Instellingen',
    intro: 'Je naam, telefoon, e-mailadres, wachtwoord en taal.',
    profile: 'Naam en telefoon',
    edit: 'Naam of telefoon wijzigen',
    notSet: 'Niet ingevuld',
    language: 'Taal',
    languageHint: 'De taal van de pagina’s en van de mail die Courtside je stuurt.',
    saveLanguage: 'Taal opslaan',
    languageSaved: 'Je taal is opgeslagen.',
    password: 'Wachtwoord',
    currentPassword: 'Huidig wachtwoord',
    newPassword: 'Nieuw wachtwoord',
    changePassword: 'Wachtwoord wijzigen',
    passwordChanged: 'Je wachtwoord is gewijzigd. Je andere apparaten zijn uitgelogd.',
    wrongPassword: 'Dit is niet je huidige wachtwoord.',
    email: 'E-mailadres',
    newEmail: 'Nieuw e-mailadres',
    changeEmail: 'Stuur een code',
    codeSent:
      'We hebben een code van 6 cijfers naar {{email}} gestuurd. Vul hem hier in om dat adres te gebruiken.',
    code: 'Code',
    confirmEmail: 'Adres bevestigen',
    emailChanged: 'Je e-mailadres is nu {{email}}.',
    wrongCode: 'Deze code klopt niet.',
    codeGone: 'Deze code is verlopen of al gebruikt. Vraag een nieuwe aan.',
    tooMany: 'Te veel pogingen. Probeer het later opnieuw.',
    data: 'Je gegevens',
    dataText:
      'Alles wat Courtside over je bewaart, als één JSON-bestand: je account, teams, wedstrijden, uitdagingen, meldingen en uitnodigingen.',
    download: 'Mijn gegevens downloaden',
    deleteAccount: 'Mijn account verwijderen',
    deleteText:
      'Je naam, e-mailadres, telefoon en wachtwoord worden gewist en je verlaat de seizoenen waarin je speelt. Uitslagen blijven staan, onder de naam "Voormalig speler". Met het e-mailadres kun je je later opnieuw aanmelden.',
    deleteTitle: 'Je account verwijderen?',
    deleteWarning:
      'Verwijderen is definitief en kan niet ongedaan worden gemaakt. Vul je wachtwoord in en typ delete om te bevestigen.',
    deleteLabel: 'Typ delete om je account definitief te verwijderen',
    deleteConfirm: 'Mijn account verwijderen',
    cancel: 'Annuleren',
    deleted: 'Je account is verwijderd. Tot ziens!',
    lastManager:
      'Je bent de enige beheerder van een club met spelers. Voeg eerst een andere beheerder toe aan de club, of verwijder de spelers.',
    deleteFailed: 'Je account kon niet worden verwijderd. Probeer het opnieuw.',
    notDeletedYet:
      'Je account is nog niet verwijderd: een club kon een wijziging nu niet verwerken. Probeer het later opnieuw om verder te gaan.',
    saving: 'Bezig met opslaan…',
  },
};

export default settingsNl;
