import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { createCompany } from '../../db/seed/create-company';
import { clerkWith, communityId } from '../properties/test-helpers';
import { count, requestId } from './desk-test-helpers';

/** 电表充值 (domain/fees.md "电表充值 electric"): meters, 充值 through Pay, 写表确认, the list, refusals and scope. */
let t: TestApp;
let admin: string;
let finance: string;
let cashier: string;
let meter: { id: number; room_id: number; meter_no: string; last_reading: string; community_id: number };

interface Answer {
  PaymentId: number;
  ReceiptNo: string;
  PaidMoney: string;
  ChangeMoney: string;
  RechargeId: number;
  Kwh: string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  finance = await t.login('caiwu1', 'Linli@123');
  cashier = await t.login('cashier', 'Cashier@123');
  // A prepaid meter of the demo whose room is bound to 居民电价 (0.5283).
  meter = (
    await sqlRows<typeof meter>(
      t.db,
      sql`select m.id, m.room_id, m.meter_no, m.last_reading::text, m.community_id from meters m
        where m.is_prepaid and m.meter_type = 2 and exists (select 1 from fee_bindings fb join fee_items i on i.id = fb.item_id
          where fb.payer_id = m.room_id and fb.payer_type = 1 and fb.state = 1 and i.category = 3)
        order by m.id limit 1`,
    )
  )[0]!;
});
afterAll(() => t.close());

const recharge = (amount: string, over: Record<string, unknown> = {}, token = finance) =>
  t.api<Answer>(
    '/ElectricRecharge/Recharge',
    {
      RequestId: requestId(),
      MeterId: meter.id,
      AmountMoney: amount,
      Tenders: [{ Method: 1, AmountMoney: amount }],
      ...over,
    },
    token,
  );

const rechargeRow = async (id: number) =>
  (
    await t.api<{ Id: number; State: number; StateName: string; FailReason: string }[]>(
      '/ElectricRecharge/List',
      { MeterId: meter.id, PgSize: 100 },
      finance,
    )
  ).data.find((r) => r.Id === id)!;

describe('电表充值', () => {
  it('lists the prepaid electric meters with the room’s 电价', async () => {
    const r = await t.api<{ MeterId: number; UnitPrice: string; RoomId: number; EstimatedBalanceMoney: string }[]>(
      '/ElectricRecharge/MeterList',
      { Keyword: meter.meter_no },
      finance,
    );
    expect(r.ret).toBe(0);
    expect(r.count).toBe(1);
    expect(r.data[0]).toMatchObject({ MeterId: meter.id, RoomId: meter.room_id, UnitPrice: '0.5283' });
    const all = await t.api<{ UnitPrice: string }[]>('/ElectricRecharge/MeterList', { PgSize: 100 }, finance);
    expect(all.count).toBe(20);
  });

  it('a top-up is a payment with an SF receipt, a 电表充值 line and its tenders, 待写表, kWh rounded down', async () => {
    const body = {
      RequestId: requestId(),
      MeterId: meter.id,
      AmountMoney: '100',
      Tenders: [{ Method: 1, AmountMoney: '150' }],
    };
    const r = await t.api<Answer>('/ElectricRecharge/Recharge', body, finance);
    expect(r.ret, r.msg).toBe(0);
    // 100 ÷ 0.5283 = 189.286…: rounded down.
    expect(r.data).toMatchObject({ PaidMoney: '100.00', ChangeMoney: '50.00', Kwh: '189.28' });
    expect(r.data.ReceiptNo).toMatch(/^SF\d{10}$/);
    // The same RequestId answers the first answer and writes nothing more.
    const payments = await count(t, 'fee_payments');
    expect((await t.api<Answer>('/ElectricRecharge/Recharge', body, finance)).data).toEqual(r.data);
    expect(await count(t, 'fee_payments')).toBe(payments);

    const d = await t.api<{
      RoomId: number;
      Lines: { LineType: number; LineMoney: string; ItemName: string; Quantity: string; UnitPrice: string }[];
      Tenders: { Method: number; AmountMoney: string }[];
    }>('/FeePayment/Detail', { Id: r.data.PaymentId }, finance);
    expect(d.data.RoomId).toBe(meter.room_id);
    expect(d.data.Lines).toEqual([
      expect.objectContaining({
        LineType: 3,
        LineMoney: '100.00',
        ItemName: '电表充值',
        Quantity: '189.28',
        UnitPrice: '0.5283',
      }),
    ]);
    // Tenders are stored net of change, as Pay writes them.
    expect(d.data.Tenders).toEqual([expect.objectContaining({ Method: 1, AmountMoney: '100.00' })]);
    const row = await rechargeRow(r.data.RechargeId);
    expect(row).toMatchObject({ State: 1, StateName: '待写表' });
    const list = await t.api<{ ReceiptNo: string }[]>('/FeePayment/List', { Keyword: r.data.ReceiptNo }, finance);
    expect(list.data[0]).toMatchObject({ ReceiptNo: r.data.ReceiptNo });
  });

  it('写表确认: 已写表 once; 写表失败 needs a reason and may be confirmed again', async () => {
    const a = (await recharge('50')).data;
    expect(await t.api('/ElectricRecharge/Confirm', { Id: a.RechargeId, Ok: true }, finance)).toMatchObject({
      ret: 0,
      data: { State: 2, StateName: '已写表' },
    });
    expect(await t.api('/ElectricRecharge/Confirm', { Id: a.RechargeId, Ok: true }, finance)).toMatchObject({
      ret: 400,
      msg: '该充值已写表，不能重复确认',
    });
    expect(
      await t.api('/ElectricRecharge/Confirm', { Id: a.RechargeId, Ok: false, FailReason: '读卡失败' }, finance),
    ).toMatchObject({ msg: '该充值已写表，不能重复确认' });

    const b = (await recharge('20')).data;
    const noReason = await t.api<{ Errors: Record<string, string> }>(
      '/ElectricRecharge/Confirm',
      { Id: b.RechargeId, Ok: false },
      finance,
    );
    expect(noReason.ret).not.toBe(0);
    expect(noReason.msg).toContain('请输入失败原因');
    expect((await rechargeRow(b.RechargeId)).State).toBe(1);
    expect(
      (await t.api('/ElectricRecharge/Confirm', { Id: b.RechargeId, Ok: false, FailReason: '表计无响应' }, finance))
        .ret,
    ).toBe(0);
    expect(await rechargeRow(b.RechargeId)).toMatchObject({
      State: 3,
      StateName: '写表失败',
      FailReason: '表计无响应',
    });
    expect((await t.api('/ElectricRecharge/Confirm', { Id: b.RechargeId, Ok: true }, finance)).ret).toBe(0);
    expect(await rechargeRow(b.RechargeId)).toMatchObject({ State: 2, FailReason: '' });
  });

  it('估算余额 = written top-ups − use since the first one × 电价; 低余额 under 20 元', async () => {
    const one = async () =>
      (
        await t.api<{ EstimatedBalanceMoney: string; WrittenMoney: string; LowBalance: boolean }[]>(
          '/ElectricRecharge/MeterList',
          { Keyword: meter.meter_no },
          finance,
        )
      ).data[0]!;
    // 50.00 + 20.00 written, no reading since.
    expect(await one()).toMatchObject({ WrittenMoney: '70.00', EstimatedBalanceMoney: '70.00', LowBalance: false });
    // A later reading 10 kWh above: 70 − 10 × 0.5283 = 64.717 → 64.72.
    await t.db
      .execute(sql`insert into fee_meter_readings (cmp_id, community_id, meter_id, room_id, period, prev_reading,
        curr_reading, usage, read_date, state)
      select cmp_id, community_id, id, room_id, '2099-01', last_reading, last_reading + 10, 10, '2099-01-05', 2
      from meters where id = ${meter.id}`);
    await t.db.execute(sql`update meters set last_reading = last_reading + 10 where id = ${meter.id}`);
    expect((await one()).EstimatedBalanceMoney).toBe('64.72');
    await t.db.execute(sql`update meters set last_reading = last_reading + 100 where id = ${meter.id}`);
    expect(await one()).toMatchObject({ EstimatedBalanceMoney: '11.89', LowBalance: true });
    const low = await t.api<{ MeterId: number }[]>(
      '/ElectricRecharge/MeterList',
      { LowBalance: true, PgSize: 50 },
      finance,
    );
    expect(low.data.map((m) => m.MeterId)).toContain(meter.id);
  });

  it('refuses a bad amount, a short tender, a meter that is not prepaid, and changes nothing', async () => {
    const before = await count(t, 'fee_payments');
    const recharges = await count(t, 'fee_meter_recharges');
    for (const amount of ['0', '-5', '1.234', 'abc', '100001']) {
      const r = await recharge(amount, { Tenders: [{ Method: 1, AmountMoney: '10' }] });
      expect(r.ret, amount).not.toBe(0);
      expect(r.msg, amount).toContain('充值金额');
    }
    expect(await recharge('10', { Tenders: [{ Method: 1, AmountMoney: '5' }] })).toMatchObject({
      ret: 400,
      msg: '实收金额不足，还差¥5.00',
    });
    expect(await recharge('10', { Tenders: [{ Method: 2, AmountMoney: '15' }] })).toMatchObject({
      msg: '非现金多收金额只能转入预存款',
    });
    const [water] = await sqlRows<{ id: number }>(
      t.db,
      sql`select id from meters where meter_type = 1 and community_id = ${meter.community_id} limit 1`,
    );
    expect(await recharge('10', { MeterId: water!.id })).toMatchObject({ ret: 400, msg: '该表不是预付费电表' });
    expect(await recharge('10', { MeterId: 99999999 })).toMatchObject({ ret: 404 });
    expect(await count(t, 'fee_payments')).toBe(before);
    expect(await count(t, 'fee_meter_recharges')).toBe(recharges);
  });

  it('a voided top-up is 已退款 and cannot be written any more', async () => {
    const a = (await recharge('30', {}, admin)).data;
    const apply = await t.api<{ Id: number }>(
      '/FeeReversal/Apply',
      { Type: 1, PaymentId: a.PaymentId, Reason: '充错电表了' },
      admin,
    );
    expect(apply.ret, apply.msg).toBe(0);
    expect((await t.api('/FeeReversal/Approve', { Id: apply.data.Id }, finance)).ret).toBe(0);
    expect(await rechargeRow(a.RechargeId)).toMatchObject({ State: 4, StateName: '已退款' });
    expect(await t.api('/ElectricRecharge/Confirm', { Id: a.RechargeId, Ok: true }, finance)).toMatchObject({
      ret: 400,
      msg: '该充值已退款，不能写表',
    });
  });
});

describe('电表充值 rights, tenancy and scope', () => {
  it('needs sfgl_dbcz with topup / confirm', async () => {
    // 收费员 holds no sfgl_dbcz.
    expect(await recharge('10', {}, cashier)).toMatchObject({ ret: 403 });
    expect(await t.api('/ElectricRecharge/MeterList', {}, cashier)).toMatchObject({ ret: 403 });
    const viewer = await clerkWith(t, admin, [{ RoleKey: 'sfgl_dbcz', Btn: 'export' }]);
    expect((await t.api('/ElectricRecharge/List', {}, viewer)).ret).toBe(0);
    expect(await recharge('10', {}, viewer)).toMatchObject({ ret: 403 });
    const [r] = await sqlRows<{ id: number }>(t.db, sql`select id from fee_meter_recharges where state = 1 limit 1`);
    expect(await t.api('/ElectricRecharge/Confirm', { Id: r!.id, Ok: true }, viewer)).toMatchObject({ ret: 403 });
  });

  it('a top-up clerk prints the receipt once; 补打 needs 收款记录 print', async () => {
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'sfgl_dbcz', Btn: 'topup' }]);
    const a = (await recharge('12.5', {}, clerk)).data;
    const p = await t.api<{ ReceiptNo: string; AmountCn: string; PrintCount: number; Reprint: boolean }>(
      '/ElectricRecharge/Print',
      { Id: a.PaymentId },
      clerk,
    );
    expect(p.data).toMatchObject({ ReceiptNo: a.ReceiptNo, AmountCn: '壹拾贰元伍角整', PrintCount: 1, Reprint: false });
    expect(await t.api('/ElectricRecharge/Print', { Id: a.PaymentId }, clerk)).toMatchObject({ ret: 403 });
    expect((await t.api('/ElectricRecharge/Print', { Id: a.PaymentId }, finance)).data).toMatchObject({
      Reprint: true,
    });
    // Only top-ups print here.
    const [other] = await sqlRows<{ id: number }>(
      t.db,
      sql`select p.id from fee_payments p where not exists (select 1 from fee_meter_recharges x where x.payment_id = p.id) limit 1`,
    );
    expect(await t.api('/ElectricRecharge/Print', { Id: other!.id }, clerk)).toMatchObject({ ret: 404 });
  });

  it('another company and another community see none of it and touch nothing', async () => {
    await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const b = await t.login('bieadmin', 'Other2026');
    const lakeClerk = await clerkWith(
      t,
      admin,
      [{ RoleKey: 'sfgl_dbcz', Btn: 'topup,confirm,export' }],
      [await communityId(t, '翠湖天地')],
    );
    const [pending] = await sqlRows<{ id: number }>(
      t.db,
      sql`select id from fee_meter_recharges where meter_id = ${meter.id} and state = 1 limit 1`,
    );
    const id = pending?.id ?? (await recharge('10')).data.RechargeId;
    const payments = await count(t, 'fee_payments');
    for (const who of [b, lakeClerk]) {
      expect((await t.api('/ElectricRecharge/MeterList', {}, who)).count).toBe(0);
      expect((await t.api('/ElectricRecharge/List', {}, who)).count).toBe(0);
      expect(await recharge('10', {}, who)).toMatchObject({ ret: 404 });
      expect(await t.api('/ElectricRecharge/Confirm', { Id: id, Ok: true }, who)).toMatchObject({ ret: 404 });
    }
    expect(await count(t, 'fee_payments')).toBe(payments);
    expect((await rechargeRow(id)).State).toBe(1);
  });
});
