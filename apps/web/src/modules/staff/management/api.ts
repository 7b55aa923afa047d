import type { StaffSaveBody } from '@linli/shared';
import { request, requestEnvelope } from '../../../app/request';
import type { ListParams } from '../../../components/crud';

/** A row of /user/StaffList and the answer of StaffGet. */
export interface StaffRow {
  Id: number;
  UserAccount: string;
  UserName: string;
  Phone: string;
  Gender: number;
  Logo: string;
  DptId: number;
  DptName: string;
  PositionIds: number[];
  PositionNames: string[];
  AllCommunity: boolean;
  CommunityIds: number[];
  CommunityNames: string[];
  State: number;
  Locked: boolean;
  LockedUntil: string;
  IsAdmin: boolean;
  LastLoginTime: string;
  LastLoginIp: string;
  CreateTime: string;
  ArchiveId: number;
  JobNo: string;
  Remark: string;
}

export type StaffValues = StaffSaveBody & { ConfirmPwd?: string };

export interface PositionOption {
  Id: number;
  Name: string;
  IsSystem: boolean;
}

export interface ArchiveOption {
  Id: number;
  EmployeeNo: string;
  Name: string;
  UserId: number;
}

/** Query keys start with 'staff'; every mutation here invalidates ['staff']. */
export const STAFF = 'staff';

export const staffList = (params: ListParams) => requestEnvelope<StaffRow[]>('/user/StaffList', params);
export const staffGet = (Id: number) => request<StaffRow>('/user/StaffGet', { Id });
export const staffSave = (values: StaffValues) => request<number>('/user/StaffSave', { ...values });
export const staffSetState = (Id: number, State: 0 | 1) => request('/user/StaffSetState', { Id, State });
export const staffUnlock = (Id: number) => request('/user/StaffUnlock', { Id });
export const staffDelete = (Id: number) => request('/user/StaffDel', { Id });
export const staffResetPwd = (body: { Id: number; NewPwd?: string; ConfirmPwd?: string; Random?: 1 }) =>
  request<{ Password: string } | null>('/user/StaffResetPwd', body);

export const positionOptions = () => request<PositionOption[]>('/Position/GetList');
/** Staff files still free to link (在职, no account), for the form's 关联档案. */
export const archiveOptions = async () =>
  (await requestEnvelope<ArchiveOption[]>('/Archives/GetList', { Status: 1, PgSize: 500 }, { silent: true })).data;
