import {
  FEE_HANDOVER_STATE,
  FeeHandoverListBody,
  FeeHandoverReturnBody,
  FeeHandoverSubmitBody,
  FeeIdBody,
  feeName,
  fenToMoney,
  toFen,
} from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Auth } from '../../core/auth';
import { call, defineCalls, Page } from '../../core/calls';
import { fail, notFound } from '../../core/errors';
import { pageOf } from '../../core/paging';
import { sqlRows } from '../../core/sql-rows';
import type { Db, Tx } from '../../db/client';
import { notify } from '../messages/notify';
import { auditFee } from './reversals.service';

/**
 * 交班 (domain/fees.md "收款记录"): a cashier's takings since his last hand-over, per method and net of the refunds
 * and voids posted on his takings; he counts the cash, 长短款 = counted − expected, and finance confirms or returns
 * it. The window is the tenders' posting time, so what is handed over never changes afterwards.
 */
const time = (col: SQL, tz: string) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;

async function lastTo(tx: Tx, auth: Auth): Promise<Date | null> {
  const [h] = await sqlRows<{ to_time: Date | string }>(
    tx,
    sql`select to_time from fee_handovers where cmp_id = ${auth.cmpId} and cashier_id = ${auth.userId} and state <> 3
        order by to_time desc limit 1`,
  );
  return h ? new Date(h.to_time) : null;
}

async function takings(tx: Tx, auth: Auth, from: Date | null, to: Date) {
  const window = sql`t.cmp_id = ${auth.cmpId} and t.cashier_id = ${auth.userId} and t.created_at <= ${to}
    ${from ? sql`and t.created_at > ${from}` : sql``}`;
  const [s] = await sqlRows<Record<string, string | number>>(
    tx,
    sql`select count(distinct t.payment_id)::int as count,
          coalesce(min(t.created_at), ${to})::timestamptz as first,
          ${sql.join(
            [1, 2, 3, 4, 5, 6].map(
              (m) =>
                sql`coalesce(sum(t.amount_money) filter (where t.method = ${sql.raw(String(m))}), 0)::text as ${sql.raw(`m${m}`)}`,
            ),
            sql`, `,
          )},
          coalesce(-sum(t.amount_money) filter (where t.amount_money < 0 and t.method <> 6), 0)::text as refund
        from fee_payment_tenders t where ${window}`,
  );
  const v = Object.values(s!);
  const [count, first, cash, wechat, alipay, pos, bank, prepaid, refund] = v as [
    number,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const total = [cash, wechat, alipay, pos, bank].reduce((sum, m) => sum + toFen(m), 0);
  return {
    first: new Date(first),
    Count: count,
    CashMoney: cash,
    WechatMoney: wechat,
    AlipayMoney: alipay,
    PosMoney: pos,
    BankMoney: bank,
    PrepaidUsedMoney: prepaid,
    RefundMoney: refund,
    TotalMoney: fenToMoney(total),
  };
}

export async function handoverPreview(tx: Tx, auth: Auth, now: Date) {
  const from = await lastTo(tx, auth);
  const { first, ...sums } = await takings(tx, auth, from, now);
  const fmt = (d: Date) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: auth.timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(d);
  return { FromTime: fmt(from ?? first), ToTime: fmt(now), ...sums };
}

export const handoverCalls = defineCalls(
  call({
    path: '/FeeHandover/Preview',
    role: 'sfgl_zsdc',
    reads: true,
    handler: async (_b, { auth, deps }) => handoverPreview(deps.database.db, auth, deps.now()),
  }),
  call({
    path: '/FeeHandover/Submit',
    role: 'sfgl_zsdc',
    btn: 'handover',
    body: FeeHandoverSubmitBody,
    handler: async (b, { auth, deps }) => submitHandover(deps.database.db, auth, deps.now(), b),
  }),
  call({
    path: '/FeeHandover/Confirm',
    role: 'sfgl_sfbb',
    btn: 'confirm',
    body: FeeIdBody,
    handler: async (b, { auth, deps }) => settle(deps.database.db, auth, deps.now(), b.Id, 2, ''),
  }),
  call({
    path: '/FeeHandover/Return',
    role: 'sfgl_sfbb',
    btn: 'confirm',
    body: FeeHandoverReturnBody,
    handler: async (b, { auth, deps }) => settle(deps.database.db, auth, deps.now(), b.Id, 3, b.Reason),
  }),
  call({
    path: '/FeeHandover/List',
    role: 'sfgl_zsdc',
    reads: true,
    body: FeeHandoverListBody,
    handler: async (b, { auth, deps }) => {
      const db = deps.database.db;
      const tz = auth.timeZone;
      const where: SQL[] = [sql`h.cmp_id = ${auth.cmpId}`];
      if (b.CashierId) where.push(sql`h.cashier_id = ${b.CashierId}`);
      if (b.State) where.push(sql`h.state = ${b.State}`);
      if (b.DateFrom) where.push(sql`h.to_time >= (${b.DateFrom}::date::timestamp at time zone ${tz})`);
      if (b.DateTo) where.push(sql`h.to_time < ((${b.DateTo}::date + 1)::timestamp at time zone ${tz})`);
      const w = sql.join(where, sql` and `);
      const { limit, offset } = pageOf(b);
      const rows = await sqlRows<{ State: number }>(
        db,
        sql`select h.id as "Id", h.cashier_id as "CashierId", coalesce(u.name, '') as "CashierName",
              ${time(sql`h.from_time`, tz)} as "FromTime", ${time(sql`h.to_time`, tz)} as "ToTime",
              h.payment_count as "Count", h.cash_money::text as "CashMoney", h.wechat_money::text as "WechatMoney",
              h.alipay_money::text as "AlipayMoney", h.pos_money::text as "PosMoney", h.bank_money::text as "BankMoney",
              h.prepaid_used_money::text as "PrepaidUsedMoney", h.refund_money::text as "RefundMoney",
              h.total_money::text as "TotalMoney", h.counted_cash_money::text as "CountedCashMoney",
              h.diff_money::text as "DiffMoney", h.state as "State", h.remark as "Remark",
              coalesce(c.name, '') as "ConfirmerName", coalesce(${time(sql`h.confirm_time`, tz)}, '') as "ConfirmTime",
              h.return_reason as "ReturnReason", ${time(sql`h.created_at`, tz)} as "CreateTime"
            from fee_handovers h left join users u on u.id = h.cashier_id left join users c on c.id = h.confirmer_id
            where ${w} order by h.id desc limit ${limit} offset ${offset}`,
      );
      const [c] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from fee_handovers h where ${w}`);
      return new Page(
        rows.map((r) => ({ ...r, StateName: feeName(FEE_HANDOVER_STATE, r.State) })),
        c?.n ?? 0,
      );
    },
  }),
);

/** 交班 Submit: the takings up to the preview's ToTime, counted cash and 长短款; finance is told to confirm it. */
export async function submitHandover(db: Tx, auth: Auth, now: Date, b: z.infer<typeof FeeHandoverSubmitBody>) {
  return db.transaction(async (tx) => {
    // One hand-over at a time per cashier: his last one is the lock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fee-handover'), ${auth.userId})`);
    const [pending] = await sqlRows<{ id: number }>(
      tx,
      sql`select v.id from fee_reversals v join fee_payments p on p.id = v.payment_id
          where v.cmp_id = ${auth.cmpId} and v.state = 1 and v.reversal_type = 1 and p.cashier_id = ${auth.userId} limit 1`,
    );
    if (pending) throw fail('有待审批的作废申请，请先处理');
    const [t] = await sqlRows<{ t: Date | string }>(
      tx,
      sql`select (${b.ToTime}::timestamp at time zone ${auth.timeZone}) as t`,
    );
    const to = new Date(t!.t);
    // The preview's end, to the second: a payment taken after it waits for the next hand-over.
    const toEnd = new Date(Math.min(to.getTime() + 999, now.getTime()));
    const from = await lastTo(tx, auth);
    if (to.getTime() > now.getTime() + 1000 || (from && toEnd <= from)) throw fail('交班时间不正确，请重新预览');
    const sums = await takings(tx, auth, from, toEnd);
    if (sums.Count === 0 && toFen(sums.TotalMoney) === 0 && toFen(sums.RefundMoney) === 0)
      throw fail('没有需要交班的收款');
    const diff = fenToMoney(toFen(b.CountedCashMoney) - toFen(sums.CashMoney));
    const [h] = await sqlRows<{ id: number }>(
      tx,
      sql`insert into fee_handovers (cmp_id, cashier_id, from_time, to_time, payment_count, cash_money, wechat_money,
            alipay_money, pos_money, bank_money, prepaid_used_money, refund_money, total_money, counted_cash_money,
            diff_money, remark, created_by, created_at, updated_at)
          values (${auth.cmpId}, ${auth.userId}, ${from ?? sums.first}, ${toEnd}, ${sums.Count}, ${sums.CashMoney},
            ${sums.WechatMoney}, ${sums.AlipayMoney}, ${sums.PosMoney}, ${sums.BankMoney}, ${sums.PrepaidUsedMoney},
            ${sums.RefundMoney}, ${sums.TotalMoney}, ${b.CountedCashMoney}, ${diff}, ${b.Remark ?? ''},
            ${auth.userId}, ${now}, ${now})
          returning id`,
    );
    const id = h!.id;
    await tx.execute(sql`update fee_payments set handover_id = ${id}, updated_at = ${now}
        where cmp_id = ${auth.cmpId} and cashier_id = ${auth.userId} and handover_id is null and created_at <= ${toEnd}`);
    await auditFee(
      tx,
      auth,
      now,
      'handover.submit',
      'fee_handovers',
      id,
      { ...sums, CountedCashMoney: b.CountedCashMoney, DiffMoney: diff },
      '',
    );
    await notify(tx, {
      cmpId: auth.cmpId,
      roleKey: 'sfgl_sfbb',
      btn: 'confirm',
      msgType: 3,
      title: `${auth.name}提交了交班：¥${sums.TotalMoney}，请确认`,
      sourceId: id,
    });
    return { Id: id, DiffMoney: diff };
  });
}

/** Confirm (2) or return (3) a pending hand-over; a returned one gives its payments back to the next hand-over. */
async function settle(db: Db, auth: Auth, now: Date, id: number, state: 2 | 3, reason: string) {
  return db.transaction(async (tx) => {
    const [h] = await sqlRows<{ id: number; state: number; cashier_id: number }>(
      tx,
      sql`select id, state, cashier_id from fee_handovers where id = ${id} and cmp_id = ${auth.cmpId} for update`,
    );
    if (!h) throw notFound('交班记录不存在');
    if (h.state !== 1) throw fail('该交班已处理');
    await tx.execute(sql`update fee_handovers set state = ${sql.raw(String(state))}, confirmer_id = ${auth.userId},
        confirm_time = ${now}, return_reason = ${reason}, updated_at = ${now} where id = ${id} and cmp_id = ${auth.cmpId}`);
    if (state === 3) {
      await tx.execute(sql`update fee_payments set handover_id = null, updated_at = ${now}
          where handover_id = ${id} and cmp_id = ${auth.cmpId}`);
    }
    await auditFee(
      tx,
      auth,
      now,
      state === 2 ? 'handover.confirm' : 'handover.return',
      'fee_handovers',
      id,
      {},
      reason,
    );
    await notify(tx, {
      cmpId: auth.cmpId,
      userIds: [h.cashier_id],
      msgType: 3,
      title: state === 2 ? '您的交班已确认' : `您的交班已退回：${reason}`,
      sourceId: id,
    });
    return { Id: id };
  });
}
