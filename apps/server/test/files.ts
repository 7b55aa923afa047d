import ExcelJS from 'exceljs';
import { multipartBody } from '../src/modules/upload/fixtures';
import type { Envelope, TestApp } from './harness';

/** Calls a file-answering call; answers the raw response so a test can tell a file from an envelope. */
export async function download(t: TestApp, call: string, body: Record<string, unknown>, token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${call}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  });
  return {
    type: String(res.headers['content-type'] ?? ''),
    disposition: String(res.headers['content-disposition'] ?? ''),
    body: res.rawPayload,
    json: () => res.json() as Envelope,
  };
}

/** The first sheet as rows of text (the header row included). */
export async function sheetRows(data: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (c) => void cells.push(c.text));
    rows.push(cells);
  });
  return rows;
}

export async function makeXlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function uploadXlsx<T = unknown>(t: TestApp, call: string, data: Buffer, token: string) {
  const { body, contentType } = multipartBody([{ name: 'file', filename: 'import.xlsx', data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${call}`,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });
  return res.json() as Envelope<T>;
}
