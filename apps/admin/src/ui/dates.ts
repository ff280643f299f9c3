const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** A stored ISO time in the operator's own zone and language. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** As a mail list shows it: the time for today, the day for anything older. */
export function formatShort(iso: string, now = new Date()) {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? timeOnly.format(date) : dateOnly.format(date);
}
