import { describe, expect, it } from 'vitest';
import { commitProgress, isBadRow, rowSummary, summaryItems } from './import-preview-logic';

describe('import preview', () => {
  it('labels the counts it knows, base ones first', () => {
    expect(summaryItems({ Total: 10, Ok: 8, Error: 2, NewRooms: 8, Other: 1 }, { NewRooms: '新增房间' })).toEqual([
      { key: 'Total', label: '总行数', value: 10 },
      { key: 'Ok', label: '正确', value: 8 },
      { key: 'Error', label: '错误', value: 2 },
      { key: 'NewRooms', label: '新增房间', value: 8 },
    ]);
    expect(summaryItems(undefined)).toEqual([]);
  });
  it('tells bad rows', () => {
    expect(isBadRow({ Row: 3, Status: '错误', Messages: ['第3行：x'], Values: {} })).toBe(true);
    expect(isBadRow({ Row: 4, Status: '正确', Messages: [], Values: {} })).toBe(false);
  });
  it('estimates the commit without reaching 100', () => {
    expect(commitProgress(0, 0, 1000)).toBe(0);
    expect(commitProgress(0, 60_000, 1000)).toBe(95);
    expect(commitProgress(100, 10, 1000)).toBe(100);
    const mid = commitProgress(0, 1500, 1000);
    expect(mid).toBeGreaterThan(40);
    expect(mid).toBeLessThan(95);
  });
  it('joins the first cells of a row', () => {
    expect(rowSummary({ a: '阳光花园', b: '', c: 12 }, ['a', 'b', 'c'])).toBe('阳光花园 / 12');
  });
});
