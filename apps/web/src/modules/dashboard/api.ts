import { request } from '../../app/request';

export interface FunctionEntry {
  Path: string;
  Title: string;
}

export interface RoleFunctions {
  Options: FunctionEntry[];
  Selected: FunctionEntry[];
}

export interface DeskCard {
  Key: string;
  Title: string;
  Value: string | number;
  Sub?: string;
  Path?: string;
}

export const MAX_OFTEN_FUNCTIONS = 12;
export const MSG_TOO_MANY_FUNCTIONS = '最多设置12个常用功能';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  functions: () => ['dashboard', 'functions'] as const,
  deskData: () => ['dashboard', 'desk-data'] as const,
};

export const getRoleFunctions = () => request<RoleFunctions>('/MyDeskTop/GetRoleFunction');

export const updateOftenFunctions = (paths: string[]) =>
  request('/MyDeskTop/UpdateOftenFunc', { Paths: JSON.stringify(paths) });

export const getDeskData = () => request<{ Cards?: DeskCard[] } | null>('/MyDeskTop/GetMyDeskData');
