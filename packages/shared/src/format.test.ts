import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  badgeText,
  classNames,
  debounce,
  formatTime,
  numberFormatter,
  pageTitle,
  parseTime,
  tableHeight,
  truncateLabel,
  truncateLong,
  truncateRole,
  truncateShort,
} from './format';

describe('parseTime', () => {
  const date = new Date(2024, 0, 5, 8, 3, 9); // a Friday

  it('uses the default pattern with zero padding', () => {
    expect(parseTime(date)).toBe('2024-01-05 08:03:09');
  });

  it('fills every placeholder, the weekday in Chinese', () => {
    expect(parseTime(date, '{y}/{m}/{d} {h}{i}{s} 星期{a}')).toBe('2024/01/05 080309 星期五');
    expect(parseTime(new Date(2024, 0, 7), '{a}')).toBe('日');
  });

  it('reads a 10-digit number or digit string as seconds', () => {
    const ms = date.getTime();
    const seconds = Math.floor(ms / 1000);
    expect(parseTime(seconds)).toBe('2024-01-05 08:03:09');
    expect(parseTime(String(seconds))).toBe('2024-01-05 08:03:09');
    expect(parseTime(ms)).toBe('2024-01-05 08:03:09');
  });

  it("reads 'YYYY-MM-DD hh:mm:ss' text as local time", () => {
    expect(parseTime('2024-01-05 08:03:09', '{h}:{i}')).toBe('08:03');
  });

  it('gives null for empty or invalid input', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime('')).toBeNull();
    expect(parseTime('not a date')).toBeNull();
  });
});

describe('formatTime', () => {
  const now = new Date(2024, 5, 10, 12, 0, 0).getTime();
  const ago = (seconds: number) => now - seconds * 1000;

  it('says 刚刚 under 30 seconds', () => {
    expect(formatTime(ago(29), undefined, now)).toBe('刚刚');
  });

  it('counts minutes and hours, rounding up', () => {
    expect(formatTime(ago(30), undefined, now)).toBe('1分钟前');
    expect(formatTime(ago(90), undefined, now)).toBe('2分钟前');
    expect(formatTime(ago(3599), undefined, now)).toBe('60分钟前');
    expect(formatTime(ago(3600), undefined, now)).toBe('1小时前');
    expect(formatTime(ago(5 * 3600 + 1), undefined, now)).toBe('6小时前');
  });

  it('says 1天前 under two days', () => {
    expect(formatTime(ago(86400), undefined, now)).toBe('1天前');
    expect(formatTime(ago(2 * 86400 - 1), undefined, now)).toBe('1天前');
  });

  it('formats older times', () => {
    const old = new Date(2024, 2, 4, 9, 5, 0).getTime();
    expect(formatTime(old, undefined, now)).toBe('3月4日9时5分');
    expect(formatTime(old, '{y}-{m}-{d}', now)).toBe('2024-03-04');
    expect(formatTime(Math.floor(old / 1000), undefined, now)).toBe('3月4日9时5分');
  });
});

describe('numberFormatter', () => {
  it('uses k M G T P E', () => {
    expect(numberFormatter(999)).toBe('999');
    expect(numberFormatter(1234, 1)).toBe('1.2k');
    expect(numberFormatter(1000000, 2)).toBe('1M');
    expect(numberFormatter(2.5e9, 1)).toBe('2.5G');
    expect(numberFormatter(1e12)).toBe('1T');
    expect(numberFormatter(3e15)).toBe('3P');
    expect(numberFormatter(1.25e18, 2)).toBe('1.25E');
  });
});

describe('labels and titles', () => {
  it('truncates the three spec cases', () => {
    expect(truncateRole('超级管理员')).toBe('超级管...');
    expect(truncateRole('收费员')).toBe('收费员');
    expect(truncateShort('阳光花园小区一期')).toBe('阳光花园小区...');
    expect(truncateShort('阳光花园小区')).toBe('阳光花园小区');
    expect(truncateLong('一二三四五六七八九十一二三')).toBe('一二三四五六七八九十一二三');
    expect(truncateLong('一二三四五六七八九十一二三四')).toBe('一二三四五六七八九十一二三四...');
    expect(truncateLong('一二三四五六七八九十一二三四五六七八')).toBe('一二三四五六七八九十一二三四五六...');
    expect(truncateLabel(null, 3)).toBe('');
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('builds the page title', () => {
    expect(pageTitle('首页', '阳光物业')).toBe('首页 - 阳光物业');
    expect(pageTitle(undefined)).toBe('邻里智慧物业');
  });

  it('joins class names', () => {
    expect(classNames('a', { b: true, c: false }, ['d', null, ['e']], undefined, 0, false)).toBe('a b d e 0');
  });
});

describe('tableHeight', () => {
  it('subtracts the fixed parts of the layout', () => {
    expect(tableHeight({ windowHeight: 900, searchBoxHeight: 100 })).toBe(900 - 100 - 150);
    expect(tableHeight({ windowHeight: 900, searchBoxHeight: 100, extra: 40 })).toBe(610);
    expect(tableHeight({ windowHeight: 900, searchBoxHeight: 100, embedded: true })).toBe(735);
  });
});

describe('debounce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once after the calls stop, with the last arguments', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const fn = debounce((n: number) => calls.push(n), 100);
    fn(1);
    vi.advanceTimersByTime(50);
    fn(2);
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([2]);
  });

  it('runs at the start of a burst when immediate', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const fn = debounce((n: number) => calls.push(n), 100, true);
    fn(1);
    fn(2);
    vi.advanceTimersByTime(100);
    fn(3);
    expect(calls).toEqual([1, 3]);
  });

  it('can be cancelled', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const fn = debounce((n: number) => calls.push(n), 100);
    fn(1);
    fn.cancel();
    vi.advanceTimersByTime(200);
    expect(calls).toEqual([]);
  });
});
