import { fmtTime } from '../../core/time';

/** 'YYYY-MM-DD HH:mm[:ss]' in the company's zone → the instant. */
export function localToDate(text: string, tz: string): Date {
  const full = text.length === 16 ? `${text}:00` : text;
  const guess = Date.parse(`${full.replace(' ', 'T')}Z`);
  const shown = Date.parse(`${fmtTime(new Date(guess), tz).replace(' ', 'T')}Z`);
  return new Date(guess - (shown - guess));
}
