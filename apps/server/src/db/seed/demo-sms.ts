import { sql } from 'drizzle-orm';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import type { Tx } from '../client';

/**
 * SMS demo data (domain/sms-attendance.md "Demo data"): the log channel, signature 邻里物业, four approved
 * templates, recharges (2 已支付 + 1 待支付), five batches (3 已完成, 1 scheduled tomorrow, 1 已取消) with ~300
 * records, a few 失败 and refunded. The ledger adds up: the balance ends at 8,650 条.
 */
export async function seedDemoSms(tx: Tx, cmpId: number, sunnyId: number, now: Date) {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  await tx.execute(sql`insert into sms_providers (cmp_id, kind, callback_token) values (${cmpId}, 3, 'demo-token')`);
  const [sign] = await sqlRows<{ id: number }>(
    tx,
    sql`insert into sms_signs (cmp_id, name, state) values (${cmpId}, '邻里物业', 2) returning id`,
  );
  const tpl = await sqlRows<{ id: number }>(
    tx,
    sql`insert into sms_templates (cmp_id, name, kind, content, provider_code, state) values
      (${cmpId}, '缴费通知', 1, '尊敬的{姓名}，您{房号}的{月份}物业费已出账，请及时缴纳。', 'SMS_100001', 2),
      (${cmpId}, '欠费催缴', 2, '尊敬的{姓名}，您{房号}尚欠物业费{金额}元，请尽快缴纳，如已缴请忽略。', 'SMS_100002', 2),
      (${cmpId}, '停水通知', 1, '尊敬的住户：因管网维修，{小区}将于{日期}停水，请提前储水，给您带来不便敬请谅解。', 'SMS_100003', 2),
      (${cmpId}, '快递取件', 1, '您的{快递公司}快递已到{存放点}，取件码{取件码}，单号后四位{单号后四位}。', 'SMS_100004', 2)
      returning id`,
  );
  const [notice, , water] = tpl.map((t) => t.id) as [number, number, number, number];
  await tx.execute(sql`insert into sms_accounts (cmp_id, balance, unit_price) values (${cmpId}, 0, 0.0800)`);
  // An opening balance carried over from the old system (sized at the end so the demo ends at 8,650 条), then
  // recharges: 5000 + 1000 confirmed, 10000 waiting for payment.
  await credit(tx, cmpId, 1, 0, 'recharge', '期初余额', at(24 * 90));
  // Order numbers as SmsRecharge/Add makes them: CZ + the order's time in the company's zone + 4 digits. Ordered by
  // admin, confirmed by caiwu1 (财务), so 下单人/确认人 are filled as in real use.
  const orderNo = (d: Date, n: number) =>
    `CZ${fmtTime(d, 'Asia/Shanghai').replace(/\D/g, '')}${String(n).padStart(4, '0')}`;
  const [o1, o2, o3] = [orderNo(at(24 * 81), 1), orderNo(at(24 * 50 + 1), 2), orderNo(at(30), 3)];
  const userId = (account: string) => sql`(select id from users where cmp_id = ${cmpId} and account = ${account})`;
  await tx.execute(sql`insert into sms_recharges (cmp_id, order_no, package, count, pay_money, pay_method, state, pay_ref,
      confirmer_id, confirm_time, created_at, updated_at, created_by) values
    (${cmpId}, ${o1}, 2, 5000, 375.00, 1, 2, 'BANK' || ${o1.slice(2, 10)} || '001', ${userId('caiwu1')}, ${at(24 * 80)}, ${at(24 * 81)}, ${at(24 * 80)}, ${userId('admin')}),
    (${cmpId}, ${o2}, 1, 1000, 80.00, 2, 2, 'WX42000012342026' || ${o2.slice(6, 10)}, ${userId('caiwu1')}, ${at(24 * 50)}, ${at(24 * 50 + 1)}, ${at(24 * 50)}, ${userId('admin')}),
    (${cmpId}, ${o3}, 3, 10000, 700.00, 1, 1, '', null, null, ${at(30)}, ${at(30)}, ${userId('admin')})`);
  await credit(tx, cmpId, 1, 5000, 'recharge', o1, at(24 * 80));
  await credit(tx, cmpId, 1, 1000, 'recharge', o2, at(24 * 50));
  // Residents of 阳光花园 with a mobile: three past batches to them (the first 120, 100 and 60).
  const batches: [string, number, number, number, number][] = [
    // [no, template, limit, hoursAgo, state]
    ['DX202610150900000001', notice, 120, 24 * 40, 3],
    ['DX202611010900000002', water, 100, 24 * 23, 3],
    ['DX202611200900000003', notice, 60, 24 * 4, 3],
  ];
  for (const [no, templateId, limit, ago, state] of batches) {
    const [b] = await sqlRows<{ id: number }>(
      tx,
      sql`insert into sms_batches (cmp_id, batch_no, template_id, sign_id, target, vars, send_at, state,
          expanded_at, created_at, updated_at)
        values (${cmpId}, ${no}, ${templateId}, ${sign!.id}, ${JSON.stringify({ Kind: 1, CommunityIds: [sunnyId], BuildingIds: [], UnitIds: [], TagIds: [], Roles: [], Phones: [], ArrearsMoney: '0', ArrearsMonths: 0, ScopeIds: [sunnyId] })}::jsonb,
          ${JSON.stringify({ 月份: '11月', 日期: '11月25日' })}::jsonb, ${at(ago)}, ${state}, ${at(ago)}, ${at(ago)}, ${at(ago)}) returning id`,
    );
    // Content as the template renders it; every 37th number fails 空号 (its 条 refunded below).
    await tx.execute(sql`insert into sms_records (cmp_id, batch_id, source, phone, resident_id, name, content, segments, state,
        fail_reason, provider, biz_id, send_time, report_time, created_at, updated_at)
      select ${cmpId}::int, ${b!.id}::int, 1, m.mobile, m.id, m.name, m.content,
        case when char_length(m.content) <= 70 then 1 else ceil(char_length(m.content) / 67.0)::int end,
        case when m.k % 37 = 0 then 3 else 2 end, case when m.k % 37 = 0 then '空号' else '' end,
        'log', 'LOG' || m.k || '-' || ${b!.id}::int, ${at(ago)}, ${at(ago - 0.01)}, ${at(ago)}, ${at(ago)}
      from (select e.id, e.mobile, e.name, row_number() over (order by e.id) as k,
          '【邻里物业】' || replace(replace(replace(replace(replace(t.content, '{姓名}', e.name), '{房号}', r.full_name),
            '{月份}', '11月'), '{小区}', '阳光花园'), '{日期}', '11月25日') as content
        from residents e
        join resident_rooms rr on rr.resident_id = e.id and rr.move_out_date is null and rr.community_id = ${sunnyId} and rr.role = 1
        join rooms r on r.id = rr.room_id
        join sms_templates t on t.id = ${templateId}
        where e.cmp_id = ${cmpId} and e.mobile <> '' and not e.is_deleted
        order by e.id limit ${limit}) m`);
    const [sum] = await sqlRows<{ segs: number; refund: number }>(
      tx,
      sql`update sms_batches b set total = s.n, segments = s.segs, success = s.ok, failed = s.bad
        from (select count(*)::int as n, sum(segments)::int as segs, count(*) filter (where state = 2)::int as ok,
          count(*) filter (where state = 3)::int as bad, coalesce(sum(segments) filter (where state = 3), 0)::int as refund
          from sms_records where batch_id = ${b!.id}) s
        where b.id = ${b!.id} and b.cmp_id = ${cmpId} returning s.segs, s.refund`,
    );
    await credit(tx, cmpId, 2, -sum!.segs, 'batch', no, at(ago));
    if (sum!.refund) await credit(tx, cmpId, 3, sum!.refund, 'batch', no, at(ago - 0.01));
  }
  // One scheduled for tomorrow 09:00 (charged, still 待发送) and one cancelled (charged, then refunded).
  for (const [no, state, hours] of [
    ['DX202611250900000004', 1, -24],
    ['DX202611220900000005', 4, 48],
  ] as const) {
    const target = {
      Kind: 4,
      CommunityIds: [],
      BuildingIds: [],
      UnitIds: [],
      TagIds: [],
      Roles: [],
      Phones: ['13900001111', '13900002222', '13900003333'],
      ArrearsMoney: '0',
      ArrearsMonths: 0,
      ScopeIds: [sunnyId],
    };
    const [b] = await sqlRows<{ id: number }>(
      tx,
      sql`insert into sms_batches (cmp_id, batch_no, template_id, sign_id, target, vars, send_at, total, segments, state,
          created_at, updated_at)
        values (${cmpId}, ${no}, ${water}, ${sign!.id}, ${JSON.stringify(target)}::jsonb, ${JSON.stringify({ 日期: '11月28日' })}::jsonb,
          ${at(hours)}, 3, 6, ${state}, ${at(Math.max(hours, 2))}, ${at(Math.max(hours, 2))}) returning id`,
    );
    await credit(tx, cmpId, 2, -6, 'batch', no, at(Math.max(hours, 2)));
    if (state === 4) await credit(tx, cmpId, 4, 6, 'batch', no, at(hours - 1));
    if (state === 1)
      await tx.execute(sql`insert into jobs (name, payload, run_at, dedupe_key, cmp_id)
        values ('sms.batch', ${JSON.stringify({ cmpId, batchId: b!.id })}::jsonb, ${at(hours)}, ${`sms.batch:${b!.id}`}, ${cmpId})`);
  }
  const [bal] = await sqlRows<{ balance: number }>(tx, sql`select balance from sms_accounts where cmp_id = ${cmpId}`);
  const gap = 8650 - bal!.balance;
  await tx.execute(sql`update sms_accounts set balance = balance + ${gap} where cmp_id = ${cmpId}`);
  await tx.execute(sql`update sms_balance_logs set balance = balance + ${gap},
      delta = case when ref_no = '期初余额' then delta + ${gap} else delta end where cmp_id = ${cmpId}`);
}

async function credit(tx: Tx, cmpId: number, kind: number, delta: number, refType: string, refNo: string, at: Date) {
  await tx.execute(sql`with a as (update sms_accounts set balance = balance + ${delta} where cmp_id = ${cmpId} returning balance)
    insert into sms_balance_logs (cmp_id, kind, delta, balance, ref_type, ref_id, ref_no, created_at, updated_at)
    select ${cmpId}::int, ${kind}::smallint, ${delta}::int, a.balance, ${refType}, 0, ${refNo}, ${at}, ${at} from a`);
}
