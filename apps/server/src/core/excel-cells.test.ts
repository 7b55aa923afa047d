import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellValue, xlsxExport, type XlsxColumn } from './excel';

type Row = { Name: string; Area: string; Phone: string; Inner: string | null };
const columns: XlsxColumn<Row>[] = [
  { header: '名称', value: (r) => r.Name },
  { header: '建筑面积', value: (r) => r.Area, numFmt: '0.00' },
  { header: '手机', value: (r) => r.Phone },
  { header: '套内面积', value: (r) => r.Inner, numFmt: '0.00' },
];

describe('export cells', () => {
  it('number columns hold numbers; other text stays text, even when it looks like a number', () => {
    const row = { Name: '101', Area: '88.50', Phone: '13800000001', Inner: null };
    expect(columns.map((c) => cellValue(c, row))).toEqual(['101', 88.5, '13800000001', '']);
  });

  it('the written file has numeric cells in the number format, in the declared order', async () => {
    const file = await xlsxExport('t', columns, [{ Name: 'A', Area: '126.80', Phone: '1', Inner: '102.40' }]);
    const chunks: Buffer[] = [];
    for await (const c of file.body as AsyncIterable<Buffer>) chunks.push(c);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, '名称', '建筑面积', '手机', '套内面积']);
    expect(ws.getCell('B2').value).toBe(126.8);
    expect(ws.getCell('B2').numFmt).toBe('0.00');
    expect(ws.getCell('D2').value).toBe(102.4);
    expect(ws.getCell('C2').value).toBe('1');
  });
});
