/** English texts of the embeddable widget (its Dutch ones are in matches-nl.ts). */
const widgetEn = {
  widget: {
    title: 'Live scores',
    upcoming: 'Upcoming',
    recent: 'Results',
    emptyUpcoming: 'No planned matches.',
    emptyRecent: 'No results yet.',
    missingEvent: 'No ladder chosen. Add ?event={ladder id} to the address.',
    poweredBy: 'Courtside',
    live: 'Live',
    connecting: 'Connecting',
    offline: 'Offline',
  },
};

export default widgetEn;
export type WidgetTranslation = typeof widgetEn;
