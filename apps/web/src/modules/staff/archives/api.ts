import type { ArchiveLeaveBody, ArchiveSaveBody } from '@linli/shared';
import { request, requestEnvelope } from '../../../app/request';
import type { ListParams } from '../../../components/crud';

/** A row of /Archives/GetList. ContractWarn: 0 none, 1 ends within 30 days (orange), 2 ended (red). */
export interface ArchiveRow {
  Id: number;
  EmployeeNo: string;
  Name: string;
  Gender: number;
  GenderText: string;
  DptId: number;
  DptName: string;
  JobTitle: string;
  Phone: string;
  IdCard: string;
  Education: string;
  EntryDate: string;
  ContractType: string;
  ContractEnd: string;
  ContractWarn: 0 | 1 | 2;
  Status: number;
  StatusText: string;
  LeaveDate: string;
  UserId: number;
  UserAccount: string;
}

export interface ArchiveFile {
  FileName: string;
  FilePath: string;
  Size: number;
}

/** /Archives/Get: the row plus every form field. */
export type ArchiveDetail = ArchiveRow &
  Omit<ArchiveSaveBody, 'Attachments' | 'Gender' | 'Status'> & { LeaveReason: string; Attachments: ArchiveFile[] };

export const ARCHIVES = 'archives';
export const archiveKeys = { detail: (id: number) => [ARCHIVES, 'detail', id] as const };

export const archiveList = (params: ListParams) => requestEnvelope<ArchiveRow[]>('/Archives/GetList', params);
/** Id 0 answers a new file's defaults (the next 工号). */
export const archiveGet = (Id: number) => request<ArchiveDetail>('/Archives/Get', { Id });
export const archiveSave = (values: Partial<ArchiveSaveBody>) => request<number>('/Archives/Save', { ...values });
export const archiveLeave = (body: ArchiveLeaveBody) => request('/Archives/Leave', { ...body });
export const archiveDelete = (Id: number) => request('/Archives/Del', { Id });
