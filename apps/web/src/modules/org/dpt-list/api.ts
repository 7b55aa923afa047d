import type { DepartmentSaveBody } from '@linli/shared';
import { request } from '../../../app/request';
import { getStaffPicks } from '../../../components/pickers';

export interface Department {
  Id: number;
  ParentId: number;
  DptName: string;
  Type: number;
  LeaderId: number;
  LeaderName?: string;
  Tel: string;
  Sort: number;
  Remark: string;
}

/** The tree query is ['departments','tree'] (pickers); saving or deleting invalidates ['departments']. */
export const DEPARTMENTS = 'departments';
export const STAFF = 'staff';

export const getDepartment = (Id: number) => request<Department>('/user/GetDepartment', { Id });
export const saveDepartment = (values: DepartmentSaveBody) => request<number>('/user/DepartmentAdd', { ...values });
export const deleteDepartment = (Id: number) => request('/user/DepartmentDel', { Id });
export const departmentStaff = getStaffPicks;
