import { request, requestEnvelope } from '../../app/request';
import type { ListParams } from '../../components/crud';

/** The cashier side's calls (domain/fees.md "API shapes"), typed as the server answers them. */
export const FEE_DESK = 'fee-desk';

export interface SearchHit {
  RoomId: number;
  RoomName: string;
  CommunityName: string;
  OwnerName: string;
  OwnerMobile: string;
  ArrearsMoney: string;
}

export interface DeskContext {
  Room: {
    Id: number;
    RoomName: string;
    CommunityId: number;
    CommunityName: string;
    BuildArea: string;
    InnerArea: string;
  } | null;
  OwnerName: string;
  OwnerMobile: string;
  ArrearsMoney: string;
  Accounts: { Id: number; ItemId: number; ItemName: string; BalanceMoney: string }[];
  Payers: { PayerType: number; PayerTypeName: string; PayerId: number; PayerName: string }[];
}

export interface BillRow {
  Id: number;
  ItemId: number;
  ItemName: string;
  StandardName: string;
  PayerType: number;
  PayerName: string;
  Period: string;
  DueDate: string;
  AmountMoney: string;
  DiscountMoney: string;
  PaidMoney: string;
  UnpaidMoney: string;
  LateFeeMoney: string;
  OverdueDays: number;
  StateName: string;
}

export interface PayLine {
  BillId: number;
  PayMoney: string;
  LateFeeMoney: string;
  DiscountMoney: string;
  ExpectedMoney: string;
}

export interface Tender {
  Method: number;
  AmountMoney: string;
  TradeNo?: string;
}

export interface PayAnswer {
  PaymentId: number;
  ReceiptNo: string;
  PaidMoney: string;
  PrepaidUsedMoney: string;
  ChangeMoney: string;
  ToPrepaidMoney: string;
}

export interface PaymentRow {
  Id: number;
  ReceiptNo: string;
  PayTime: string;
  CreateTime: string;
  RoomId: number;
  RoomName: string;
  PayerName: string;
  ItemSummary: string;
  DueMoney: string;
  DiscountMoney: string;
  LateFeeMoney: string;
  PrepaidUsedMoney: string;
  PaidMoney: string;
  MethodNames: string;
  CashierId: number;
  CashierName: string;
  SourceName: string;
  State: number;
  StateName: string;
  /** An open 作废 (1) or 退款 (2) request; 0 none. */
  PendingType: number;
  PendingName: string;
  HandoverId: number;
  PrintCount: number;
}

export interface ReceiptLine {
  Id: number;
  LineType: number;
  ItemName: string;
  Period: string;
  Quantity: string;
  UnitPrice: string;
  PrincipalMoney: string;
  LateFeeMoney: string;
  DiscountMoney: string;
  LineMoney: string;
  RefundableMoney: string;
}

export interface PaymentDetail extends PaymentRow {
  Lines: ReceiptLine[];
  Tenders: { Method: number; MethodName: string; AmountMoney: string; TradeNo: string }[];
}

export interface Receipt extends PaymentDetail {
  TotalMoney: string;
  AmountCn: string;
  Reprint: boolean;
}

export const cashierSearch = (Keyword: string) => request<SearchHit[]>('/Cashier/Search', { Keyword });
export const cashierContext = (RoomId: number) => request<DeskContext>('/Cashier/Context', { RoomId });
export const unpaidBills = (RoomId: number) =>
  requestEnvelope<BillRow[]>('/FeeBill/List', { RoomId, Unpaid: true, PgSize: 500 });
export const pay = (body: Record<string, unknown>) => request<PayAnswer>('/FeePayment/Pay', body, { json: true });
export const printReceipt = (Id: number) => request<Receipt>('/FeePayment/Print', { Id });
export const reprintReceipt = (Id: number) => request<Receipt>('/FeePayment/Reprint', { Id });
export const paymentDetail = (Id: number) => request<PaymentDetail>('/FeePayment/Detail', { Id });
export const roomPayments = (p: ListParams) => requestEnvelope<PaymentRow[]>('/Cashier/Payments', p);
export const paymentList = (p: ListParams) => requestEnvelope<PaymentRow[]>('/FeePayment/List', p);
export const topUp = (body: Record<string, unknown>) => request<PayAnswer>('/Prepaid/TopUp', body, { json: true });

/** A fresh idempotency key per attempt at the counter: a retried click resends the same one. */
export const newRequestId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
