import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { uploads } from '../../db/schema';
import { multipartBody, PNG_1PX } from './fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('service', 'Service@123');
});
afterAll(() => t.close());

/** Every file in the uploads store, as stored paths. */
function storedFiles(): string[] {
  const root = path.join(t.deps.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

async function upload(files: Parameters<typeof multipartBody>[0], fields: Record<string, string> = { tp: '2' }) {
  const { body, contentType } = multipartBody(files, fields);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Img/PostFiles',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, json: res.json() };
}

describe('api/Img/PostFiles', () => {
  it('stores an image, answers its name and URL, and serves it back', async () => {
    const r = await upload([{ name: 'file', filename: 'avatar.png', data: PNG_1PX, type: 'image/png' }]);
    expect(r.json.ret).toBe(0);
    const [name] = r.json.data.listFileName as string[];
    const [url] = r.json.data.listFileNameUrl as string[];
    expect(name).toMatch(/^\d{6}\/[0-9a-f]{32}\.png$/);
    expect(url).toBe(`/uploads/${name}`);
    // Served only with a session of its company (core/upload-serve.test.ts has the refusals).
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const got = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.rawPayload, PNG_1PX)).toBe(0);
  });

  it('decides the type by content, not by the file name', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const r = await upload([{ name: 'file', filename: 'fake.png', data: html, type: 'image/png' }]);
    expect(r.json).toMatchObject({ ret: 400, msg: '上传的图片格式不对，要求为jpg,png,bmp格式!' });
    expect(await t.db.select().from(uploads)).toHaveLength(1);
  });

  it('refuses an image of 5 MB or more', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]);
    const r = await upload([{ name: 'file', filename: 'big.png', data: big }]);
    expect(r.json).toMatchObject({ ret: 400, msg: '上传的图片大小不能超过 5MB!' });
  });

  it('refuses a file over the 10 MB transport limit without storing it', async () => {
    const huge = Buffer.concat([PNG_1PX, Buffer.alloc(11 * 1024 * 1024)]);
    const r = await upload([{ name: 'file', filename: 'huge.png', data: huge }], { tp: '3' });
    expect(r.json.ret).toBe(400);
    expect(await t.db.select().from(uploads)).toHaveLength(1);
  });

  it('keeps a file name with NUL or broken characters readable, and the file with its row', async () => {
    const r = await upload([{ name: 'file', filename: 'a\u0000b\uD800.png', data: PNG_1PX, type: 'image/png' }]);
    expect(r.json.ret).toBe(0);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.storedPath, r.json.data.listFileName[0]));
    expect(row).toMatchObject({ originalName: 'ab.png', kind: 'image' });
  });

  it('refuses more than 20 MB in one request cleanly, with no file left behind', async () => {
    const before = await t.db.select().from(uploads);
    const files = Array.from({ length: 3 }, (_, i) => ({
      name: 'file',
      filename: `${i}.pdf`,
      data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(9.5 * 1024 * 1024)]),
    }));
    const r = await upload(files, { tp: '3' });
    expect(r.json).toMatchObject({ ret: 400, msg: '一次上传的文件总大小不能超过 20MB' });
    expect(await t.db.select().from(uploads)).toHaveLength(before.length);
    expect(storedFiles()).toEqual(before.map((u) => u.storedPath).sort());
  });

  it('refuses more than 10 files in one request', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ name: 'file', filename: `${i}.png`, data: PNG_1PX }));
    const r = await upload(files);
    expect(r.json).toMatchObject({ ret: 400, msg: '一次最多上传10个文件' });
  });

  it('refuses a request with no file', async () => {
    const r = await upload([], { tp: '2' });
    expect(r.json).toMatchObject({ ret: 400, msg: '请选择要上传的文件' });
  });
});

describe('office attachments (tp 3)', () => {
  it('accepts a real xlsx as a document and refuses a zip that is not one', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('a').addRow(['x']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const ok = await upload([{ name: 'file', filename: '合同.xlsx', data: xlsx }], { tp: '3' });
    expect(ok.json.ret).toBe(0);
    expect(ok.json.data.listFileName[0]).toMatch(/\.xlsx$/);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('evil/payload.bin')]);
    const bad = await upload([{ name: 'file', filename: 'x.docx', data: zip }], { tp: '3' });
    expect(bad.json).toMatchObject({ ret: 400, msg: '文件格式不支持' });
    // Not for images.
    expect((await upload([{ name: 'file', filename: 'a.xlsx', data: xlsx }], { tp: '2' })).json.ret).toBe(400);
  });
});
