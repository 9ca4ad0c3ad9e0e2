import ICAL from 'ical.js';

/** One VEVENT of a feed, as a calendar app reads it (parsed by ical.js, a full RFC 5545 parser). */
export interface FeedEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  /** The wall-clock start, `YYYY-MM-DDTHH:mm:ss` (no zone: floating). */
  start: string;
  end: string;
  floating: boolean;
  url: string | null;
}

export interface Feed {
  name: string | null;
  version: string | null;
  events: FeedEvent[];
}

/** Parses an iCalendar text; throws on anything that is not one. */
export function parseFeed(text: string): Feed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== 'vcalendar') throw new Error(`not a calendar: ${calendar.name}`);
  const events = calendar.getAllSubcomponents('vevent').map((component): FeedEvent => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      floating: event.startDate.zone === ICAL.Timezone.localTimezone,
      url: (component.getFirstPropertyValue('url') as string | null) ?? null,
    };
  });
  return {
    name: (calendar.getFirstPropertyValue('x-wr-calname') as string | null) ?? null,
    version: (calendar.getFirstPropertyValue('version') as string | null) ?? null,
    events,
  };
}
