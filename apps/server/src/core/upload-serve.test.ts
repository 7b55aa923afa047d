import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { faceImages } from '../db/schema';
import { createCompany } from '../db/seed/create-company';
import { writeDemoFaces } from '../db/seed/demo-faces';
import { PNG_1PX } from '../modules/upload/fixtures';
import { uploadImage } from '../modules/residents/test-helpers';
import { assertOwnUploads, releaseUploads } from './upload-refs';
import { resolveToken } from './auth';

let t: TestApp;
let admin: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  await createCompany(t.db, { name: '别家物业', account: 'servother', password: 'Other2026' });
  other = await t.login('servother', 'Other2026');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /uploads/*', () => {
  it('serves an upload to its company only: anonymous, a forged token and another company are refused', async () => {
    const rel = await uploadImage(t, PNG_1PX, admin, 'a.png');
    const url = `/uploads/${rel}`;
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ ret: 401 });
    expect((await get(url, bearer('forged-token'))).statusCode).toBe(401);
    const foreign = await get(url, bearer(other));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.rawPayload.includes(PNG_1PX)).toBe(false);

    const mine = await get(url, bearer(admin));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(mine.rawPayload, PNG_1PX)).toBe(0);
    // The console's <img> sends the Admin-Token cookie instead of a header.
    expect((await get(url, { cookie: `Admin-Token=${admin}` })).statusCode).toBe(200);
  });

  it('stops serving an upload once the row that used it is deleted', async () => {
    const rel = await uploadImage(t, PNG_1PX, admin, 'b.png');
    const auth = (await resolveToken(t.deps, admin))!;
    await assertOwnUploads(t.db, auth, { name: 'Photos', label: '照片' }, [`/uploads/${rel}`], {
      table: 'communities',
      id: 1,
    });
    expect((await get(`/uploads/${rel}`, bearer(admin))).statusCode).toBe(200);
    await releaseUploads(t.db, auth.cmpId, { table: 'communities', id: 1 }, t.deps.now());
    expect((await get(`/uploads/${rel}`, bearer(admin))).statusCode).toBe(404);
  });

  it('serves a current face photo and refuses it once the face is deleted', async () => {
    await writeDemoFaces(t.db, t.deps.config.dataDir);
    const [face] = await t.db.select().from(faceImages).where(eq(faceImages.status, 1)).limit(1);
    const url = `/uploads/${face!.imgPath}`;
    const ok = await get(url, bearer(admin));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect((await get(url, bearer(other))).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    expect((await t.api('/Face/Delete', { Id: face!.id }, admin)).ret).toBe(0);
    const others = await t.db
      .select()
      .from(faceImages)
      .where(and(eq(faceImages.imgPath, face!.imgPath), eq(faceImages.status, 1)));
    expect(others).toEqual([]);
    expect((await get(url, bearer(admin))).statusCode).toBe(404);
  });

  it('refuses paths outside the store and files nobody recorded', async () => {
    expect((await get('/uploads/..%2fdevice-url.key', bearer(admin))).statusCode).toBe(404);
    expect((await get('/uploads/202601/%00.png', bearer(admin))).statusCode).toBe(404);
    expect((await get('/uploads/202601/nothing.png', bearer(admin))).statusCode).toBe(404);
  });
});

describe('assertOwnUploads', () => {
  it("refuses another company's upload, an unknown path and an outside URL, naming the field", async () => {
    const mine = await uploadImage(t, PNG_1PX, admin, 'c.png');
    const theirs = await uploadImage(t, PNG_1PX, other, 'd.png');
    const auth = (await resolveToken(t.deps, admin))!;
    const field = { name: 'Logo', label: '企业Logo' };
    await expect(assertOwnUploads(t.db, auth, field, [mine, `/uploads/${mine}`, '', null])).resolves.toBeUndefined();
    for (const bad of [theirs, '202601/none.png', 'https://tracker.example/x.png', 'javascript:alert(1)'])
      await expect(assertOwnUploads(t.db, auth, field, [mine, bad])).rejects.toMatchObject({
        message: '企业Logo不存在，请重新上传',
        data: { Errors: { Logo: '企业Logo不存在，请重新上传' } },
      });
  });
});

describe('saves that reference uploads', () => {
  const community = {
    Province: '浙江省',
    City: '杭州市',
    District: '拱墅区',
    Address: '莫干山路1号',
    ServicePhone: '0571-88880000',
  };

  it("refuse another company's upload; a deleted community's photos are served no more", async () => {
    const theirs = await uploadImage(t, PNG_1PX, admin, 'e.png');
    const refused = await t.api(
      '/Community/Save',
      { Id: 0, Name: '偷图小区', ...community, Photos: JSON.stringify([`/uploads/${theirs}`]) },
      other,
    );
    expect(refused).toMatchObject({
      ret: 400,
      msg: '小区照片不存在，请重新上传',
      data: { Errors: { Photos: expect.any(String) } },
    });
    expect((await t.api('/Community/List', { Name: '偷图小区' }, other)).count).toBe(0);
    const company = { CmpName: '别家物业', Contact: '张三', ContactTel: '0571-88880000' };
    const logo = await t.api('/user/CompanyEdit', { ...company, Logo: `/uploads/${theirs}` }, other);
    expect(logo).toMatchObject({ ret: 400, msg: '企业Logo不存在，请重新上传' });
    const outside = await t.api('/user/CompanyEdit', { ...company, Logo: 'javascript:alert(document.cookie)' }, other);
    expect(outside.ret).toBe(400);

    const mine = await uploadImage(t, PNG_1PX, other, 'f.png');
    const saved = await t.api<{ Id: number }>(
      '/Community/Save',
      { Id: 0, Name: '自家小区', ...community, Photos: JSON.stringify([`/uploads/${mine}`]) },
      other,
    );
    expect(saved.ret, saved.msg).toBe(0);
    expect((await get(`/uploads/${mine}`, bearer(other))).statusCode).toBe(200);
    expect((await t.api('/Community/Delete', { Id: saved.data.Id }, other)).ret).toBe(0);
    expect((await get(`/uploads/${mine}`, bearer(other))).statusCode).toBe(404);
  });
});
