/** English texts of the settings page (settings-nl.ts has the same shape; settings-texts.ts adds them). */
const settingsEn = {
  settings: {
    title: 'Settings',
    intro: 'Your name, phone, email address, password and language.',
    profile: 'Name and phone',
    edit: 'Change name or phone',
    notSet: 'Not set',
    language: 'Language',
    languageHint: 'The language of the pages and of the mail Courtside sends you.',
    saveLanguage: 'Save language',
    languageSaved: 'Your language is saved.',
    password: 'Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    changePassword: 'Change password',
    passwordChanged: 'Your password is changed. Your other devices are signed out.',
    wrongPassword: 'This is not your current password.',
    email: 'Email address',
    newEmail: 'New email address',
    changeEmail: 'Send a code',
    codeSent: 'We sent a 6-digit code to {{email}}. Enter it here to use that address.',
    code: 'Code',
    confirmEmail: 'Confirm address',
    emailChanged: 'Your email address is now {{email}}.',
    wrongCode: 'This code is not right.',
    codeGone: 'This code has expired or was used. Ask for a new one.',
    tooMany: 'Too many attempts. Please try again later.',
    data: 'Your data',
    dataText:
      'Everything Courtside holds about you, as one JSON file: your account, teams, matches, challenges, notifications and invitations.',
    download: 'Download my data',
    deleteAccount: 'Delete my account',
    deleteText:
      'Your name, email address, phone and password are erased and you leave the seasons you play in. Results stay, under the name "Former player". The email address may sign up again later.',
    deleteTitle: 'Delete your account?',
    deleteWarning: 'Deleting is final and cannot be undone. Enter your password and type delete to confirm.',
    deleteLabel: 'Type delete to delete your account for good',
    deleteConfirm: 'Delete my account',
    cancel: 'Cancel',
    deleted: 'Your account is deleted. Goodbye!',
    lastManager:
      'You are the only manager of a club that has players. Add another manager to the club first, or remove its players.',
    deleteFailed: 'Your account could not be deleted. Please try again.',
    notDeletedYet:
      'Your account is not deleted yet: a club could not take a change now. Try again later to go on.',
    saving: 'Saving…',
  },
};

export default settingsEn;
export type SettingsTranslation = typeof settingsEn;
