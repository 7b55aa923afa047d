import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, makeXlsx, sheetRows, uploadXlsx } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { createCompany } from '../../db/seed/create-company';
import { drainJobs } from '../jobs';
import { clerkWith, communityId } from '../properties/test-helpers';
import { sms } from '.';
import { registerArrearsRooms } from './arrears-seam';
import { balanceOf, counts, demoIds, target } from './test-helpers';

let t: TestApp;
let admin: string;
let other: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
let cmpA: number;
beforeAll(async () => {
  t = await createTestApp();
  t.freeze();
  admin = await t.login('admin', 'Admin@123');
  await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
  other = await t.login('bieadmin', 'Other2026');
  ids = await demoIds(t);
  cmpA = (await sqlRows<{ id: number }>(t.db, sql`select id from companies where name = '邻里物业'`))[0]!.id;
});
afterAll(() => t.close());

describe('短信充值 (acceptance 4)', () => {
  it('orders 1000条, confirms with a 流水号 once: balance +1000 with a 充值 log row', async () => {
    const before = await balanceOf(t);
    const add = await t.api<{ Id: number; OrderNo: string }>('/SmsRecharge/Add', { Package: 1, PayMethod: 2 }, admin);
    expect(add.ret, add.msg).toBe(0);
    const list = await t.api<Record<string, unknown>[]>('/SmsRecharge/List', { State: 1 }, admin);
    expect(list.data[0]).toMatchObject({
      OrderNo: add.data.OrderNo,
      Count: 1000,
      PayMoney: '80.00',
      PayMethodName: '微信',
      StateName: '待支付',
    });
    expect(await t.api('/SmsRecharge/Confirm', { Id: add.data.Id, PayRef: ' ' }, admin)).toMatchObject({
      ret: 400,
      msg: '请输入流水号',
    });
    expect(await t.api('/SmsRecharge/Confirm', { Id: add.data.Id, PayRef: 'WX001' }, admin)).toMatchObject({ ret: 0 });
    expect(await balanceOf(t)).toBe(before + 1000);
    expect(await t.api('/SmsRecharge/Confirm', { Id: add.data.Id, PayRef: 'WX001' }, admin)).toMatchObject({
      ret: 400,
      msg: '订单状态已变更',
    });
    expect(await t.api('/SmsRecharge/Cancel', { Id: add.data.Id }, admin)).toMatchObject({
      ret: 400,
      msg: '订单状态已变更',
    });
    expect(await balanceOf(t)).toBe(before + 1000);
    const log = await t.api<Record<string, unknown>[]>('/SmsRecharge/BalanceLog', { Kind: 1 }, admin);
    expect(log.data[0]).toMatchObject({
      KindName: '充值',
      Delta: 1000,
      Balance: before + 1000,
      RefNo: add.data.OrderNo,
    });
    expect((await t.api('/SmsRecharge/Balance', {}, admin)).data).toEqual({
      Balance: before + 1000,
      UnitPrice: '0.0800',
    });
  });

  it('a user without dxgl_dxcz:confirm gets 403 and nothing changes; cancel works on 待支付', async () => {
    const clerk = await clerkWith(t, admin, [
      { RoleKey: 'dxgl_dxcz', Btn: 'add' },
      { RoleKey: 'dxgl_dxcz', Btn: 'cancel' },
    ]);
    const add = await t.api<{ Id: number }>('/SmsRecharge/Add', { Package: 2, PayMethod: 1 }, clerk);
    expect(add.ret).toBe(0);
    const before = await balanceOf(t);
    expect(await t.api('/SmsRecharge/Confirm', { Id: add.data.Id, PayRef: 'X' }, clerk)).toMatchObject({ ret: 403 });
    expect(await balanceOf(t)).toBe(before);
    expect(await t.api('/SmsRecharge/Cancel', { Id: add.data.Id }, clerk)).toMatchObject({ ret: 0 });
    expect(await t.api('/SmsRecharge/Confirm', { Id: add.data.Id, PayRef: 'X' }, admin)).toMatchObject({
      msg: '订单状态已变更',
    });
    expect(
      await t.api(
        '/Sms/Send',
        {
          Target: target({ Kind: 4, Phones: ['13900000001'] }),
          TemplateId: ids.water,
          SignId: ids.sign,
          Vars: { 日期: '1日' },
        },
        clerk,
      ),
    ).toMatchObject({ ret: 403 });
    expect(await t.api('/SmsRecharge/Export', {}, clerk)).toMatchObject({ ret: 403 });
  });

  it('refuses a package or pay method not in the list', async () => {
    expect(await t.api('/SmsRecharge/Add', { Package: 9, PayMethod: 1 }, admin)).toMatchObject({
      ret: 400,
      msg: '请选择套餐',
    });
    expect(await t.api('/SmsRecharge/Add', { Package: 1, PayMethod: 0 }, admin)).toMatchObject({
      ret: 400,
      msg: '请选择支付方式',
    });
  });
});

describe('短信充值 list', () => {
  it('shows 下单人/确认人, dates the order numbers by the order day, and sums 已支付 orders only in 合计', async () => {
    const list = await t.api<Record<string, string | number>[]>('/SmsRecharge/List', { PgSize: 100 }, admin);
    expect(list.ret, list.msg).toBe(0);
    expect(list.data.length).toBeGreaterThanOrEqual(3);
    for (const r of list.data) {
      expect(r.CreatorName, String(r.OrderNo)).not.toBe('');
      if (r.State === 2) expect(r.ConfirmerName, String(r.OrderNo)).not.toBe('');
      // CZ + YYYYMMDD of 下单时间 …
      expect(String(r.OrderNo).slice(2, 10)).toBe(String(r.CreateTime).slice(0, 10).replace(/-/g, ''));
    }
    const paidFen = list.data
      .filter((r) => r.State === 2)
      .reduce((s, r) => s + Math.round(Number(r.PayMoney) * 100), 0);
    expect(list.data.some((r) => r.State === 1)).toBe(true);
    const totals = (list as unknown as { totals: { PayMoney: string } }).totals;
    expect(Math.round(Number(totals.PayMoney) * 100)).toBe(paidFen);
  });
});

describe('templates, signatures and the channel', () => {
  it('a new template or signature without State is 待审核; review is set by hand', async () => {
    const tpl = await t.api<{ Id: number }>(
      '/Sms/TemplateSave',
      { Name: '活动通知', Kind: 3, Content: '{姓名}您好，{小区}周末有{活动}。' },
      admin,
    );
    expect(tpl.ret, tpl.msg).toBe(0);
    const list = await t.api<Record<string, unknown>[]>('/Sms/TemplateList', {}, admin);
    expect(list.data.find((x) => x.Id === tpl.data.Id)).toMatchObject({
      StateName: '待审核',
      KindName: '营销',
      Variables: ['姓名', '小区', '活动'],
    });
    expect(
      await t.api(
        '/Sms/TemplateSave',
        { Id: tpl.data.Id, Name: '活动通知', Kind: 3, Content: '{姓名}您好', State: 2 },
        admin,
      ),
    ).toMatchObject({ ret: 0 });
    expect((await t.api<unknown[]>('/Sms/TemplateList', { State: 2 }, admin)).data).toContainEqual(
      expect.objectContaining({ Id: tpl.data.Id }),
    );
    expect(await t.api('/Sms/TemplateSave', { Name: '活动通知', Kind: 1, Content: 'x' }, admin)).toMatchObject({
      msg: '模板名称已存在',
    });
    expect(await t.api('/Sms/TemplateSave', { Name: '坏模板', Kind: 1, Content: '您好{姓名' }, admin)).toMatchObject({
      msg: '模板变量格式不正确，应为{变量名}',
    });
    expect(await t.api('/Sms/TemplateSave', { Name: '长', Kind: 1, Content: 'x'.repeat(501) }, admin)).toMatchObject({
      msg: '模板内容不能超过500个字符',
    });
    expect(await t.api('/Sms/TemplateDel', { Id: tpl.data.Id }, admin)).toMatchObject({ ret: 0 });
    expect(await t.api('/Sms/TemplateDel', { Id: ids.notice }, admin)).toMatchObject({
      msg: '该模板已用于群发，不能删除',
    });
    const sign = await t.api<{ Id: number }>('/Sms/SignSave', { Name: '【阳光物业】' }, admin);
    expect((await t.api<Record<string, unknown>[]>('/Sms/SignList', {}, admin)).data).toContainEqual({
      Id: sign.data.Id,
      Name: '阳光物业',
      State: 1,
      StateName: '待审核',
    });
    expect(await t.api('/Sms/SignSave', { Name: '阳' }, admin)).toMatchObject({ msg: '签名需为2-12个字符' });
    expect(
      await t.api(
        '/Sms/Preview',
        {
          Target: target({ Kind: 4, Phones: ['13900000001'] }),
          TemplateId: ids.water,
          SignId: sign.data.Id,
          Vars: { 日期: '1日' },
        },
        admin,
      ),
    ).toMatchObject({ msg: '签名未通过审核，不能发送' });
  });

  it('a signature edit keeps its review state unless given one; a taken name or another company is refused', async () => {
    const signs = async (who = admin) =>
      (await t.api<{ Id: number; Name: string; State: number }[]>('/Sms/SignList', {}, who)).data;
    const made = await t.api<{ Id: number }>('/Sms/SignSave', { Name: '翠苑物业', State: 2 }, admin);
    expect(made.ret, made.msg).toBe(0);
    const Id = made.data.Id;
    expect(await t.api('/Sms/SignSave', { Id, Name: '翠苑管家' }, admin)).toMatchObject({ ret: 0, data: { Id } });
    expect((await signs()).find((s) => s.Id === Id)).toMatchObject({ Name: '翠苑管家', State: 2 });
    expect(await t.api('/Sms/SignSave', { Id, Name: '翠苑管家', State: 3 }, admin)).toMatchObject({ ret: 0 });
    expect((await signs()).find((s) => s.Id === Id)).toMatchObject({ State: 3 });
    expect(await t.api('/Sms/SignSave', { Name: '翠苑管家' }, admin)).toMatchObject({
      ret: 400,
      msg: '签名已存在',
      data: { Errors: { Name: '签名已存在' } },
    });
    expect(await t.api('/Sms/SignSave', { Id, Name: '别家签名' }, other)).toMatchObject({ ret: 404 });
    expect((await signs()).filter((s) => s.Name.startsWith('翠苑'))).toHaveLength(1);
    const [logged] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where entity = 'sms_sign' and entity_id = ${Id}`,
    );
    expect(logged!.n).toBe(3);
  });

  it('the secret is write-only and encrypted; the unit price prices the preview', async () => {
    expect(
      await t.api('/Sms/ProviderSave', { Kind: 1, Key: 'LTAI5t', Secret: '', UnitPrice: '0.05' }, admin),
    ).toMatchObject({ msg: '请输入Secret' });
    expect(
      await t.api('/Sms/ProviderSave', { Kind: 1, Key: 'LTAI5t', Secret: 'top-secret', UnitPrice: '0.05' }, admin),
    ).toMatchObject({ ret: 0 });
    expect((await t.api('/Sms/ProviderGet', {}, admin)).data).toMatchObject({
      Kind: 1,
      KindName: '阿里云',
      Key: 'LTAI5t',
      Secret: '****',
      UnitPrice: '0.0500',
    });
    const [p] = await sqlRows<{ secret_enc: string }>(
      t.db,
      sql`select secret_enc from sms_providers where cmp_id = ${cmpA}`,
    );
    expect(p!.secret_enc).not.toContain('top-secret');
    expect(await t.api('/Sms/ProviderSave', { Kind: 3, Secret: '****', UnitPrice: '0.08' }, admin)).toMatchObject({
      ret: 0,
    });
    const [q] = await sqlRows<{ secret_enc: string }>(
      t.db,
      sql`select secret_enc from sms_providers where cmp_id = ${cmpA}`,
    );
    expect(q!.secret_enc).toBe(p!.secret_enc);
    expect(await t.api('/Sms/ProviderSave', { Kind: 3, UnitPrice: '-1' }, admin)).toMatchObject({ ret: 400 });
  });

  it('测试发送 sends a charged 测试 record to one phone', async () => {
    const before = await balanceOf(t);
    expect(await t.api('/Sms/TestSend', { Phone: '1234' }, admin)).toMatchObject({ msg: '手机号格式不正确' });
    const r = await t.api<{ Id: number }>('/Sms/TestSend', { Phone: '13700001234' }, admin);
    expect(r.ret, r.msg).toBe(0);
    expect(await balanceOf(t)).toBe(before - 1);
    await drainJobs(t.deps);
    expect(t.sent.at(-1)).toMatchObject({
      phone: '13700001234',
      content: expect.stringMatching(/^【邻里物业】这是一条测试短信/),
    });
    const rec = await t.api<Record<string, unknown>[]>('/SmsRecord/List', { Source: 5 }, admin);
    expect(rec.data[0]).toMatchObject({ Phone: '137****1234', SourceName: '测试', Provider: '日志通道' });
  });
});

describe('sms.send for other modules', () => {
  it('charges and queues inside the caller transaction, and a rollback leaves nothing', async () => {
    const before = await balanceOf(t);
    const n0 = await counts(t);
    await expect(
      t.db.transaction(async (tx) => {
        await sms.send(tx, {
          CmpId: cmpA,
          Source: 4,
          SourceId: 7,
          Phone: '13600001111',
          TemplateId: ids.arrears,
          Vars: { 姓名: '张三', 房号: '1栋-1单元-101', 金额: '120.00' },
        });
        throw new Error('the fee write failed');
      }),
    ).rejects.toThrow('the fee write failed');
    expect(await counts(t)).toEqual(n0);
    expect(await balanceOf(t)).toBe(before);
    const r = await t.db.transaction((tx) =>
      sms.send(tx, {
        CmpId: cmpA,
        Source: 4,
        SourceId: 7,
        Phone: '13600001111',
        TemplateId: ids.arrears,
        Vars: { 姓名: '张三', 房号: '1栋-1单元-101', 金额: '120.00' },
        now: t.deps.now(),
      }),
    );
    expect(r.Content).toBe('【邻里物业】尊敬的张三，您1栋-1单元-101尚欠物业费120.00元，请尽快缴纳，如已缴请忽略。');
    expect(r.Segments).toBe(1);
    expect(await balanceOf(t)).toBe(before - 1);
    await drainJobs(t.deps);
    const rec = await t.api<Record<string, unknown>[]>('/SmsRecord/List', { Source: 4 }, admin);
    expect(rec.data[0]).toMatchObject({ Id: r.Id, SourceName: '欠费催缴', Name: '', Provider: '日志通道' });
    await expect(
      t.db.transaction((tx) =>
        sms.send(tx, { CmpId: cmpA, Source: 4, Phone: '13600001111', TemplateId: ids.arrears, Vars: { 姓名: '张三' } }),
      ),
    ).rejects.toThrow('请填写变量{房号}');
  });
});

describe('欠费住户 through the arrears seam', () => {
  it('the fee module answers the target from the bills; a registered query fills {金额} per room', async () => {
    const sunny = await communityId(t, '阳光花园');
    const b = {
      Target: target({ Kind: 5, CommunityIds: [sunny], ArrearsMoney: '100', ArrearsMonths: 2 }),
      TemplateId: ids.arrears,
      SignId: ids.sign,
      Vars: {},
    };
    // The fee module registers its arrears query when its calls load: the demo bills owe in 阳光花园.
    const fromBills = await t.api<{ Total: number }>('/Sms/Preview', b, admin);
    expect(fromBills.data.Total).toBeGreaterThan(0);
    const [room] = await sqlRows<{ room_id: number }>(
      t.db,
      sql`select rr.room_id from resident_rooms rr join residents e on e.id = rr.resident_id
        where rr.community_id = ${sunny} and rr.move_out_date is null and rr.role = 1 and e.mobile <> '' order by rr.room_id limit 1`,
    );
    let asked: unknown;
    const restore = registerArrearsRooms(async (q) => {
      asked = { CmpId: q.CmpId, CommunityIds: q.CommunityIds, MinMoney: q.MinMoney, MinMonths: q.MinMonths };
      return [{ RoomId: room!.room_id, Money: '356.80', Months: 3 }];
    });
    try {
      const p = await t.api<{ Total: number; Samples: string[] }>('/Sms/Preview', b, admin);
      expect(asked).toEqual({ CmpId: cmpA, CommunityIds: [sunny], MinMoney: '100.00', MinMonths: 2 });
      expect(p.data.Total).toBeGreaterThanOrEqual(1);
      expect(p.data.Samples[0]).toContain('尚欠物业费356.80元');
    } finally {
      restore();
    }
  });
});

describe('tenancy and scope', () => {
  it("company B sees none of A's SMS rows and cannot touch them", async () => {
    for (const call of ['/Sms/BatchList', '/SmsRecord/List', '/SmsRecharge/List', '/SmsRecharge/BalanceLog'])
      expect((await t.api(call, {}, other)).count, call).toBe(0);
    expect((await t.api<unknown[]>('/Sms/TemplateList', {}, other)).data).toEqual([]);
    expect((await t.api('/SmsRecharge/Balance', {}, other)).data).toMatchObject({ Balance: 0 });
    const [batch] = await sqlRows<{ id: number }>(
      t.db,
      sql`select id from sms_batches where cmp_id = ${cmpA} and state = 1 limit 1`,
    );
    const [rec] = await sqlRows<{ id: number }>(
      t.db,
      sql`select id from sms_records where cmp_id = ${cmpA} and state = 3 limit 1`,
    );
    const [order] = await sqlRows<{ id: number }>(
      t.db,
      sql`select id from sms_recharges where cmp_id = ${cmpA} and state = 1 limit 1`,
    );
    const before = await counts(t);
    const bal = await balanceOf(t);
    const NF = { ret: 404 };
    expect(await t.api('/Sms/BatchCancel', { Id: batch!.id }, other)).toMatchObject(NF);
    expect(await t.api('/Sms/BatchProgress', { BatchId: batch!.id }, other)).toMatchObject(NF);
    expect(await t.api('/SmsRecord/Resend', { Id: rec!.id }, other)).toMatchObject(NF);
    expect(await t.api('/SmsRecharge/Confirm', { Id: order!.id, PayRef: 'x' }, other)).toMatchObject(NF);
    expect(await t.api('/Sms/TemplateDel', { Id: ids.water }, other)).toMatchObject(NF);
    expect(await t.api('/Sms/TemplateSave', { Id: ids.water, Name: '改', Kind: 1, Content: 'x' }, other)).toMatchObject(
      NF,
    );
    const sunny = await communityId(t, '阳光花园');
    const send = {
      Target: target({ Kind: 1, CommunityIds: [sunny] }),
      TemplateId: ids.water,
      SignId: ids.sign,
      Vars: { 日期: '1日' },
    };
    expect(await t.api('/Sms/Send', send, other)).toMatchObject(NF);
    expect(await t.api('/Sms/Preview', send, other)).toMatchObject(NF);
    expect(await counts(t)).toEqual(before);
    expect(await balanceOf(t)).toBe(bal);
  });

  it('a clerk serving only 翠湖天地 cannot send to 阳光花园', async () => {
    const lake = await communityId(t, '翠湖天地');
    const sunny = await communityId(t, '阳光花园');
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'dxgl_dxqf', Btn: 'add' }], [lake]);
    const send = (c: number) => ({
      Target: target({ Kind: 1, CommunityIds: [c] }),
      TemplateId: ids.water,
      SignId: ids.sign,
      Vars: { 日期: '1日' },
    });
    expect(await t.api('/Sms/Preview', send(sunny), clerk)).toMatchObject({ ret: 404 });
    expect(await t.api('/Sms/Preview', send(lake), clerk)).toMatchObject({ ret: 0 });
    // 住户标签 without communities reaches only his own communities' residents.
    const tags = await sqlRows<{ id: number }>(t.db, sql`select id from resident_tags where cmp_id = ${cmpA}`);
    const all = await t.api<{ Total: number }>(
      '/Sms/Preview',
      { ...send(lake), Target: target({ Kind: 3, TagIds: tags.map((x) => x.id) }) },
      admin,
    );
    const mine = await t.api<{ Total: number }>(
      '/Sms/Preview',
      { ...send(lake), Target: target({ Kind: 3, TagIds: tags.map((x) => x.id) }) },
      clerk,
    );
    expect(mine.data.Total).toBeLessThanOrEqual(all.data.Total);
    expect(await t.api('/Sms/TemplateSave', { Name: '无权', Kind: 1, Content: 'x' }, clerk)).toMatchObject({
      ret: 403,
    });
  });
});

describe('jobs', () => {
  // Job/Run queues at the database's clock, which has moved on since the test froze its own.
  beforeAll(() => t.advance(600_000));
  it('sms.low-balance warns the 短信充值 holders once a day', async () => {
    await t.db.execute(sql`update sms_accounts set balance = 100 where cmp_id = ${cmpA}`);
    const r = await t.api('/Job/Run', { Name: 'sms.low-balance' }, admin);
    expect(r.ret, r.msg).toBe(0);
    const [m] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sys_messages where title = '短信余额不足'`,
    );
    expect(m!.n).toBeGreaterThan(0);
    await t.api('/Job/Run', { Name: 'sms.low-balance' }, admin);
    const [m2] = await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sys_messages where title = '短信余额不足'`,
    );
    expect(m2!.n).toBe(m!.n);
  });

  it('sms.dispatch queues a due batch whose run is missing', async () => {
    const r = await t.api('/Job/Run', { Name: 'sms.dispatch' }, admin);
    expect(r).toMatchObject({ ret: 0, data: { Summary: { queued: 0 } } });
  });
});

describe('工作台', () => {
  it('shows the SMS balance card to SMS staff only', async () => {
    const desk = await t.api<{ Cards: { Key: string; Value: string; Sub: string }[] }>(
      '/MyDeskTop/GetMyDeskData',
      {},
      admin,
    );
    const card = desk.data.Cards.find((c) => c.Key === 'sms');
    expect(card).toMatchObject({
      Value: String(await balanceOf(t)),
      Sub: expect.stringMatching(/^今日发送 \d+ 条 · 失败 \d+$/),
    });
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'fcgl_xqgl', Btn: 'add' }]);
    const other = await t.api<{ Cards: { Key: string }[] }>('/MyDeskTop/GetMyDeskData', {}, clerk);
    expect(other.data.Cards.find((c) => c.Key === 'sms')).toBeUndefined();
  });
});

describe('手动输入 from xlsx and the exports', () => {
  it('reads the 手机号 column of a spreadsheet', async () => {
    const file = await makeXlsx([
      ['手机号', '姓名'],
      ['13900001111', '甲'],
      ['139 0000 2222', '乙'],
      ['', '丙'],
    ]);
    const r = await uploadXlsx<{ Phones: string[] }>(t, '/Sms/PhonesFromXlsx', file, admin);
    expect(r).toMatchObject({ ret: 0, data: { Phones: ['13900001111', '139 0000 2222'] } });
    const wrong = await makeXlsx([['电话'], ['13900001111']]);
    expect(await uploadXlsx(t, '/Sms/PhonesFromXlsx', wrong, admin)).toMatchObject({
      ret: 400,
      msg: '模板不正确，缺少列：手机号',
    });
  });

  it("exports records, batches and recharges with the screens' columns", async () => {
    const rec = await sheetRows((await download(t, '/SmsRecord/Export', { State: 3 }, admin)).body);
    expect(rec[0]).toEqual(
      expect.arrayContaining(['手机号', '接收人', '内容', '条数', '来源', '批次号', '状态', '失败原因']),
    );
    expect(rec.slice(1).every((r) => r.includes('失败'))).toBe(true);
    const batches = await sheetRows((await download(t, '/Sms/BatchExport', {}, admin)).body);
    expect(batches.length).toBeGreaterThan(5);
    const orders = await sheetRows((await download(t, '/SmsRecharge/Export', {}, admin)).body);
    expect(orders[0]).toContain('流水号');
  });
});

describe('delivery receipts from the provider', () => {
  it('needs the company token; a failure receipt turns the record 失败 once and refunds it', async () => {
    await t.api(
      '/Sms/ProviderSave',
      { Kind: 1, Key: 'LTAI5t', Secret: 's3cret', CallbackToken: 'tok-aliyun-1', UnitPrice: '0.08' },
      admin,
    );
    const [rec] = await sqlRows<{ id: number }>(
      t.db,
      sql`insert into sms_records (cmp_id, source, phone, content, segments, state, provider, biz_id, send_time)
        values (${cmpA}, 5, '13800138000', '【邻里物业】测试', 1, 1, 'aliyun', 'BIZ-1', now()) returning id`,
    );
    const post = (token: string, body: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/SmsCallback/Aliyun?token=${token}`, payload: body as object });
    const receipt = [
      {
        phone_number: '13800138000',
        success: false,
        err_code: 'MOBILE_NOT_ON_SERVICE',
        err_msg: '停机',
        biz_id: 'BIZ-1',
      },
    ];
    expect((await post('wrong', receipt)).json()).toMatchObject({ ret: 403 });
    const before = await balanceOf(t);
    expect((await post('tok-aliyun-1', receipt)).json()).toEqual({ code: 0, msg: '成功' });
    expect((await post('tok-aliyun-1', receipt)).json()).toEqual({ code: 0, msg: '成功' });
    const [after] = await sqlRows<{ state: number; fail_reason: string }>(
      t.db,
      sql`select state, fail_reason from sms_records where id = ${rec!.id}`,
    );
    expect(after).toEqual({ state: 3, fail_reason: '停机' });
    expect(await balanceOf(t)).toBe(before + 1);
    const tencent = await t.app.inject({
      method: 'POST',
      url: '/api/SmsCallback/Tencent?token=tok-aliyun-1',
      payload: [],
    });
    expect(tencent.json()).toMatchObject({ ret: 403 });
    await t.api('/Sms/ProviderSave', { Kind: 3, UnitPrice: '0.08' }, admin);
  });
});
