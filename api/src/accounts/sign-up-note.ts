/**
 * The mail to the owner of an address that someone signed up with again (DESIGN.md §19), in place of a code: no new
 * account was made, and here is the way back into the one there is. Also right for an account never verified: signing
 * in mails it a code.
 */
export function signUpNoteMail(
  links: { signIn: string; forgot: string },
  language: string,
): { subject: string; text: string } {
  return language === 'nl'
    ? {
        subject: 'Je hebt al een Courtside-account',
        text:
          'Iemand, waarschijnlijk jij, probeerde een Courtside-account te maken met dit e-mailadres. Er is al een ' +
          'account met dit adres, dus er is geen nieuw gemaakt en er komt geen code.\n\n' +
          `Inloggen: ${links.signIn}\n\n` +
          `Wachtwoord vergeten? Stel een nieuw in: ${links.forgot}\n\n` +
          'Was jij dit niet? Dan kun je deze mail negeren; aan je account is niets veranderd.',
      }
    : {
        subject: 'You already have a Courtside account',
        text:
          'Someone, probably you, tried to create a Courtside account with this email address. There is an ' +
          'account with this address already, so no new one was made and no code will arrive.\n\n' +
          `Sign in: ${links.signIn}\n\n` +
          `Forgot your password? Set a new one: ${links.forgot}\n\n` +
          "Wasn't this you? You can ignore this mail; nothing changed in your account.",
      };
}
