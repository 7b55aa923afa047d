import { request, requestEnvelope } from '../../../app/request';
import type { ListParams } from '../../../components/crud';

/** A row of /Registration/List: an owner-app sign-up awaiting review. */
export interface RegistrationRow {
  Id: number;
  CommunityId: number;
  RoomId: number;
  RoomName: string;
  Name: string;
  Mobile: string;
  IdNo: string;
  Role: number;
  Relation: string;
  Attachments: string[];
  /** 系统比对: '与登记业主一致' / '手机号已登记为 张三' / '房屋已有业主 李四' / '未找到登记信息'. */
  Compare: string;
  CreateTime: string;
  Status: number;
  ReviewerName?: string;
  ReviewTime?: string;
  RejectReason?: string;
}

/** Under the residents key: an approval adds a resident, so both lists reload. */
export const REGISTRATIONS = 'residents';
export const REG_LIST = 'registrations';

export const registrationList = (p: ListParams) => requestEnvelope<RegistrationRow[]>('/Registration/List', p);
export const registrationApprove = (Ids: number[]) => request<{ Approved?: number }>('/Registration/Approve', { Ids });
export const registrationReject = (Id: number, Reason: string) => request('/Registration/Reject', { Id, Reason });
export const registrationPendingCount = async () => {
  const r = await request<number | { Count: number }>('/Registration/PendingCount');
  return typeof r === 'number' ? r : (r?.Count ?? 0);
};
