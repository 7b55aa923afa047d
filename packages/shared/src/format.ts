import { BADGE_CAP, DEFAULT_SITE_TITLE, PAGE_TITLE_SEPARATOR } from './constants';

export type TimeInput = Date | number | string;

/** A 10-digit number (or digit string) is a Unix time in seconds (spec §9); anything else goes to Date. */
function toDate(time: TimeInput): Date {
  if (time instanceof Date) return time;
  let value: number | string = time;
  if (typeof value === 'string') {
    const text = value.trim();
    // 'YYYY-MM-DD hh:mm' is read as local time; the '/' form is the one every engine parses that way.
    value = /^\d+$/.test(text) ? Number(text) : text.includes('T') ? text : text.replace(/-/g, '/');
  }
  if (typeof value === 'number' && String(Math.trunc(Math.abs(value))).length === 10) value *= 1000;
  return new Date(value);
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/**
 * Formats a time with {y} {m} {d} {h} {i} {s} and {a} (Chinese weekday 日一二三四五六); null for an empty or invalid
 * time. Local time of the runtime.
 */
export function parseTime(time: TimeInput | null | undefined, pattern = '{y}-{m}-{d} {h}:{i}:{s}'): string | null {
  if (time === null || time === undefined || time === '' || time === 0) return null;
  const date = toDate(time);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return pattern.replace(/{([ymdhisa])+}/g, (_, key: string) => {
    const value = parts[key] ?? 0;
    return key === 'a' ? (WEEKDAYS[value] ?? '') : String(value).padStart(2, '0');
  });
}

/**
 * Relative time (spec §9): under 30 s 刚刚, under an hour 'N分钟前', under a day 'N小时前', under two days '1天前'
 * (N rounded up), beyond that `parseTime(time, option)` when an option is given, else 'M月D日H时I分'.
 */
export function formatTime(time: TimeInput, option?: string, now: number = Date.now()): string {
  const date = toDate(time);
  const diff = (now - date.getTime()) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 3600 * 24) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 3600 * 24 * 2) return '1天前';
  if (option) return parseTime(date, option) ?? '';
  return `${date.getMonth() + 1}月${date.getDate()}日${date.getHours()}时${date.getMinutes()}分`;
}

const SI_SUFFIXES: [value: number, symbol: string][] = [
  [1e18, 'E'],
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** 1234 → '1.2k' (digits = 1); trailing zeros are dropped ('1M', not '1.0M'). */
export function numberFormatter(num: number, digits = 0): string {
  for (const [value, symbol] of SI_SUFFIXES) {
    if (num >= value) return (num / value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1') + symbol;
  }
  return String(num);
}

/** The unread badge (spec §2): capped at '99+'; '' when there is nothing unread. */
export function badgeText(count: number, cap = BADGE_CAP): string {
  if (!count || count < 0) return '';
  return count > cap ? `${cap}+` : String(count);
}

/** Page title (spec §2): route title, separator, site title ('首页 - 阳光物业'). */
export function pageTitle(title: string | undefined, siteTitle: string = DEFAULT_SITE_TITLE): string {
  return title ? `${title}${PAGE_TITLE_SEPARATOR}${siteTitle}` : siteTitle;
}

/**
 * Cuts `text` to `max` characters plus '...' when it is longer than `threshold` (default `max`). The spec's three
 * cases are the presets below.
 */
export function truncateLabel(text: string | null | undefined, max: number, threshold: number = max): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > threshold ? `${chars.slice(0, max).join('')}...` : text;
}

/** Spec §9 role filter: 3 characters. */
export const truncateRole = (text: string | null | undefined) => truncateLabel(text, 3);
/** Spec §9 second case: 6 characters. */
export const truncateShort = (text: string | null | undefined) => truncateLabel(text, 6);
/** Spec §9 third case: text longer than 13 is cut to 16 characters. */
export const truncateLong = (text: string | null | undefined) => truncateLabel(text, 16, 13);

export interface TableHeightInput {
  windowHeight: number;
  searchBoxHeight: number;
  extra?: number;
  /** Inside the desktop host shell the top bar is gone, which gives back its 85 px. */
  embedded?: boolean;
}

/** Spec §9: window − search box − 14 − 42 − 85 − 9 − extra, + 85 when embedded in the desktop host. */
export function tableHeight({ windowHeight, searchBoxHeight, extra = 0, embedded = false }: TableHeightInput): number {
  return windowHeight - searchBoxHeight - 14 - 42 - 85 - 9 - extra + (embedded ? 85 : 0);
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Runs `fn` once calls have stopped for `wait` ms. With `immediate`, runs on the first call of a burst instead and
 * ignores the rest of the burst.
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number, immediate = false): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    const idle = timer === undefined;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!immediate) fn(...args);
    }, wait);
    if (immediate && idle) fn(...args);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

export type ClassValue = string | number | false | null | undefined | Record<string, unknown> | ClassValue[];

/** classNames('a', { b: true, c: false }, ['d']) → 'a b d'. */
export function classNames(...values: ClassValue[]): string {
  const out: string[] = [];
  for (const value of values) {
    if (!value && value !== 0) continue;
    if (Array.isArray(value)) {
      const inner = classNames(...value);
      if (inner) out.push(inner);
    } else if (typeof value === 'object') {
      for (const [name, on] of Object.entries(value)) if (on) out.push(name);
    } else {
      out.push(String(value));
    }
  }
  return out.join(' ');
}
