import path from 'node:path';

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;
/** All files of one request together (a form attaches up to 10). */
export const UPLOAD_TOTAL_MAX_BYTES = 20 * 1024 * 1024;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * The name as the user will see it again: control characters (NUL included) and broken UTF-16 removed, at most
 * 255 characters; the stored file is named by us, never by this.
 */
export function cleanFileName(name: string): string {
  const clean = name
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\ufffd]/g, '')
    .trim();
  return [...clean].slice(0, 255).join('') || 'file';
}

export interface SniffedType {
  ext: string;
  mime: string;
  kind: 'image' | 'document';
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

/** The file's type comes from its first bytes, never from its name or the client's content-type. */
export function sniffType(head: Buffer): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg', kind: 'image' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', mime: 'image/png', kind: 'image' };
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 26) return { ext: 'bmp', mime: 'image/bmp', kind: 'image' };
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return { ext: 'gif', mime: 'image/gif', kind: 'image' };
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return { ext: 'webp', mime: 'image/webp', kind: 'image' };
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { ext: 'pdf', mime: 'application/pdf', kind: 'document' };
  return null;
}

const utf16 = (s: string) => Buffer.from(s, 'utf16le');

/**
 * Office documents for attachments (staff files, contracts): docx/xlsx are zips whose entry names say which, and
 * doc/xls are OLE compound files whose stream names do. Still decided by content, never by the file name.
 */
export function sniffOffice(buf: Buffer): SniffedType | null {
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    if (buf.includes('word/document.xml'))
      return {
        ext: 'docx',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        kind: 'document',
      };
    if (buf.includes('xl/workbook.xml'))
      return {
        ext: 'xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        kind: 'document',
      };
    return null;
  }
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (buf.includes(utf16('WordDocument'))) return { ext: 'doc', mime: 'application/msword', kind: 'document' };
    if (buf.includes(utf16('Workbook')) || buf.includes(utf16('Book')))
      return { ext: 'xls', mime: 'application/vnd.ms-excel', kind: 'document' };
  }
  return null;
}
