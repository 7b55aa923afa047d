import {
  ElectricConfirmBody,
  ElectricMeterListBody,
  ElectricRechargeBody,
  ElectricRechargeListBody,
  FeePaymentSource,
  toFen,
} from '@linli/shared';
import { call, defineCalls, Page } from '../../core/calls';
import { fail } from '../../core/errors';
import { xlsxExport } from '../../core/excel';
import { pageOf } from '../../core/paging';
import { requireRight } from '../../core/auth';
import { notFound } from '../../core/errors';
import { sqlRows } from '../../core/sql-rows';
import { sql } from 'drizzle-orm';
import { FeeIdBody } from '@linli/shared';
import { payAs, payBodyOf, printReceipt } from './payments.routes';
import { confirmRecharge, kwhOf, meterList, rechargeList, rechargeTarget } from './electric-recharge.service';

/** 电表充值 (sfgl_dbcz): meters, 充值 `topup` through the one Pay transaction, 写表确认 `confirm`, the top-ups. */
export const electricRechargeCalls = defineCalls(
  call({
    path: '/ElectricRecharge/MeterList',
    role: 'sfgl_dbcz',
    reads: true,
    body: ElectricMeterListBody,
    handler: async (b, { auth, deps }) => {
      const r = await meterList(deps.database.db, auth, b, pageOf(b));
      return new Page(r.rows, r.count);
    },
  }),
  call({
    path: '/ElectricRecharge/MeterExport',
    role: 'sfgl_dbcz',
    btn: 'export',
    body: ElectricMeterListBody,
    handler: async (b, { auth, deps }) => {
      const { rows } = await meterList(deps.database.db, auth, b);
      return xlsxExport<(typeof rows)[number]>(
        '预付费电表',
        [
          { header: '房号', value: (r) => r.RoomName, width: 18 },
          { header: '业主', value: (r) => r.OwnerName },
          { header: '表号', value: (r) => r.MeterNo },
          { header: '电价', value: (r) => r.UnitPrice },
          { header: '最近读数', value: (r) => r.LastReading },
          { header: '最近充值', value: (r) => r.LastRechargeMoney, numFmt: '0.00' },
          { header: '充值时间', value: (r) => r.LastRechargeTime, width: 20 },
          { header: '估算余额', value: (r) => r.EstimatedBalanceMoney, numFmt: '0.00' },
        ],
        rows,
      );
    },
  }),
  call({
    path: '/ElectricRecharge/Recharge',
    role: 'sfgl_dbcz',
    btn: 'topup',
    body: ElectricRechargeBody,
    // Pay's body with the meter instead of lines: one payment, an SF receipt, a LineType 3 line, its tenders.
    handler: async (b, ctx) => {
      const m = await rechargeTarget(ctx.deps.database.db, ctx.auth, b.MeterId);
      const kwh = kwhOf(b.AmountMoney, m.unitPrice);
      if (toFen(kwh) <= 0) throw fail('充值金额过小，不足0.01度');
      const body = payBodyOf({ ...b, PayTime: undefined });
      return payAs(
        ctx,
        {
          ...body,
          roomId: m.roomId,
          lines: [],
          topUps: [],
          usePrepaid: false,
          recharge: { ...m, fen: toFen(b.AmountMoney), kwh },
        },
        FeePaymentSource.Desk,
      );
    },
  }),
  call({
    path: '/ElectricRecharge/Print',
    role: 'sfgl_dbcz',
    btn: 'topup',
    body: FeeIdBody,
    // The receipt of a top-up (Id = its PaymentId) printed right after 充值; a 补打 needs 收款记录's `print`.
    handler: async (b, ctx) => {
      const [r] = await sqlRows<{ id: number }>(
        ctx.deps.database.db,
        sql`select id from fee_meter_recharges where payment_id = ${b.Id} and cmp_id = ${ctx.auth.cmpId}`,
      );
      if (!r) throw notFound('收款记录不存在');
      return printReceipt(ctx.auth, ctx, b.Id, () => requireRight(ctx.auth, 'sfgl_zsdc', 'print'));
    },
  }),
  call({
    path: '/ElectricRecharge/Confirm',
    role: 'sfgl_dbcz',
    btn: 'confirm',
    body: ElectricConfirmBody,
    okMsg: '操作成功',
    handler: (b, { auth, deps }) => deps.database.db.transaction((tx) => confirmRecharge(tx, auth, b, deps.now())),
  }),
  call({
    path: '/ElectricRecharge/List',
    role: 'sfgl_dbcz',
    reads: true,
    body: ElectricRechargeListBody,
    handler: async (b, { auth, deps }) => {
      const r = await rechargeList(deps.database.db, auth, b, pageOf(b));
      return new Page(r.rows, r.count, { AmountMoney: r.amount });
    },
  }),
  call({
    path: '/ElectricRecharge/Export',
    role: 'sfgl_dbcz',
    btn: 'export',
    body: ElectricRechargeListBody,
    handler: async (b, { auth, deps }) => {
      const { rows } = await rechargeList(deps.database.db, auth, b);
      return xlsxExport<(typeof rows)[number]>(
        '电表充值记录',
        [
          { header: '时间', value: (r) => r.CreateTime, width: 20 },
          { header: '收据号', value: (r) => r.ReceiptNo, width: 16 },
          { header: '房号', value: (r) => r.RoomName, width: 18 },
          { header: '表号', value: (r) => r.MeterNo },
          { header: '金额', value: (r) => r.AmountMoney, numFmt: '0.00' },
          { header: '电价', value: (r) => r.UnitPrice },
          { header: '度数', value: (r) => r.Kwh },
          { header: '状态', value: (r) => r.StateName },
          { header: '失败原因', value: (r) => r.FailReason, width: 24 },
          { header: '收款人', value: (r) => r.CreatorName },
          { header: '写表确认', value: (r) => r.ConfirmerName },
          { header: '确认时间', value: (r) => r.ConfirmTime, width: 20 },
        ],
        rows,
      );
    },
  }),
);
