/** A first-response time as operators read it: 45 min, 3 h 20 min, 2 d 5 h; a dash when there is none. */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '–';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return hours % 24 === 0 ? `${Math.floor(hours / 24)} d` : `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** A share as a whole percentage: 60 %; a dash when nothing was measured. */
export const shareText = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);

/** A day as YYYY-MM-DD in the browser's own calendar, `back` days before today. */
export function localDay(back = 0, today = new Date()): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - back);
  return [day.getFullYear(), day.getMonth() + 1, day.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
}
