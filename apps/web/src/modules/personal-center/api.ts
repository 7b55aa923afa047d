import type { UiSize } from '@linli/shared';
import { request } from '../../app/request';

export interface ProfileValues {
  UserName: string;
  Phone: string;
  Code?: string;
  Email: string;
  Gender: number;
  Logo: string;
}

export interface PasswordValues {
  OldPwd: string;
  NewPwd: string;
  ConfirmPwd: string;
}

export interface CustomValues {
  Size: UiSize;
  PageSize: 10 | 20 | 50 | 100;
  TagsView: boolean;
  SidebarOpened: boolean;
  Sound: boolean;
  DefaultCommunityId: number;
}

export interface LoginLogEntry {
  Time: string;
  Ip: string;
  Way: string;
}

export const personalKeys = {
  custom: () => ['personal', 'custom'] as const,
  loginLog: () => ['personal', 'login-log'] as const,
};

export const updateSelf = (values: ProfileValues) => request('/user/UpdateSelf', { ...values });
export const changePassword = (values: PasswordValues) => request('/user/ChangePwd', { ...values });
export const getCustom = () => request<CustomValues>('/Custom/GetCustomInfo');
export const saveCustom = (values: CustomValues) => request<CustomValues>('/Custom/SaveSelfCustom', { ...values });
export const getLoginLog = () => request<LoginLogEntry[]>('/user/LoginLog');
