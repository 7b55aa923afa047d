/**
 * Chinese names of the fee reports' and 电表充值's request fields (fee-reports.md and fees.md "API shapes"), spread
 * into FIELD_LABELS like the desk's.
 */
export const FEE_REPORT_LABELS: Record<string, string> = {
  Bands: '分级金额',
  Basis: '统计口径',
  Date: '日期',
  FailReason: '失败原因',
  Granularity: '统计粒度',
  GroupBy: '分组',
  ItemIds: '收费项目',
  LowBalance: '低余额',
  Measure: '统计指标',
  Methods: '收款方式',
  MinOverdueDays: '最少逾期天数',
  Pivot: '透视',
  ReceiptNo: '收据号',
  SubGroupBy: '二级分组',
};
