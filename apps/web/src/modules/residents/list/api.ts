import { type RequestOptions, request, requestEnvelope } from '../../../app/request';
import type { ImportConfig, ListParams } from '../../../components/crud';

/** One room link of a resident (ResidentRoom). */
export interface ResidentLink {
  Id: number;
  CommunityId: number;
  BuildingId?: number;
  UnitId?: number;
  RoomId: number;
  CommunityName?: string;
  RoomName: string;
  Role: number;
  Relation: string;
  IsPrimary: boolean;
  MoveInDate: string;
  MoveOutDate: string | null;
  LeaseStart: string | null;
  LeaseEnd: string | null;
}

/** A row of /Resident/List: mobile and ID number masked by the server. */
export interface ResidentRow {
  Id: number;
  Name: string;
  Gender: number;
  Mobile: string;
  IdNo: string;
  /** One per active link. */
  Roles: { Role: number; RoleName: string }[];
  /** The first room ("阳光花园 1栋-2单元-1201") and how many more. */
  RoomText: string;
  RoomMore: number;
  Rooms: ResidentLink[];
  MoveInDate: string;
  LeaseEnd: string | null;
  Tags: { Id: number; Name: string; Color?: string }[];
  HasFace: number | boolean;
  Source: number;
  Status: number;
}

/** /Resident/Get: full values, the links and the 详情 tabs. */
export interface ResidentDetail {
  Id: number;
  Name: string;
  Gender: number;
  Mobile: string;
  IdType: number;
  IdNo: string;
  Birthday: string;
  EmergencyName: string;
  EmergencyMobile: string;
  Source: number;
  Status: number;
  Remark: string;
  TagIds: number[];
  Rooms: ResidentLink[];
  Cars?: Record<string, unknown>[];
  Places?: Record<string, unknown>[];
  Cards?: Record<string, unknown>[];
  Face?: { Id: number; ImgPath: string; Total?: number; Done?: number; Failed?: number } | null;
  Fees?: { Balance?: string; Arrears?: string; LastPayTime?: string; LastPayMoney?: string } | null;
}

export interface LinkValues {
  Id?: number;
  CommunityId?: number;
  BuildingId?: number;
  UnitId?: number;
  RoomId?: number;
  Role?: number;
  Relation?: string;
  IsPrimary?: boolean;
  MoveInDate?: string;
  MoveOutDate?: string;
  LeaseStart?: string;
  LeaseEnd?: string;
}

export interface ResidentValues {
  Id: number;
  Name: string;
  Gender?: number;
  Mobile?: string;
  IdType?: number;
  IdNo?: string;
  Birthday?: string;
  EmergencyName?: string;
  EmergencyMobile?: string;
  TagIds?: number[];
  Remark?: string;
  Rooms: LinkValues[];
}

export interface TagRow {
  Id: number;
  Name: string;
  Color: string;
  Sort: number;
}

/** Query keys start with 'residents'; the review queue and its badge are ['residents', 'registrations', …]. */
export const RESIDENTS = 'residents';
// A resident moves a room to 已入住/已出租 and counts on 首页's cards.

export const residentList = (p: ListParams) => requestEnvelope<ResidentRow[]>('/Resident/List', p);
export const residentGet = (Id: number) => request<ResidentDetail>('/Resident/Get', { Id });
export const residentSave = (v: Partial<ResidentValues> & { MovePrimary?: number }, o?: RequestOptions) =>
  request<{ Id: number }>('/Resident/Save', v as Record<string, unknown>, o);
export const residentDelete = (Id: number) => request('/Resident/Delete', { Id });
export const residentMoveOut = (v: { Id: number; LinkIds: number[]; MoveOutDate: string; RevokeCards: boolean }) =>
  request('/Resident/MoveOut', v);
export const residentSetTags = (Ids: number[], TagIds: number[], Mode: 'add' | 'replace') =>
  request('/Resident/SetTags', { Ids, TagIds, Mode });
export const checkDuplicate = (Mobile?: string, IdNo?: string) =>
  request<{ Id: number; Name: string } | null>('/Resident/CheckDuplicate', { Mobile, IdNo });
export const tagList = () => request<TagRow[]>('/ResidentTag/List');

/** The resident import (residents.md "Import template"): the same preview → commit kit as rooms. */
export const residentImportConfig: ImportConfig = {
  title: '导入住户',
  name: '住户导入',
  templateCall: '/Resident/ImportTemplate',
  importCall: '/Resident/ImportPreview',
  hint: '按模板填写姓名、手机号、证件、小区/楼宇/单元/房号、身份、入住日期、租约到期等（xlsx，不超过5MB、5000行）。已登记的手机号或证件号只增加房屋关联，不新建住户。上传后先预览每一行的检查结果。',
  preview: {
    previewCall: '/Resident/ImportPreview',
    commitCall: '/Resident/ImportCommit',
    statusCall: '/Resident/ImportStatus',
    errorsCall: '/Resident/ImportErrors',
    rowColumns: ['姓名', '手机号', '小区', '楼宇', '单元', '房号', '身份'],
    doneText: (r) =>
      `导入成功：新增住户${r.Created ?? 0}人，关联已有住户${r.Linked ?? 0}人${r.Skipped ? `，跳过${r.Skipped}条` : ''}${r.Error ? `，${r.Error}行有误未导入` : ''}`,
  },
};
