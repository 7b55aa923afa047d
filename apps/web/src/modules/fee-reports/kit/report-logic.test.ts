import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  formatRate,
  fromParams,
  initialValues,
  kindOf,
  linkParams,
  linkUrl,
  pushRecent,
  toParams,
} from './report-logic';
import { keyedRows } from './rows';
import type { ExtraFilter } from './types';

const today = dayjs('2026-05-20');

describe('report cells', () => {
  it('shows a rate as 93.25% and a null rate as -', () => {
    expect(formatRate(0.9325)).toBe('93.25%');
    expect(formatRate(1)).toBe('100.00%');
    expect(formatRate(0.0001)).toBe('0.01%');
    expect(formatRate(0.5751)).toBe('57.51%');
    expect(formatRate(null)).toBe('-');
    expect(formatRate(undefined)).toBe('-');
  });

  it('knows money, rates and counts by the API field names', () => {
    expect(kindOf({ dataIndex: 'ArrearsMoney' })).toBe('money');
    expect(kindOf({ dataIndex: 'CollectRate' })).toBe('rate');
    expect(kindOf({ dataIndex: 'Share' })).toBe('rate');
    expect(kindOf({ dataIndex: 'ChargeRooms' })).toBe('count');
    expect(kindOf({ dataIndex: 'PayCount' })).toBe('count');
    expect(kindOf({ dataIndex: 'RoomName' })).toBe('text');
    expect(kindOf({ dataIndex: 'RoomName', kind: 'money' })).toBe('money');
  });

  it('shows money with 2 decimals', () => {
    expect(cellText('money', '1234.5')).toBe('1234.50');
    expect(cellText('money', '-60')).toBe('-60.00');
    expect(cellText('count', 3)).toBe('3');
    expect(cellText('text', null)).toBe('');
  });
});

describe('report filters', () => {
  const extra: ExtraFilter[] = [
    { name: 'Keyword', label: '房号/业主' },
    { name: 'State', label: '状态', type: 'select', initial: undefined },
  ];

  it('opens with this month, today and all communities', () => {
    const v = initialValues(['communities', 'period', 'dates', 'asOf'], [], today);
    expect(toParams(['communities', 'period', 'dates', 'asOf'], [], v)).toEqual({
      PeriodFrom: '2026-05',
      PeriodTo: '2026-05',
      DateFrom: '2026-05-20',
      DateTo: '2026-05-20',
      AsOfDate: '2026-05-20',
    });
  });

  it('sends ranges as their two ends and leaves empty filters out', () => {
    const body = toParams(['communities', 'building', 'items', 'category', 'period'], extra, {
      CommunityIds: [3, 5],
      BuildingId: undefined,
      ItemIds: [],
      Category: 1,
      Period: [dayjs('2025-01-01'), dayjs('2026-12-01')],
      Keyword: ' 1-2 ',
      State: undefined,
    });
    expect(body).toEqual({
      CommunityIds: [3, 5],
      Category: 1,
      PeriodFrom: '2025-01',
      PeriodTo: '2026-12',
      Keyword: '1-2',
    });
  });

  it('a link body comes back as the same filters', () => {
    const filters = ['communities', 'building', 'items', 'period', 'asOf'] as const;
    const values = {
      CommunityIds: [3],
      BuildingId: 7,
      ItemIds: [1, 2],
      Period: [dayjs('2026-01-01'), dayjs('2026-03-01')],
      AsOfDate: dayjs('2026-05-01'),
      Keyword: '张',
    };
    const body = toParams(filters, extra, values);
    expect(toParams(filters, extra, fromParams(filters, extra, body, today))).toEqual(body);
  });

  it('a single community or month becomes the multi or range filter of the detail report', () => {
    const v = fromParams(['communities', 'period'], [], { CommunityId: 4, Month: '2026-04' }, today);
    expect(toParams(['communities', 'period'], [], v)).toEqual({
      CommunityIds: [4],
      PeriodFrom: '2026-04',
      PeriodTo: '2026-04',
    });
    const one = fromParams(['community', 'month'], [], { CommunityIds: [4], PeriodFrom: '2026-04' }, today);
    expect(toParams(['community', 'month'], [], one)).toEqual({ CommunityId: 4, Month: '2026-04' });
  });

  it('a link carries the common filters and its own, not the summary report extras', () => {
    const url = linkUrl(
      { path: '/chargemanage/chargerec/qjmx', params: { RoomId: 12 } },
      { CommunityIds: [3], AsOfDate: '2026-05-20', MinMonths: 3, GroupBy: 5 },
    );
    expect(url.startsWith('/chargemanage/chargerec/qjmx?f=')).toBe(true);
    expect(linkParams(url.slice(url.indexOf('?')))).toEqual({ CommunityIds: [3], AsOfDate: '2026-05-20', RoomId: 12 });
    expect(linkParams('?f=%7Bbroken')).toEqual({});
    expect(linkParams('')).toEqual({});
  });
});

describe('report rows', () => {
  it('keys rows and their Children and drops an empty Children', () => {
    type Row = { Name: string; __key?: string; Children?: Row[] };
    const rows = keyedRows<Row>([
      { Name: '物业费', Children: [{ Name: 'a' }, { Name: 'b' }] },
      { Name: '水费', Children: [] },
    ]);
    expect(rows.map((r) => r.__key)).toEqual(['0', '1']);
    expect(rows[0]!.Children!.map((c) => c.__key)).toEqual(['0-0', '0-1']);
    expect('Children' in rows[1]!).toBe(false);
  });

  it('pins the last 4 reports opened, newest first, without repeats', () => {
    let recent: string[] = [];
    for (const p of ['a', 'b', 'c', 'd', 'b', 'e']) recent = pushRecent(recent, p);
    expect(recent).toEqual(['e', 'b', 'd', 'c']);
  });
});
