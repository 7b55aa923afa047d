import {
  FEE_BILL_RUN_STATE,
  FEE_CATEGORY,
  FEE_CHARGE_MODE,
  FEE_ITEM_KIND,
  FEE_LATE_FEE_UNIT,
  FEE_METER_READING_STATE,
  FEE_PAYER_TYPE,
  FEE_PRICE_METHOD,
  FEE_ROUND_MODE,
  FeeItemRow,
  FeeItemSaveBody,
  FeeStandardRow,
  FeeStandardSaveBody,
  METER_TYPES,
  feeCodes,
} from '@linli/shared';
import { request, requestEnvelope } from '../../app/request';
import { defineResource, type ImportConfig, type ListParams, type Option } from '../../components/crud';

/** The fees-core calls of the web: 收费项目, 收费标准, 绑定, 批量出账 and 抄表. */
export const feeItems = defineResource({
  name: 'fee-items',
  path: '/FeeItem',
  row: FeeItemRow,
  body: FeeItemSaveBody,
  title: '收费项目',
  listPath: '/chargemanage/itemlist',
  formPath: '/chargemanage/moyitem/itemaddedit',
});

export const feeStandards = defineResource({
  name: 'fee-items',
  path: '/FeeStandard',
  row: FeeStandardRow,
  body: FeeStandardSaveBody,
  title: '收费标准',
  listPath: '/chargemanage/itemlist',
  formPath: '/chargemanage/moyitem/standardaddedit',
  exportable: false,
});

export const optionsOf = (names: readonly string[]): Option[] =>
  feeCodes(names).map((value) => ({ value, label: names[value] }));

export const OPTIONS = {
  category: optionsOf(FEE_CATEGORY),
  kind: optionsOf(FEE_ITEM_KIND),
  payerType: optionsOf(FEE_PAYER_TYPE).filter((o) => Number(o.value) <= 4),
  priceMethod: optionsOf(FEE_PRICE_METHOD),
  chargeMode: optionsOf(FEE_CHARGE_MODE),
  lateFeeUnit: optionsOf(FEE_LATE_FEE_UNIT),
  roundMode: optionsOf(FEE_ROUND_MODE),
  runState: optionsOf(FEE_BILL_RUN_STATE),
  readingState: optionsOf(FEE_METER_READING_STATE),
  meterType: optionsOf(METER_TYPES),
  cycle: [1, 2, 3, 6, 12].map((v) => ({ value: v, label: `${v}个月` })),
};

export interface RunRow {
  Id: number;
  RunId: number;
  CommunityName: string;
  StandardNames: string;
  PeriodFrom: string;
  PeriodTo: string;
  SourceName: string;
  State: number;
  StateName: string;
  Total: number;
  Done: number;
  Created: number;
  Skipped: number;
  Failed: number;
  AmountMoney: string;
  Error: string;
  CreatorName: string;
  CreateTime: string;
}

export interface PreviewStandard {
  StandardId: number;
  StandardName: string;
  ItemName: string;
  ToCreate: number;
  Existing: number;
  Failed: number;
  AmountMoney: string;
  Failures: { PayerName: string; Reason: string }[];
  Samples: { PayerName: string; Period: string; DueDate: string; Quantity: string; AmountMoney: string }[];
}

export type RunBody = {
  CommunityId: number;
  StandardIds: number[];
  PeriodFrom: string;
  PeriodTo: string;
};

export interface BindRoom {
  RoomId: number;
  RoomName: string;
  BuildingId: number;
  BuildingName: string;
  UnitId: number;
  UnitName: string;
  Bound: boolean;
  BoundOther: boolean;
}

/** A 车位 or 车辆 the bind drawer lists (FeeBinding/Payers). */
export interface BindPayer {
  PayerId: number;
  PayerName: string;
  RoomName: string;
  OwnerName: string;
  Bound: boolean;
  BoundOther: boolean;
}

export interface BindingRow {
  Id: number;
  PayerName: string;
  PayerTypeName: string;
  StartDate: string;
  EndDate: string;
  State: number;
  StateName: string;
}

export interface ReadingRow {
  Id: number;
  RoomName: string;
  MeterTypeName: string;
  MeterNo: string;
  Period: string;
  PrevReading: string;
  CurrReading: string;
  Multiplier: string;
  Usage: string;
  AvgUsage: string;
  ReadDate: string;
  State: number;
  StateName: string;
  IsAbnormal: boolean;
  IsReplace: boolean;
  IsRollover: boolean;
  OldEndReading: string;
  NewStartReading: string;
  Remark: string;
}

export interface GridRow {
  MeterId: number;
  MeterNo: string;
  RoomName: string;
  Multiplier: string;
  PrevReading: string;
  AvgUsage: string | null;
  ReadingId: number;
  CurrReading: string | null;
}

export const feeApi = {
  setItemEnabled: (Id: number, IsEnabled: boolean) => request('/FeeItem/SetEnabled', { Id, IsEnabled }),
  setStandardEnabled: (Id: number, IsEnabled: boolean) => request('/FeeStandard/SetEnabled', { Id, IsEnabled }),
  standards: (ItemId: number) =>
    requestEnvelope<FeeStandardRow[]>('/FeeStandard/List', { ItemId, PgIndex: 1, PgSize: 200 }),
  allStandards: (CommunityId: number) =>
    requestEnvelope<FeeStandardRow[]>('/FeeStandard/List', { CommunityId, IsEnabled: true, PgIndex: 1, PgSize: 200 }),
  trial: (body: Record<string, unknown>) =>
    request<{ AmountMoney: string; Steps: string[] }>('/FeeStandard/Trial', body, { silent: true }),
  runs: (p: ListParams) => requestEnvelope<RunRow[]>('/FeeBillRun/List', p),
  preview: (b: RunBody) =>
    request<{ ToCreate: number; Existing: number; Failed: number; AmountMoney: string; Standards: PreviewStandard[] }>(
      '/FeeBillRun/Preview',
      b,
    ),
  start: (b: RunBody) => request<{ RunId: number }>('/FeeBillRun/Start', b),
  progress: (RunId: number) => request<RunRow>('/FeeBillRun/Progress', { RunId }),
  revoke: (Id: number) => request('/FeeBillRun/Revoke', { Id }),
  bindRooms: (StandardId: number) => request<BindRoom[]>('/FeeBinding/Rooms', { StandardId }),
  bindPayers: (StandardId: number, Keyword: string) =>
    request<{ PayerType: number; Rows: BindPayer[] }>('/FeeBinding/Payers', { StandardId, Keyword }),
  bind: (b: Record<string, unknown>) =>
    request<{ Bound: number; Skipped: number; Conflicts: { PayerId: number; PayerName: string; Reason: string }[] }>(
      '/FeeBinding/Bind',
      b,
    ),
  bindings: (p: ListParams) => requestEnvelope<BindingRow[]>('/FeeBinding/List', p),
  unbind: (Ids: number[], EndDate: string) =>
    request<{ Unbound: number; CancelledBills: number }>('/FeeBinding/Unbind', { Ids, EndDate }),
  readings: (p: ListParams) => requestEnvelope<ReadingRow[]>('/MeterReading/List', p),
  grid: (b: Record<string, unknown>) => request<GridRow[]>('/MeterReading/Grid', b),
  saveReadings: (b: Record<string, unknown>) =>
    request<{ Saved: number; Abnormal: number }>('/MeterReading/BatchSave', b, { silent: true }),
  editReading: (b: Record<string, unknown>) =>
    request<{ Id: number; Usage: string; IsAbnormal: boolean }>('/MeterReading/Save', b, { silent: true }),
  approve: (Ids: number[]) => request('/MeterReading/Approve', { Ids }),
  voidReadings: (Ids: number[]) => request('/MeterReading/Void', { Ids }),
  billReadings: (Ids: number[]) =>
    request<{ Created: number; Failed: number; Failures: { Id: number; Reason: string }[] }>('/MeterReading/Bill', {
      Ids,
    }),
};

/** 抄表 导入 (sfgl_cb `import`): one reading a row, previewed by the save of 抄表录入. */
export const readingImport: ImportConfig = {
  title: '抄表导入',
  name: '抄表导入',
  templateCall: '/MeterReading/ImportTemplate',
  importCall: '/MeterReading/ImportPreview',
  hint: '按模板填写小区、表类型、表号、账期和本期读数（xlsx，不超过5MB、5000行）；换表时填写旧表止码和新表起码。上传后先预览每一行的检查结果，只导入正确的行；用量异常的读数标记为“异常”。',
  preview: {
    previewCall: '/MeterReading/ImportPreview',
    commitCall: '/MeterReading/ImportCommit',
    statusCall: '/MeterReading/ImportStatus',
    errorsCall: '/MeterReading/ImportErrors',
    rowColumns: ['小区名称', '表类型', '表号', '账期', '本期读数', '换表'],
    doneText: (r) => `导入成功：${r.Count ?? 0}条读数${r.Error ? `，${r.Error}行有误未导入` : ''}`,
  },
};

/** 导入绑定 (收费项目 `import`): a payer (房屋, 车位 or 车辆) and a standard a row, bound by FeeBinding/Bind's rules. */
export const bindingImport: ImportConfig = {
  title: '导入绑定',
  label: '导入绑定',
  name: '收费绑定导入',
  templateCall: '/FeeBinding/ImportTemplate',
  importCall: '/FeeBinding/ImportPreview',
  hint: '按模板填写小区、收费标准、房号（如 1栋-2单元-1201）和开始日期（xlsx，不超过5MB、5000行）。同一收费项目每个房间只能绑定一个标准；上传后先预览每一行的检查结果，只导入正确的行。',
  preview: {
    previewCall: '/FeeBinding/ImportPreview',
    commitCall: '/FeeBinding/ImportCommit',
    statusCall: '/FeeBinding/ImportStatus',
    errorsCall: '/FeeBinding/ImportErrors',
    rowColumns: ['小区名称', '收费标准', '房号', '开始日期'],
    doneText: (r) => `导入成功：绑定${r.Count ?? 0}户${r.Error ? `，${r.Error}行有误未导入` : ''}`,
  },
};
