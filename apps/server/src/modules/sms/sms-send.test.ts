import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { drainJobs } from '../jobs';
import { buildingId, communityId } from '../properties/test-helpers';
import { balanceOf, counts, demoIds, setBalance, target } from './test-helpers';

let t: TestApp;
let admin: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  t = await createTestApp();
  t.freeze();
  admin = await t.login('admin', 'Admin@123');
  ids = await demoIds(t);
});
afterAll(() => t.close());

const body = (tgt: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  Target: target(tgt),
  TemplateId: ids.water,
  SignId: ids.sign,
  Vars: { 日期: '12月1日' },
  ...extra,
});

/** Runs the hand-over, then lets the log channel's 2-second receipts arrive. */
async function settle() {
  await drainJobs(t.deps);
  t.advance(2500);
  await drainJobs(t.deps);
}

describe('group send (acceptance 1–3)', () => {
  it('previews a building, sends, completes, and charges exactly 合计条数', async () => {
    const b1 = await buildingId(t, '阳光花园', '1栋');
    const before = await balanceOf(t);
    expect(before).toBe(8650);
    const p = await t.api<Record<string, unknown>>('/Sms/Preview', body({ Kind: 2, BuildingIds: [b1] }), admin);
    expect(p.ret, p.msg).toBe(0);
    const pv = p.data as {
      Total: number;
      TotalSegments: number;
      CostMoney: string;
      Samples: string[];
      BalanceAfter: number;
      Short: boolean;
      SegmentsPerMessage: number;
      Chars: number;
    };
    expect(pv.Total).toBeGreaterThan(10);
    expect(pv.Samples).toHaveLength(3);
    expect(pv.Samples[0]).toMatch(/^【邻里物业】尊敬的住户：因管网维修，阳光花园将于12月1日停水/);
    expect(pv.TotalSegments).toBe(pv.Total * pv.SegmentsPerMessage);
    expect(pv.CostMoney).toBe(((pv.TotalSegments * 8) / 100).toFixed(2));
    expect(pv.BalanceAfter).toBe(before - pv.TotalSegments);
    expect(pv.Short).toBe(false);
    const s = await t.api<{ BatchId: number; BatchNo: string }>(
      '/Sms/Send',
      body({ Kind: 2, BuildingIds: [b1] }),
      admin,
    );
    expect(s.ret, s.msg).toBe(0);
    expect(await balanceOf(t)).toBe(before - pv.TotalSegments);
    const log = await t.api<{ Kind: number; Delta: number; RefNo: string }[]>('/SmsRecharge/BalanceLog', {}, admin);
    expect(log.data[0]).toMatchObject({
      Kind: 2,
      KindName: '发送扣减',
      Delta: -pv.TotalSegments,
      RefNo: s.data.BatchNo,
    });
    await settle();
    const prog = await t.api('/Sms/BatchProgress', { BatchId: s.data.BatchId }, admin);
    expect(prog.data).toMatchObject({ Total: pv.Total, Done: pv.Total, State: 3 });
    const recs = await t.api<{ State: number }[]>('/SmsRecord/List', { BatchNo: s.data.BatchNo, PgSize: 500 }, admin);
    expect(recs.count).toBe(pv.Total);
    expect(recs.data.every((r) => r.State === 2)).toBe(true);
    const list = await t.api<{ BatchNo: string; Success: number; StateName: string }[]>('/Sms/BatchList', {}, admin);
    expect(list.data[0]).toMatchObject({ BatchNo: s.data.BatchNo, Success: pv.Total, StateName: '已完成' });
    expect(await balanceOf(t)).toBe(before - pv.TotalSegments);
    // The gateway (the outbox by default) carried every message.
    expect(t.sent.filter((m) => m.content.includes('12月1日停水'))).toHaveLength(pv.Total);
  });

  it('a manual number ending 0000 fails 空号 and its 条 come back as 失败退回', async () => {
    const before = await balanceOf(t);
    const s = await t.api<{ BatchId: number; BatchNo: string }>(
      '/Sms/Send',
      body({ Kind: 4, Phones: ['13912340000', '13912341111', '139 1234 1111', '12345'] }),
      admin,
    );
    expect(s.ret, s.msg).toBe(0);
    expect(await balanceOf(t)).toBe(before - 2);
    await settle();
    const recs = await t.api<{ Phone: string; StateName: string; FailReason: string }[]>(
      '/SmsRecord/List',
      { BatchNo: s.data.BatchNo },
      admin,
    );
    expect(recs.data.map((r) => [r.Phone, r.StateName, r.FailReason]).sort()).toEqual([
      ['139****0000', '失败', '空号'],
      ['139****1111', '成功', ''],
    ]);
    expect(await balanceOf(t)).toBe(before - 1);
    const log = await t.api<{ Kind: number; Delta: number }[]>('/SmsRecharge/BalanceLog', { Kind: 3 }, admin);
    expect(log.data[0]).toMatchObject({ KindName: '失败退回', Delta: 1, Balance: before - 1 });
    // Every balance change has its log row: the deltas add up to the balance.
    const [r] = await sqlRows<{ sum: number; balance: number }>(
      t.db,
      sql`select (select sum(delta)::int from sms_balance_logs l where l.cmp_id = a.cmp_id) as sum, a.balance from sms_accounts a`,
    );
    expect(r!.sum).toBe(r!.balance);
  });

  it('preview counts invalid numbers and de-duplicates', async () => {
    const p = await t.api<{ Total: number; Invalid: string[] }>(
      '/Sms/Preview',
      body({ Kind: 4, Phones: ['13912341111', '+86 13912341111', '12345', 'abc'] }),
      admin,
    );
    expect(p.data).toMatchObject({ Total: 1, Invalid: ['12345', 'abc'] });
  });

  it('a short balance refuses with nothing deducted or queued; a scheduled batch cancelled is refunded', async () => {
    const sunny = await communityId(t, '阳光花园');
    const keep = await balanceOf(t);
    await setBalance(t, 3);
    const p = await t.api<{ Short: boolean }>('/Sms/Preview', body({ Kind: 1, CommunityIds: [sunny] }), admin);
    expect(p).toMatchObject({ ret: 0, data: { Short: true, Balance: 3 } });
    const before = await counts(t);
    const s = await t.api('/Sms/Send', body({ Kind: 1, CommunityIds: [sunny] }), admin);
    expect(s).toMatchObject({ ret: 400, msg: '短信余额不足，请先充值' });
    expect(await counts(t)).toEqual(before);
    expect(await balanceOf(t)).toBe(3);
    await setBalance(t, keep);
    const tomorrow = new Date(t.deps.now().getTime() + 86_400_000 + 8 * 3_600_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
    const q = await t.api<{ BatchId: number }>(
      '/Sms/Send',
      body({ Kind: 4, Phones: ['13912342222'] }, { SendAt: tomorrow }),
      admin,
    );
    expect(q.ret, q.msg).toBe(0);
    expect(await balanceOf(t)).toBe(keep - 1);
    await drainJobs(t.deps);
    expect((await t.api('/Sms/BatchProgress', { BatchId: q.data.BatchId }, admin)).data).toMatchObject({
      State: 1,
      Done: 0,
    });
    expect(await t.api('/Sms/BatchCancel', { Id: q.data.BatchId }, admin)).toMatchObject({ ret: 0 });
    expect(await balanceOf(t)).toBe(keep);
    const log = await t.api<{ Kind: number; Delta: number }[]>('/SmsRecharge/BalanceLog', {}, admin);
    expect(log.data[0]).toMatchObject({ KindName: '取消退回', Delta: 1 });
    expect(await t.api('/Sms/BatchCancel', { Id: q.data.BatchId }, admin)).toMatchObject({
      ret: 400,
      msg: '只能取消待发送的批次',
    });
    // The day comes: the cancelled batch's run writes nothing.
    t.advance(2 * 86_400_000);
    await drainJobs(t.deps);
    expect((await t.api('/SmsRecord/List', { BatchId: q.data.BatchId }, admin)).count).toBe(0);
    t.advance(-2 * 86_400_000);
  });

  it('refuses what the domain file refuses, leaving nothing behind', async () => {
    const before = await counts(t);
    const cases: [Record<string, unknown>, string][] = [
      [body({ Kind: 4, Phones: ['12345'] }), '接收人不能为空'],
      [body({ Kind: 4, Phones: ['13912343333'] }, { Vars: {} }), '请填写变量{日期}'],
      [body({ Kind: 4, Phones: ['13912343333'] }, { Vars: { 日期: '1日', 金额: '3' } }), '模板中没有变量{金额}'],
      [
        body(
          { Kind: 4, Phones: ['13912343333'] },
          { Vars: { 日期: 'x'.repeat(200) + 'y'.repeat(0) }, SendAt: '2020-01-01 10:00' },
        ),
        '定时时间须在5分钟后且30天内',
      ],
      [body({ Kind: 4, Phones: ['13912343333'] }, { SignId: 0 }), '请选择签名'],
      [{ ...body({ Kind: 9 }) }, '请选择接收对象'],
    ];
    for (const [b, msg] of cases) expect(await t.api('/Sms/Send', b, admin), msg).toMatchObject({ ret: 400, msg });
    const pending = await t.api<{ Id: number }>(
      '/Sms/TemplateSave',
      { Name: '待审模板', Kind: 1, Content: '您好{姓名}' },
      admin,
    );
    expect(
      await t.api(
        '/Sms/Send',
        body({ Kind: 4, Phones: ['13912343333'] }, { TemplateId: pending.data.Id, Vars: {} }),
        admin,
      ),
    ).toMatchObject({ ret: 400, msg: '模板未通过审核，不能发送' });
    // A 500-character template filled with a long value passes the limit.
    const long = await t.api<{ Id: number }>(
      '/Sms/TemplateSave',
      { Name: '长模板', Kind: 1, Content: `${'长'.repeat(495)}{内容}`, State: 2 },
      admin,
    );
    expect(
      await t.api(
        '/Sms/Send',
        body({ Kind: 4, Phones: ['13912343333'] }, { TemplateId: long.data.Id, Vars: { 内容: '超出的文字多一点' } }),
        admin,
      ),
    ).toMatchObject({ ret: 400, msg: '短信内容不能超过500个字符' });
    const after = await counts(t);
    expect({ ...after, l: after.l }).toEqual(before);
  });
});

describe('provider failure and 重发', () => {
  it('a gateway that throws fails the message and refunds it; 重发 makes a new charged record', async () => {
    const real = t.deps.sms;
    t.deps.sms = { name: 'broken', send: async () => Promise.reject(new Error('网关超时')) };
    const before = await balanceOf(t);
    const s = await t.api<{ BatchNo: string }>('/Sms/Send', body({ Kind: 4, Phones: ['13912345555'] }), admin);
    await drainJobs(t.deps);
    t.deps.sms = real;
    const recs = await t.api<{ Id: number; State: number; FailReason: string }[]>(
      '/SmsRecord/List',
      { BatchNo: s.data.BatchNo },
      admin,
    );
    expect(recs.data[0]).toMatchObject({ State: 3, FailReason: '网关超时' });
    expect(await balanceOf(t)).toBe(before);
    const r = await t.api<{ Id: number }>('/SmsRecord/Resend', { Id: recs.data[0]!.Id }, admin);
    expect(r.ret, r.msg).toBe(0);
    expect(await balanceOf(t)).toBe(before - 1);
    await drainJobs(t.deps);
    t.advance(2500);
    await drainJobs(t.deps);
    const again = await t.api<{ Id: number; State: number }[]>('/SmsRecord/List', { Phone: '13912345555' }, admin);
    expect(again.data.find((x) => x.Id === r.data.Id)).toMatchObject({ State: 2 });
    expect(await t.api('/SmsRecord/Resend', { Id: r.data.Id }, admin)).toMatchObject({
      ret: 400,
      msg: '只能重发发送失败的短信',
    });
  });

  it('a message still 发送中 after 72 h fails 无回执 and is refunded', async () => {
    const s = await t.api<{ BatchNo: string }>('/Sms/Send', body({ Kind: 4, Phones: ['13912346666'] }), admin);
    await drainJobs(t.deps); // handed over; its receipt is 2 s away
    await t.db.execute(sql`delete from jobs where name = 'sms.log-receipt' and state = 'queued'`);
    const before = await balanceOf(t);
    t.advance(73 * 3_600_000);
    const run = await t.api('/Job/Run', { Name: 'sms.receipt-timeout' }, admin);
    expect(run.ret, run.msg).toBe(0);
    const recs = await t.api<{ State: number; FailReason: string }[]>(
      '/SmsRecord/List',
      { BatchNo: s.data.BatchNo },
      admin,
    );
    expect(recs.data[0]).toMatchObject({ State: 3, FailReason: '无回执' });
    expect(await balanceOf(t)).toBe(before + 1);
    t.advance(-73 * 3_600_000);
  });
});
