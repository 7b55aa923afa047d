import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  columnKey,
  exportParams,
  listKey,
  listParams,
  searchParams,
  sortOf,
  visibleColumns,
  withMoney,
} from './list-logic';
import type { CrudColumn, SearchField } from './types';

type Row = { Id: number; Name: string; PayMoney: number };

describe('list parameters', () => {
  const fields: SearchField[] = [
    { name: 'Keyword', label: '关键字' },
    { name: 'Entry', label: '入职日期', type: 'dateRange', rangeNames: ['EntryFrom', 'EntryTo'] },
    { name: 'ContractDue', label: '', type: 'checkbox' },
    { name: 'State', label: '状态', type: 'select' },
  ];

  it('drops empty values, trims text, splits a date range and sends a ticked box as 1', () => {
    const values = {
      Keyword: '  张三 ',
      Entry: [dayjs('2025-01-01'), dayjs('2025-03-31')],
      ContractDue: true,
      State: 0,
      Empty: '',
    };
    expect(searchParams(fields, values)).toEqual({
      Keyword: '张三',
      EntryFrom: '2025-01-01',
      EntryTo: '2025-03-31',
      ContractDue: 1,
      State: 0,
    });
  });

  it('leaves out an unticked box and blank text', () => {
    expect(searchParams(fields, { ContractDue: false, Keyword: '   ' })).toEqual({});
  });

  it('adds paging and the sort to the search and the fixed parameters', () => {
    expect(
      listParams({
        filters: { Keyword: 'a' },
        extra: { DptId: 4 },
        page: 2,
        size: 50,
        sort: { field: 'Name', order: 'desc' },
      }),
    ).toEqual({ DptId: 4, Keyword: 'a', PgIndex: 2, PgSize: 50, SortField: 'Name', SortOrder: 'desc' });
  });

  it('exports exactly the current filters, without paging', () => {
    expect(exportParams({ Keyword: 'a', PgIndex: 3, PgSize: 20, SortField: 'Name' })).toEqual({
      Keyword: 'a',
      SortField: 'Name',
    });
  });

  it('keys a list by its resource first, so invalidating the resource reloads it', () => {
    expect(listKey('staff', { PgIndex: 1 })).toEqual(['staff', 'list', { PgIndex: 1 }]);
  });

  it("reads antd's sorter", () => {
    expect(sortOf({ field: 'Name', order: 'ascend' })).toEqual({ field: 'Name', order: 'asc' });
    expect(sortOf({ field: 'Name', order: undefined })).toBeNull();
  });
});

describe('columns', () => {
  const columns: CrudColumn<Row>[] = [
    { title: '编号', dataIndex: 'Id', hideable: false },
    { title: '名称', dataIndex: 'Name' },
    { title: '金额', dataIndex: 'PayMoney' },
  ];

  it('formats a field whose name contains Money with 2 decimals', () => {
    const money = withMoney(columns)[2]!;
    expect((money.render as (v: unknown) => string)(12.5)).toBe('12.50');
    expect((money.render as (v: unknown) => string)('5%')).toBe('5%');
    expect(withMoney(columns)[1]!.render).toBeUndefined();
  });

  it('hides the columns 列设置 turned off, never the fixed ones', () => {
    const shown = visibleColumns(columns, new Set(['Name', 'Id']));
    expect(shown.map(columnKey)).toEqual(['Id', 'PayMoney']);
  });
});
