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
    saving: 'Saving…',
  },
};

export default settingsEn;
export type SettingsTranslation = typeof settingsEn;
