import { describe, expect, it } from 'vitest';
import { datedFileName, fileNameOf, isJsonAnswer } from './file-name';

describe('download file names', () => {
  it("prefers the UTF-8 name of filename*=UTF-8''", () => {
    const header = `attachment; filename="__.xlsx"; filename*=UTF-8''${encodeURIComponent('员工_20250701.xlsx')}`;
    expect(fileNameOf(header)).toBe('员工_20250701.xlsx');
  });

  it('falls back to the plain name, then to the given default', () => {
    expect(fileNameOf('attachment; filename="staff.xlsx"')).toBe('staff.xlsx');
    expect(fileNameOf('attachment; filename=staff.xlsx')).toBe('staff.xlsx');
    expect(fileNameOf(undefined, '员工.xlsx')).toBe('员工.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A")).toBe('download.xlsx');
  });

  it('tells a JSON refusal from a file', () => {
    expect(isJsonAnswer('application/json; charset=utf-8')).toBe(true);
    expect(isJsonAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(false);
  });

  it('dates a fallback name', () => {
    expect(datedFileName('员工', new Date(2025, 6, 1))).toBe('员工_20250701.xlsx');
  });
});
