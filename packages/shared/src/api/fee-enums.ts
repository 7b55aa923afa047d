/**
 * The codes of domain/fees.md "Enum codes", one constant each: the index is the code, the text its `<Field>Name`
 * (index 0 is unused). Requests send the code; answers add the name (`feeName(FEE_BILL_STATE, 3)` → '已缴').
 */
export const FEE_CATEGORY = [
  '',
  '物业费',
  '水费',
  '电费',
  '燃气费',
  '停车费',
  '公摊费',
  '租金',
  '押金',
  '装修管理费',
  '垃圾清运费',
  '其他',
] as const;
export const FEE_ITEM_KIND = ['', '周期', '一次性', '抄表', '押金'] as const;
/** Payers of items, bindings and bills; 5 合同 is reserved (contract payments stay in the contracts module). */
export const FEE_PAYER_TYPE = ['', '房屋', '车位', '车辆', '广告位租赁', '合同'] as const;
export const FEE_PRICE_METHOD = ['', '建筑面积×单价', '套内面积×单价', '固定', '用量×单价', '阶梯', '公式'] as const;
export const FEE_CHARGE_MODE = ['', '预收', '后收'] as const;
export const FEE_LATE_FEE_UNIT = ['', '‰/天', '%/天'] as const;
export const FEE_ROUND_MODE = ['', '四舍五入', '进一', '去尾'] as const;
export const FEE_BINDING_STATE = ['', '生效', '已解绑'] as const;
export const FEE_BILL_RUN_STATE = ['', '排队中', '运行中', '已完成', '失败', '已撤销'] as const;
export const FEE_BILL_STATE = ['', '未缴', '部分缴', '已缴', '已取消'] as const;
export const FEE_BILL_SOURCE = ['', '批量出账', '自动出账', '预缴', '临时收费', '抄表出账'] as const;
export const FEE_JOURNAL_EVENT = ['', '出账', '调整', '减免', '取消', '收款', '作废冲回', '退款'] as const;
export const FEE_PAYMENT_SOURCE = ['', '收费台', '自动抵扣', '补录'] as const;
export const FEE_PAYMENT_STATE = ['', '正常', '已作废', '部分退款', '已退款'] as const;
export const FEE_LINE_TYPE = ['', '账单', '预存', '电表充值'] as const;
export const FEE_OVERPAY_TO = ['', '找零', '转预存'] as const;
/** 6 预存款抵扣 is written by the server, never sent. */
export const FEE_TENDER_METHOD = ['', '现金', '微信', '支付宝', 'POS刷卡', '银行转账', '预存款抵扣'] as const;
export const FEE_REVERSAL_TYPE = ['', '作废', '退款', '预存退款'] as const;
export const FEE_REVERSAL_STATE = ['', '待审批', '已通过', '已驳回', '已撤回'] as const;
export const FEE_REFUND_METHOD = ['', '原路', '现金', '转账', '转预存'] as const;
export const FEE_PREPAID_TXN_TYPE = ['', '充值', '多收转入', '抵扣', '退款', '冲正'] as const;
export const FEE_METER_READING_STATE = ['', '待审核', '已审核', '已出账', '作废'] as const;
export const FEE_METER_READING_SOURCE = ['', '抄表', '导入', '交房'] as const;
export const FEE_METER_RECHARGE_STATE = ['', '待写表', '已写表', '写表失败', '已退款'] as const;
export const FEE_DUNNING_CHANNEL = ['', '短信', '催缴单', '电话', '上门'] as const;
export const FEE_HANDOVER_STATE = ['', '待确认', '已确认', '已退回'] as const;
export const FEE_AGE_BAND = ['', '0-30', '31-90', '91-180', '181-365', '365天以上'] as const;

/** Named codes the server and web branch on (the arrays above give their names). */
export const FeeKind = { Periodic: 1, OneOff: 2, Metered: 3, Deposit: 4 } as const;
export const FeePayerType = { Room: 1, Space: 2, Vehicle: 3, AdRental: 4, Contract: 5 } as const;
export const FeePriceMethod = { BuildArea: 1, InnerArea: 2, Fixed: 3, Usage: 4, Tiered: 5, Formula: 6 } as const;
export const FeeChargeMode = { Advance: 1, Arrears: 2 } as const;
export const FeeLateFeeUnit = { PerMille: 1, Percent: 2 } as const;
export const FeeRoundMode = { HalfUp: 1, Up: 2, Down: 3 } as const;
export const FeeBindingState = { Active: 1, Unbound: 2 } as const;
export const FeeBillRunState = { Queued: 1, Running: 2, Done: 3, Failed: 4, Revoked: 5 } as const;
export const FeeBillState = { Unpaid: 1, Partial: 2, Paid: 3, Cancelled: 4 } as const;
export const FeeBillSource = { Run: 1, Auto: 2, Prepay: 3, Temp: 4, Meter: 5 } as const;
export const FeeJournalEvent = {
  Billed: 1,
  Adjusted: 2,
  Discounted: 3,
  Cancelled: 4,
  Paid: 5,
  Voided: 6,
  Refunded: 7,
} as const;
export const FeePaymentSource = { Desk: 1, AutoDeduct: 2, Backfill: 3 } as const;
export const FeePaymentState = { Normal: 1, Voided: 2, PartRefunded: 3, Refunded: 4 } as const;
export const FeeLineType = { Bill: 1, Prepaid: 2, MeterRecharge: 3 } as const;
export const FeeOverpayTo = { Change: 1, Prepaid: 2 } as const;
export const FeeTenderMethod = { Cash: 1, Wechat: 2, Alipay: 3, Pos: 4, Bank: 5, Prepaid: 6 } as const;
export const FeeReversalType = { Void: 1, Refund: 2, PrepaidRefund: 3 } as const;
export const FeeReversalState = { Pending: 1, Approved: 2, Rejected: 3, Withdrawn: 4 } as const;
export const FeeRefundMethod = { Original: 1, Cash: 2, Transfer: 3, ToPrepaid: 4 } as const;
export const FeePrepaidTxnType = { TopUp: 1, Overpay: 2, Deduct: 3, Refund: 4, Reversal: 5 } as const;
export const FeeMeterReadingState = { Pending: 1, Approved: 2, Billed: 3, Void: 4 } as const;
export const FeeMeterReadingSource = { Reading: 1, Import: 2, Handover: 3 } as const;
export const FeeMeterRechargeState = { Pending: 1, Written: 2, Failed: 3, Refunded: 4 } as const;
export const FeeDunningChannel = { Sms: 1, Notice: 2, Phone: 3, Visit: 4 } as const;
export const FeeHandoverState = { Pending: 1, Confirmed: 2, Returned: 3 } as const;

/** The `<Field>Name` of a code; '' for a code the list does not have. */
export function feeName(names: readonly string[], code: number | null | undefined): string {
  return code !== null && code !== undefined && code > 0 ? (names[code] ?? '') : '';
}

/** The codes a list declares, for zod enums and selects: `feeCodes(FEE_BILL_STATE)` → [1, 2, 3, 4]. */
export function feeCodes(names: readonly string[]): number[] {
  return names.flatMap((n, i) => (i > 0 && n ? [i] : []));
}

/** The AgeBand (账龄) of a number of days past due. */
export function feeAgeBand(overdueDays: number): number {
  if (overdueDays <= 30) return 1;
  if (overdueDays <= 90) return 2;
  if (overdueDays <= 180) return 3;
  if (overdueDays <= 365) return 4;
  return 5;
}
