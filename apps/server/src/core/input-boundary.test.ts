import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { uploadPng } from '../../test/uploads';
import { communities, companies } from '../db/schema';
import { createCompany } from '../db/seed/create-company';
import { registerErrorHandlers } from './error-handler';

/** The probe's findings (issue #11 items 5–7), each answered at the boundary with the product's own message. */
let t: TestApp;
let admin: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
  other = await t.login('bieadmin', 'Other2026');
});
afterAll(() => t.close());

const json = (call: string, body: unknown, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api${call}`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });

const upload = async (token: string) => (await uploadPng(t, token)).url;

const company = {
  CmpName: '邻里物业',
  Contact: '张经理',
  ContactTel: '13800138000',
};
const community = { Name: '新小区', Province: '浙江省', City: '杭州市', District: '西湖区', Address: '文三路1号' };

describe('text no column can store is refused by name, in every call', () => {
  it('a NUL byte', async () => {
    const r = await t.api('/Community/Save', { ...community, Name: 'a\u0000b' }, admin);
    expect(r).toEqual({
      ret: 400,
      msg: '名称含有不支持的字符',
      data: { Errors: { Name: '名称含有不支持的字符' } },
    });
    expect(await t.db.select().from(communities).where(eq(communities.name, 'ab'))).toEqual([]);
  });

  it('half a UTF-16 pair, in a list item too', async () => {
    expect((await json('/Community/Save', { ...community, Name: '翠\uD800' })).json()).toMatchObject({
      ret: 400,
      msg: '名称含有不支持的字符',
    });
    const r = await json('/Import/ErrorFile', { Errors: [{ Row: 2, Reason: 'x' }], FileName: '报告\uDC00' });
    expect(r.json()).toMatchObject({ ret: 400, msg: '文件名含有不支持的字符' });
  });

  it('a password holding NUL', async () => {
    const r = await t.api(
      '/user/ChangePwd',
      { OldPwd: 'Admin@123', NewPwd: 'Abc\u0000d1234', ConfirmPwd: 'Abc\u0000d1234' },
      admin,
    );
    expect(r).toMatchObject({ ret: 400, msg: '新密码含有不支持的字符' });
    await t.login('admin', 'Admin@123');
  });

  it('an export with a NUL in its filter answers the envelope, not a cut file', async () => {
    const res = await json('/Community/Export', { Keyword: 'a\u0000' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ ret: 400, msg: '关键字含有不支持的字符' });
  });
});

describe('numbers and dates out of range', () => {
  it('PgIndex 1e308 is refused with the page rule', async () => {
    for (const call of ['/Community/List', '/Archives/GetList', '/SysMessage/MessageList']) {
      expect((await json(call, { PgIndex: 1e308 })).json(), call).toMatchObject({
        ret: 400,
        msg: '页码须为1到100000的整数',
      });
    }
    expect((await json('/Community/List', { PgSize: '1e308' })).json()).toMatchObject({
      ret: 400,
      msg: '每页条数须为1到10000的整数',
    });
  });

  it('a date filter that is no date', async () => {
    expect((await t.api('/Archives/GetList', { EntryFrom: 'abc' }, admin)).msg).toBe('入职开始日期格式不正确');
    expect((await t.api('/Archives/GetList', { EntryTo: '2026-02-30' }, admin)).msg).toBe('入职结束日期格式不正确');
    expect((await t.api('/Archives/GetList', { EntryFrom: '2026-02-28' }, admin)).ret).toBe(0);
  });

  it('wrong types read as the product, naming the field', async () => {
    expect((await json('/Community/Save', { ...community, Name: ['x'] })).json().msg).toBe('请输入小区名称');
    expect((await json('/Community/Get', { Id: 1e308 })).json().msg).toBe('编号不正确');
    expect((await json('/user/ChangePwd', {})).json().msg).not.toMatch(/期望|实际接收|string|undefined/);
  });
});

describe('pictures are this company’s own uploads', () => {
  it('refuses a script or an outside address as the company logo', async () => {
    for (const Logo of ['javascript:alert(document.cookie)', 'https://tracker.example.com/p.gif', '/uploads/../x']) {
      const r = await t.api('/user/CompanyEdit', { ...company, Logo }, admin);
      expect(r, Logo).toMatchObject({ ret: 400, msg: '企业标志须为本系统上传的文件' });
    }
    const [c] = await t.db.select({ logo: companies.logo }).from(companies).where(eq(companies.name, '邻里物业'));
    expect(c?.logo).toBe('');
  });

  it('accepts its own upload and refuses another company’s', async () => {
    const mine = await upload(admin);
    expect((await t.api('/user/CompanyEdit', { ...company, Logo: mine }, admin)).ret).toBe(0);
    const theirs = await upload(other);
    expect(await t.api('/user/CompanyEdit', { ...company, Logo: theirs }, admin)).toMatchObject({
      ret: 400,
      msg: '企业Logo不存在，请重新上传',
    });
    expect(await t.api('/Community/Save', { ...community, Photos: [theirs] }, admin)).toMatchObject({
      ret: 400,
      msg: '小区照片不存在，请重新上传',
    });
    expect(await t.api('/Community/Save', { ...community, Photos: [mine] }, admin)).toMatchObject({ ret: 0 });
  });

  it("a person's own avatar likewise", async () => {
    const me = (await t.api<{ UserName: string; Phone: string }>('/user/GetInfo', {}, admin)).data;
    const self = { UserName: me.UserName, Phone: me.Phone, Gender: 1 };
    const theirs = await upload(other);
    expect(await t.api('/user/UpdateSelf', { ...self, Logo: theirs }, admin)).toMatchObject({
      ret: 400,
      msg: '头像不存在，请重新上传',
    });
    expect(await t.api('/user/UpdateSelf', { ...self, Logo: 'data:image/png;base64,AAAA' }, admin)).toMatchObject({
      ret: 400,
      msg: '头像须为本系统上传的文件',
    });
    expect((await t.api('/user/UpdateSelf', { ...self, Logo: await upload(admin) }, admin)).ret).toBe(0);
  });
});

describe('the last resort', () => {
  it('a value the database refuses answers 参数错误, not 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandlers(app);
    for (const code of ['22P05', '22021', '22003', '22007', '22008']) {
      app.post(`/x/${code}`, async () => {
        throw Object.assign(new Error('db'), { cause: { code } });
      });
    }
    app.post('/x/other', async () => {
      throw new Error('bug');
    });
    for (const code of ['22P05', '22021', '22003', '22007', '22008']) {
      const res = await app.inject({ method: 'POST', url: `/x/${code}` });
      expect(res.json(), code).toEqual({ ret: 400, msg: '参数错误', data: null });
    }
    expect((await app.inject({ method: 'POST', url: '/x/other' })).json()).toMatchObject({ ret: 500 });
    await app.close();
  });
});
