/** English texts of the companies pages, added by company-texts.ts as those pages load. The Dutch ones are in nl.ts. */
const companyEn = {
  company: {
    title: 'Your companies',
    intro: 'The clubs and organisations whose ladders you manage.',
    create: 'Create a company',
    open: 'Open manager area',
    emptyTitle: 'No companies yet',
    emptyText: 'Create your company to set up ladders and seasons and invite players.',
    onboardingTitle: 'Create your company',
    onboardingIntro: 'Your club or organisation. You can run several ladders within it.',
    name: 'Company name',
    namePlaceholder: 'e.g. TC Courtside',
    nameMax: 'Use at most 100 characters',
    submit: 'Create company',
    submitting: 'Creating…',
    created: 'Company {{name}} is created.',
    back: 'Back to your companies',
    former: 'You no longer manage {{club}}',
    formerText:
      'Another manager removed you from this club, so its manager pages are closed to you. Its ladders stay open, and your own teams and matches are where they were.',
    formerLadders: 'Your ladders and teams',
    formerCreate: 'Create a new club',
  },
};

export default companyEn;
export type CompanyTranslation = typeof companyEn;
