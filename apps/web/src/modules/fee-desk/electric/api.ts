import { request, requestEnvelope } from '../../../app/request';
import type { ListParams } from '../../../components/crud';
import type { PayAnswer, Receipt } from '../api';

/** 电表充值's calls (domain/fees.md "Prepaid, meters, electric"), typed as the server answers them. */
export interface ElectricMeterRow {
  Id: number;
  MeterId: number;
  MeterNo: string;
  CommunityId: number;
  CommunityName: string;
  RoomId: number;
  RoomName: string;
  OwnerName: string;
  Multiplier: string;
  LastReading: string;
  LastReadTime: string;
  UnitPrice: string;
  WrittenMoney: string;
  LastRechargeMoney: string;
  LastRechargeTime: string;
  LastRechargeState: number;
  LastRechargeStateName: string;
  EstimatedBalanceMoney: string;
  LowBalance: boolean;
}

export interface RechargeRow {
  Id: number;
  MeterId: number;
  MeterNo: string;
  CommunityId: number;
  RoomId: number;
  RoomName: string;
  PaymentId: number;
  ReceiptNo: string;
  AmountMoney: string;
  UnitPrice: string;
  Kwh: string;
  State: number;
  StateName: string;
  FailReason: string;
  CreatorName: string;
  CreateTime: string;
  ConfirmerName: string;
  ConfirmTime: string;
}

export type RechargeAnswer = PayAnswer & { RechargeId: number; Kwh: string };

export const electricApi = {
  meters: (p: ListParams) => requestEnvelope<ElectricMeterRow[]>('/ElectricRecharge/MeterList', p),
  recharges: (p: ListParams) => requestEnvelope<RechargeRow[]>('/ElectricRecharge/List', p),
  recharge: (body: Record<string, unknown>) =>
    request<RechargeAnswer>('/ElectricRecharge/Recharge', body, { json: true }),
  confirm: (Id: number, Ok: boolean, FailReason = '') => request('/ElectricRecharge/Confirm', { Id, Ok, FailReason }),
  print: (PaymentId: number) => request<Receipt>('/ElectricRecharge/Print', { Id: PaymentId }),
};

export const RECHARGE_STATES = [
  { value: 1, label: '待写表' },
  { value: 2, label: '已写表' },
  { value: 3, label: '写表失败' },
  { value: 4, label: '已退款' },
];
