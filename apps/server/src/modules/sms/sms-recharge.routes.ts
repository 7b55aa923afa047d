import {
  SMS_BALANCE_KINDS,
  SMS_PACKAGES,
  SMS_PAY_METHODS,
  SMS_RECHARGE_STATES,
  SmsBalanceLogFilter,
  type SmsBalanceLogRow,
  SmsRechargeAddBody,
  SmsRechargeConfirmBody,
  SmsRechargeFilter,
  type SmsRechargeRow,
  zId,
} from '@linli/shared';
import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { type Auth, hasRole } from '../../core/auth';
import { call } from '../../core/calls';
import { fail, forbidden, notFound } from '../../core/errors';
import { type Filter, listCalls } from '../../core/list-calls';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { smsBalanceLogs, smsRecharges, users } from '../../db/schema';
import { dayRange, nameOf } from './sms-list';
import { accountOf, LOG_KIND, lockAccount, moveBalance } from './sms-quota';

const ROLE = 'dxgl_dxcz';
const IdBody = z.object({ Id: zId() });

const creator = alias(users, 'creator');
const confirmer = alias(users, 'confirmer');

const whereOf = (auth: Auth, f: Filter<typeof SmsRechargeFilter>): SQL | undefined =>
  and(
    eq(smsRecharges.cmpId, auth.cmpId),
    f.State ? eq(smsRecharges.state, f.State) : undefined,
    dayRange(smsRecharges.createdAt, auth.timeZone, f.DateFrom, f.DateTo),
  );

const rows = (db: Tx) =>
  db
    .select({
      r: smsRecharges,
      creatorName: creator.name,
      confirmerName: confirmer.name,
    })
    .from(smsRecharges)
    .leftJoin(creator, eq(creator.id, smsRecharges.createdBy))
    .leftJoin(confirmer, eq(confirmer.id, smsRecharges.confirmerId))
    .$dynamic();

const view = (
  {
    r,
    creatorName,
    confirmerName,
  }: {
    r: typeof smsRecharges.$inferSelect;
    creatorName: string | null;
    confirmerName: string | null;
  },
  { timeZone: tz }: Auth,
): SmsRechargeRow => ({
  Id: r.id,
  OrderNo: r.orderNo,
  Package: r.package,
  PackageName: SMS_PACKAGES[r.package]?.Name ?? '',
  Count: r.count,
  PayMoney: r.payMoney,
  PayMethod: r.payMethod,
  PayMethodName: nameOf(SMS_PAY_METHODS, r.payMethod),
  State: r.state,
  StateName: nameOf(SMS_RECHARGE_STATES, r.state),
  PayRef: r.payRef,
  CreatorName: creatorName ?? '',
  CreateTime: fmtTime(r.createdAt, tz),
  ConfirmerName: confirmerName ?? '',
  ConfirmTime: fmtTime(r.confirmTime, tz),
});

/** Locks a recharge of the caller's company that is still 待支付; another state: '订单状态已变更'. */
async function pending(tx: Tx, auth: Auth, id: number) {
  const [r] = await tx
    .select()
    .from(smsRecharges)
    .where(and(eq(smsRecharges.id, id), eq(smsRecharges.cmpId, auth.cmpId)))
    .for('update');
  if (!r) throw notFound();
  if (r.state !== 1) throw fail('订单状态已变更');
  return r;
}

/** 短信充值 (dxgl_dxcz): orders, their confirmation (balance credited once, with a log row) and the balance ledger. */
export const smsRechargeCalls = [
  call({
    path: '/SmsRecharge/Balance',
    reads: true,
    handler: async (_b, { deps, auth }) => {
      // The balance card sits on both 短信群发 and 短信充值.
      if (!hasRole(auth, 'dxgl_dxqf') && !hasRole(auth, ROLE)) throw forbidden();
      const a = await accountOf(deps.database.db, auth.cmpId);
      return { Balance: a.balance, UnitPrice: a.unitPrice };
    },
  }),
  ...listCalls({
    path: '/SmsRecharge',
    role: ROLE,
    table: smsRecharges,
    filter: SmsRechargeFilter,
    where: whereOf,
    select: rows,
    view,
    order: [desc(smsRecharges.id)],
    // 合计 is money received: 待支付 and 已取消 orders count in the list, not in the sum.
    totals: { PayMoney: sql`case when ${smsRecharges.state} = 2 then ${smsRecharges.payMoney} end` },
    idOf: (r) => r.r.id,
    export: {
      title: '短信充值记录',
      columns: [
        { header: '订单号', value: (r) => r.OrderNo, width: 22 },
        { header: '套餐', value: (r) => r.PackageName, width: 14 },
        { header: '条数', value: (r) => r.Count, numFmt: '0' },
        { header: '金额', value: (r) => r.PayMoney, numFmt: '0.00' },
        { header: '支付方式', value: (r) => r.PayMethodName },
        { header: '状态', value: (r) => r.StateName },
        { header: '下单人', value: (r) => r.CreatorName },
        { header: '下单时间', value: (r) => r.CreateTime, width: 20 },
        { header: '确认人', value: (r) => r.ConfirmerName },
        { header: '确认时间', value: (r) => r.ConfirmTime, width: 20 },
        { header: '流水号', value: (r) => r.PayRef, width: 24 },
      ],
    },
  }),
  call({
    path: '/SmsRecharge/Add',
    role: ROLE,
    btn: 'add',
    body: SmsRechargeAddBody,
    okMsg: '下单成功',
    handler: (b, { deps, auth, ip }) => {
      const now = deps.now();
      const pkg = SMS_PACKAGES[b.Package]!;
      return deps.database.db.transaction(async (tx) => {
        const orderNo = `CZ${fmtTime(now, auth.timeZone).replace(/\D/g, '')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
        const [r] = await tx
          .insert(smsRecharges)
          .values({
            cmpId: auth.cmpId,
            orderNo,
            package: b.Package,
            count: pkg.Count,
            payMoney: pkg.PayMoney,
            payMethod: b.PayMethod,
            createdAt: now,
            updatedAt: now,
            createdBy: auth.userId,
          })
          .returning({ id: smsRecharges.id });
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'sms_recharge.add',
            entity: 'sms_recharge',
            entityId: r!.id,
            ip,
            detail: { OrderNo: orderNo, Count: pkg.Count },
          },
          now,
        );
        return { Id: r!.id, OrderNo: orderNo };
      });
    },
  }),
  call({
    path: '/SmsRecharge/Confirm',
    role: ROLE,
    btn: 'confirm',
    body: SmsRechargeConfirmBody,
    okMsg: '已确认到账',
    handler: (b, { deps, auth, ip }) => {
      const now = deps.now();
      return deps.database.db.transaction(async (tx) => {
        const r = await pending(tx, auth, b.Id);
        await tx
          .update(smsRecharges)
          .set({ state: 2, payRef: b.PayRef, confirmerId: auth.userId, confirmTime: now, updatedAt: now })
          .where(and(eq(smsRecharges.id, r.id), eq(smsRecharges.cmpId, auth.cmpId), eq(smsRecharges.state, 1)));
        await lockAccount(tx, auth.cmpId, now);
        await moveBalance(
          tx,
          auth.cmpId,
          LOG_KIND.recharge,
          r.count,
          { refType: 'recharge', refId: r.id, refNo: r.orderNo },
          now,
        );
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'sms_recharge.confirm',
            entity: 'sms_recharge',
            entityId: r.id,
            ip,
            detail: { PayRef: b.PayRef, Count: r.count },
          },
          now,
        );
        return null;
      });
    },
  }),
  call({
    path: '/SmsRecharge/Cancel',
    role: ROLE,
    btn: 'cancel',
    body: IdBody,
    okMsg: '已取消',
    handler: (b, { deps, auth, ip }) => {
      const now = deps.now();
      return deps.database.db.transaction(async (tx) => {
        const r = await pending(tx, auth, b.Id);
        await tx
          .update(smsRecharges)
          .set({ state: 3, updatedAt: now })
          .where(and(eq(smsRecharges.id, r.id), eq(smsRecharges.cmpId, auth.cmpId), eq(smsRecharges.state, 1)));
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'sms_recharge.cancel',
            entity: 'sms_recharge',
            entityId: r.id,
            ip,
          },
          now,
        );
        return null;
      });
    },
  }),
  ...listCalls({
    path: '/SmsRecharge',
    paths: { list: '/SmsRecharge/BalanceLog', export: '/SmsRecharge/BalanceLogExport' },
    role: ROLE,
    table: smsBalanceLogs,
    filter: SmsBalanceLogFilter,
    where: (auth, f) =>
      and(
        eq(smsBalanceLogs.cmpId, auth.cmpId),
        f.Kind ? eq(smsBalanceLogs.kind, f.Kind) : undefined,
        dayRange(smsBalanceLogs.createdAt, auth.timeZone, f.DateFrom, f.DateTo),
      ),
    select: (db) => db.select().from(smsBalanceLogs).$dynamic(),
    order: [desc(smsBalanceLogs.id)],
    view: (l, auth): SmsBalanceLogRow => ({
      Id: l.id,
      CreateTime: fmtTime(l.createdAt, auth.timeZone),
      Kind: l.kind,
      KindName: nameOf(SMS_BALANCE_KINDS, l.kind),
      Delta: l.delta,
      Balance: l.balance,
      RefNo: l.refNo,
    }),
  }),
];
