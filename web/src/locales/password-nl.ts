import type { PasswordTranslation } from './password-en';

/** Dutch texts of the forgot and reset password pages; they load with the Dutch texts (nl.ts). */
const passwordNl: PasswordTranslation = {
  forgot: {
    link: 'Wachtwoord vergeten?',
    title: 'Wachtwoord vergeten?',
    intro:
      'Vul het e-mailadres van je account in. We mailen je een link om een nieuw wachtwoord in te stellen.',
    email: 'E-mailadres',
    submit: 'Mail me een link',
    submitting: 'Bezig met versturen…',
    sent: 'Als {{email}} een Courtside-account heeft, is er een link onderweg. Hij is 30 minuten geldig en werkt één keer.',
    tooMany: 'Te veel aanvragen voor dit adres. Probeer het later opnieuw.',
    back: 'Terug naar inloggen',
  },
  reset: {
    title: 'Stel een nieuw wachtwoord in',
    intro: 'Kies een nieuw wachtwoord. Daarmee word je overal uitgelogd, ook op je andere apparaten.',
    password: 'Nieuw wachtwoord',
    submit: 'Wachtwoord instellen',
    submitting: 'Bezig met opslaan…',
    done: 'Je nieuwe wachtwoord is ingesteld. Log ermee in.',
    gone: 'Deze link is al gebruikt of verlopen.',
    again: 'Vraag een nieuwe link aan',
    missing: 'Deze link is niet compleet. Open de link uit de mail opnieuw, of vraag een nieuwe aan.',
  },
};

export default passwordNl;
