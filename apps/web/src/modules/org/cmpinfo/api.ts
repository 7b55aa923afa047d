import type { CompanyEditBody } from '@linli/shared';
import { request } from '../../../app/request';

export interface CompanyInfo extends CompanyEditBody {
  CmpId: number;
  TimeZone: string;
  State: number;
  CreateTime: string;
  AdminAccount: string;
  StaffCount: number;
  DepartmentCount: number;
  CommunityCount: number;
}

export const companyKeys = {
  all: ['company'] as const,
  info: () => ['company', 'info'] as const,
};

export const getCompanyInfo = () => request<CompanyInfo>('/user/GetCompanyInf');
export const editCompany = (values: CompanyEditBody) => request('/user/CompanyEdit', { ...values });
