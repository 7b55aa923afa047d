import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { fieldLabel, hasUnsupportedText } from '@linli/shared';
import { ApiError, fail, fieldError, RET } from './errors';

/**
 * Spreadsheets for every list: a streaming xlsx export, an all-or-nothing import reader and a template generator.
 *
 * How a POST call answers a file: the handler returns a `FileAnswer`; the call registry then replies HTTP 200 with
 * the file's content type, `Content-Disposition: attachment; filename*=UTF-8''<name>` and no-store. Everything that
 * can fail (rights, validation, the query) happens before the first byte, so a refusal still comes back as the JSON
 * envelope; the client tells the two apart by the response content type.
 */
export class FileAnswer {
  constructor(
    readonly fileName: string,
    readonly body: Readable | Buffer,
    readonly contentType = XLSX_TYPE,
  ) {}
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value(row: T): string | number | null | undefined;
  /** A number column ('0.00', '0'): decimal strings from numeric columns are written as numbers in this format. */
  numFmt?: string;
}

/** Optional frame of an export: lines above the header (a report's title and filters) and a last row (its 合计). */
export interface XlsxFrame<T> {
  title?: string;
  lines?: string[];
  footer?: () => Promise<T | undefined> | T | undefined;
}

/** What a cell holds: a number column's text ('88.50') becomes the number, so sums and sorting work in Excel. */
export function cellValue<T>(column: XlsxColumn<T>, row: T): string | number {
  const v = column.value(row);
  if (v === null || v === undefined || v === '') return '';
  if (!column.numFmt) return v;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : v;
}

/** `content-disposition` for a Chinese file name: an ASCII fallback plus the RFC 5987 UTF-8 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** What exceljs's streaming sheet writer keeps inside (exceljs 4 StreamBuf): the XML not yet handed on, and where to. */
interface SheetStream {
  buffers?: { length: number }[];
  /** archiver's deflate: a readable-stream 2 Transform, which has no `writableLength` but the same state. */
  pipes?: (Writable & { _writableState?: { length: number } })[];
}

/** How far the sheet XML may run ahead of the zip's deflate before the rows wait (bytes). */
const SHEET_BACKLOG_MAX = 1024 * 1024;

/** Resolves on the stream's next 'drain' or 'close', and leaves no listener behind either way. */
function drainOf(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * Waits while the sheet's XML is piling up. exceljs writes each committed row into a buffer that it pushes into the
 * zip's deflate stream without looking at what write() answers, so on a fast query all the uncompressed XML of a
 * large export ended up queued in memory (100,000 rooms: ~90 MiB of buffers, 279 MiB peak RSS). Here the rows wait
 * for the deflate to drain, or — before the zip has started on the sheet — for its buffer to be taken.
 */
async function sheetCaughtUp(sheet: SheetStream, out: PassThrough): Promise<void> {
  for (;;) {
    if (out.destroyed) return;
    const deflate = sheet.pipes?.[0];
    if (deflate) {
      if ((deflate.writableLength ?? deflate._writableState?.length ?? 0) <= SHEET_BACKLOG_MAX) return;
      await drainOf(deflate);
      continue;
    }
    const held = (sheet.buffers ?? []).reduce((n, b) => n + b.length, 0);
    if (held <= SHEET_BACKLOG_MAX) return;
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * Rows are written one at a time to a zip stream that goes straight to the response. The rows wait whenever the
 * response is not being read (the stream's drain) or the zip's compression is behind (sheetCaughtUp), so a large
 * export (rows from `batchedRows`) holds a batch and about a megabyte of XML, not the file.
 *
 * The first row is read before the answer starts, so a query that fails (a bad filter the database refuses) still
 * answers the JSON envelope. A failure after that destroys the stream: the transfer ends without its last chunk, which
 * every client reports as a broken download, never as a complete file.
 */
export async function xlsxExport<T>(
  fileName: string,
  columns: XlsxColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
  sheetName = 'Sheet1',
  opts: XlsxFrame<T> = {},
): Promise<FileAnswer> {
  const it = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  const first = await it.next();
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName);
  const preamble = [...(opts.title ? [opts.title] : []), ...(opts.lines ?? [])];
  ws.columns = columns.map((c) => ({
    ...(preamble.length ? {} : { header: c.header }),
    width: c.width ?? Math.max(10, c.header.length * 2 + 4),
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  const sheet = (ws as unknown as { stream: SheetStream }).stream;
  void (async () => {
    // A report's frame (title, filter line, who and when) sits above the header; a plain list starts at the header.
    preamble.forEach((text, i) => {
      const row = ws.addRow([text]);
      if (i === 0 && opts.title) row.font = { bold: true, size: 14 };
      row.commit();
    });
    const head = preamble.length ? ws.addRow(columns.map((c) => c.header)) : ws.getRow(1);
    head.font = { bold: true };
    head.commit();
    let n = 0;
    for (let r = first; !r.done; r = await it.next()) {
      ws.addRow(columns.map((c) => cellValue(c, r.value))).commit();
      if (out.writableNeedDrain) await drainOf(out);
      if (++n % 100 === 0) await sheetCaughtUp(sheet, out);
    }
    // The footer (a report's 合计 row) is read only once every row is out, so it may be computed meanwhile.
    const footer = opts.footer ? await opts.footer() : undefined;
    if (footer) {
      const row = ws.addRow(columns.map((c) => cellValue(c, footer)));
      row.font = { bold: true };
      row.commit();
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err as Error));
  return new FileAnswer(`${fileName}.xlsx`, out);
}

export interface TemplateColumn {
  header: string;
  /** Shown as the header cell's note: the rule the row must follow. */
  note?: string;
  width?: number;
}

/** An empty sheet with the import's headers; the rules travel as notes so no sample row is imported by mistake. */
export async function xlsxTemplate(fileName: string, columns: TemplateColumn[]): Promise<FileAnswer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length * 2 + 6) }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  columns.forEach((c, i) => {
    if (c.note) head.getCell(i + 1).note = c.note;
  });
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return new FileAnswer(`${fileName}.xlsx`, buf);
}

export interface UploadedFile {
  fileName: string;
  data: Buffer;
  /** The other multipart fields (an import mode, a community …). */
  fields: Record<string, string>;
}

/** The one xlsx file of a multipart import request. */
export async function readUpload(req: FastifyRequest, maxBytes = IMPORT_MAX_BYTES): Promise<UploadedFile> {
  if (!req.isMultipart()) throw fail('请选择要导入的文件');
  const fields: Record<string, string> = {};
  let file: { fileName: string; data: Buffer } | undefined;
  for await (const part of req.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'field') {
      const value = String(part.value);
      if (hasUnsupportedText(part.fieldname) || hasUnsupportedText(value)) {
        throw fieldError(part.fieldname, `${fieldLabel(part.fieldname)}含有不支持的字符`);
      }
      fields[part.fieldname] = value;
      continue;
    }
    if (hasUnsupportedText(part.filename)) throw fieldError('FileName', '文件名含有不支持的字符');
    const data = await part.toBuffer().catch(() => null);
    if (!data || part.file.truncated) throw fail(`导入文件不能超过${Math.round(maxBytes / 1024 / 1024)}MB`);
    file ??= { fileName: part.filename || 'import.xlsx', data };
  }
  if (!file) throw fail('请选择要导入的文件');
  // xlsx is a zip: anything else (xls, csv, a renamed picture) is refused before the parser sees it.
  if (file.data.length < 4 || file.data.readUInt32LE(0) !== 0x04034b50) throw fail('请上传xlsx格式的文件');
  return { ...file, fields };
}

export interface SheetRow {
  /** The spreadsheet's own row number, as the user sees it (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

/** Reads the first sheet by header titles; blank rows are skipped; every value is trimmed text. */
/** Columns a file may lack (read as empty), and the older titles a column is still found by. */
export interface SheetColumns {
  optional?: ReadonlySet<string> | undefined;
  aliases?: Readonly<Record<string, readonly string[]>> | undefined;
}

export async function readSheet(
  data: Buffer,
  headers: string[],
  maxRows = IMPORT_MAX_ROWS,
  columns: SheetColumns = {},
): Promise<SheetRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fail('文件无法读取，请使用导入模板');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw fail('文件中没有数据');
  const colOf = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const title = cellText(cell.value).replace(/\*$/, '').trim();
    if (title && !colOf.has(title)) colOf.set(title, col);
  });
  const cols = new Map(
    headers.map((h) => [
      h,
      colOf.get(h) ?? columns.aliases?.[h]?.map((a) => colOf.get(a)).find((c) => c !== undefined),
    ]),
  );
  const missing = headers.filter((h) => cols.get(h) === undefined && !columns.optional?.has(h));
  if (missing.length) throw fail(`模板不正确，缺少列：${missing.join('、')}`);
  const rows: SheetRow[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const values: Record<string, string> = {};
    for (const h of headers) {
      const c = cols.get(h);
      values[h] = c === undefined ? '' : cellText(row.getCell(c).value).trim();
    }
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push({ row: r, values });
    if (rows.length > maxRows) throw fail(`单次最多导入${maxRows}行`);
  }
  if (!rows.length) throw fail('文件中没有数据');
  return rows;
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** Dates typed into Excel arrive as Date (UTC midnight); rich text and formulas as objects. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  return String(v);
}

export interface ImportError {
  Row: number;
  Reason: string;
}

/**
 * Checks every row before anything is written; one bad row imports nothing. The answer lists (行号, 原因) for the
 * client to show and download.
 */
export async function checkRows<T>(
  rows: SheetRow[],
  check: (row: SheetRow) => Promise<T | string> | T | string,
): Promise<T[]> {
  const ok: T[] = [];
  const errors: ImportError[] = [];
  for (const r of rows) {
    const res = await check(r);
    if (typeof res === 'string') errors.push({ Row: r.row, Reason: res });
    else ok.push(res);
  }
  if (errors.length) {
    throw new ApiError(RET.INVALID, `导入失败：${errors.length}行数据有误，未导入任何数据`, { ImportErrors: errors });
  }
  return ok;
}
