import type { Language } from '@site/api-contract';
import { el } from './el.js';
import { en, type VisitorText } from './en.js';

const texts: Record<Language, VisitorText> = { en, el };

/** What the server tells a visitor, in the visitor's language. */
export const visitorText = (language: Language): VisitorText => texts[language];

/** The locale whose Intl formats dates for a visitor: British English, and Greek as Cyprus writes it. */
const visitorLocales: Record<Language, string> = { en: 'en-GB', el: 'el-CY' };

/**
 * A moment as a visitor's mails write it, in `timeZone`: the weekday ("Monday"), the date ("30 November
 * 2026"), the time ("12:00") and the zone's long name ("Eastern European Standard Time").
 */
export function visitorTime(at: Date, language: Language, timeZone: string) {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(visitorLocales[language], { timeZone, ...options });
  return {
    weekday: format({ weekday: 'long' }).format(at),
    date: format({ day: 'numeric', month: 'long', year: 'numeric' }).format(at),
    time: format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at),
    zone:
      format({ timeZoneName: 'long' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? timeZone,
  };
}

export type { VisitorText };
