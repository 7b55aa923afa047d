import type {
  SmsBalanceLogRow,
  SmsBatchRow,
  SmsPreview,
  SmsProviderView,
  SmsRechargeRow,
  SmsRecordRow,
  SmsSignRow,
  SmsTemplateRow,
} from '@linli/shared';
import { request, requestEnvelope } from '../../../app/request';
import type { ListParams } from '../../../components/crud';

/** Every SMS query key starts with this root (app/query-deps.ts): a send, top-up or review refreshes them all. */
export const SMS = 'sms';

export interface NamedOption {
  Id: number;
  Name: string;
}

export const smsApi = {
  balance: () => request<{ Balance: number; UnitPrice: string }>('/SmsRecharge/Balance'),
  preview: (body: Record<string, unknown>) => request<SmsPreview>('/Sms/Preview', body, { json: true }),
  send: (body: Record<string, unknown>) =>
    request<{ BatchId: number; BatchNo: string }>('/Sms/Send', body, { json: true }),
  batchList: (p: ListParams) => requestEnvelope<SmsBatchRow[]>('/Sms/BatchList', p),
  batchCancel: (Id: number) => request('/Sms/BatchCancel', { Id }),
  batchProgress: (BatchId: number) =>
    request<{ Total: number; Done: number; State: number; StateName: string }>('/Sms/BatchProgress', { BatchId }),
  templates: (State?: number) => request<SmsTemplateRow[]>('/Sms/TemplateList', State ? { State } : {}),
  templateSave: (v: Record<string, unknown>) => request<{ Id: number }>('/Sms/TemplateSave', v),
  templateDel: (Id: number) => request('/Sms/TemplateDel', { Id }),
  signs: (State?: number) => request<SmsSignRow[]>('/Sms/SignList', State ? { State } : {}),
  signSave: (v: Record<string, unknown>) => request<{ Id: number }>('/Sms/SignSave', v),
  provider: () => request<SmsProviderView>('/Sms/ProviderGet'),
  providerSave: (v: Record<string, unknown>) => request('/Sms/ProviderSave', v),
  testSend: (Phone: string) => request<{ Id: number }>('/Sms/TestSend', { Phone }),
  tags: () => request<NamedOption[]>('/Sms/TagOptions'),
  phonesFromXlsx: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<{ Phones: string[] }>('/Sms/PhonesFromXlsx', form);
  },
  records: (p: ListParams) => requestEnvelope<SmsRecordRow[]>('/SmsRecord/List', p),
  resend: (Id: number) => request<{ Id: number }>('/SmsRecord/Resend', { Id }),
  recharges: (p: ListParams) => requestEnvelope<SmsRechargeRow[]>('/SmsRecharge/List', p),
  rechargeAdd: (v: { Package: number; PayMethod: number }) =>
    request<{ Id: number; OrderNo: string }>('/SmsRecharge/Add', v),
  rechargeConfirm: (Id: number, PayRef: string) => request('/SmsRecharge/Confirm', { Id, PayRef }),
  rechargeCancel: (Id: number) => request('/SmsRecharge/Cancel', { Id }),
  balanceLog: (p: ListParams) => requestEnvelope<SmsBalanceLogRow[]>('/SmsRecharge/BalanceLog', p),
};
