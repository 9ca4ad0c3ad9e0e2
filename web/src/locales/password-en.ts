/** English texts of the forgot and reset password pages (password-nl.ts has the same shape; password-texts.ts adds them). */
const passwordEn = {
  forgot: {
    link: 'Forgot your password?',
    title: 'Forgot your password?',
    intro: 'Enter the email address of your account. We will mail you a link to set a new password.',
    email: 'Email address',
    submit: 'Mail me a link',
    submitting: 'Sending…',
    sent: 'If {{email}} has a Courtside account, a link is on its way. It is valid for 30 minutes and works once.',
    tooMany: 'Too many requests for this address. Please try again later.',
    back: 'Back to sign in',
  },
  reset: {
    title: 'Set a new password',
    intro: 'Choose a new password. It signs you out everywhere, also on your other devices.',
    password: 'New password',
    submit: 'Set password',
    submitting: 'Saving…',
    done: 'Your new password is set. Sign in with it.',
    gone: 'This link has been used or has expired.',
    again: 'Ask for a new link',
    missing: 'This link is not complete. Open the link from the mail again, or ask for a new one.',
  },
};

export default passwordEn;
export type PasswordTranslation = typeof passwordEn;
