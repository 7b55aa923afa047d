import type { BuildingSaveBody, GenerateRoomsBody } from '@linli/shared';
import { request, requestEnvelope } from '../../../app/request';
import type { ImportConfig, ListParams } from '../../../components/crud';
import type { UnitOption } from '../../../components/pickers';

/** A row of /Building/List. */
export interface BuildingRow {
  Id: number;
  CommunityId: number;
  CommunityName: string;
  Name: string;
  Code: string;
  BuildingType: number;
  BuildingTypeName: string;
  FloorsAbove: number;
  FloorsBelow: number;
  HasLift: boolean;
  Sort: number;
  UnitCount: number;
  RoomCount: number;
  OccupiedCount: number;
}

export type BuildingDetail = BuildingRow & { Units: UnitOption[] };
export type BuildingValues = BuildingSaveBody;
export type GenerateValues = GenerateRoomsBody;

/** Query keys start with 'buildings' (the pickers' ['buildings', 'options'|'units', …] reload with every save). */
export const BUILDINGS = 'buildings';
// Generated rooms and a renamed building show in 房间管理 (and its 楼宇 filter); the community counts its buildings.

export const buildingList = (p: ListParams) => requestEnvelope<BuildingRow[]>('/Building/List', p);
export const buildingGet = (Id: number) => request<BuildingDetail>('/Building/Get', { Id });
export const buildingSave = (v: Partial<BuildingValues>) => request<{ Id: number }>('/Building/Save', v);
export const buildingDelete = (Id: number) => request('/Building/Delete', { Id });
export const generateRooms = (v: Partial<GenerateValues>) =>
  // Silent: the dialog shows a refusal once, beside the fields (the toast came on top of it and named no row).
  request<{ Create: number; Skip: number; Message: string }>('/Building/GenerateRooms', v, { silent: true });

/** The one building + room import (properties.md "Import"), reachable from 楼宇管理 and 房间管理. */
export function roomImportConfig(controller: 'Building' | 'Room'): ImportConfig {
  return {
    title: '导入楼宇房间',
    name: '房间导入',
    templateCall: `/${controller}/ImportTemplate`,
    importCall: `/${controller}/ImportPreview`,
    modes: [
      { value: 1, label: '跳过已存在的房间' },
      { value: 2, label: '更新已存在的房间' },
    ],
    hint: '按模板填写小区、楼宇、单元、楼层、房号、房间类型、建筑面积等（xlsx，不超过5MB、5000行）。不存在的楼宇和单元会自动创建；业主按手机号匹配，未匹配时新建业主。上传后先预览每一行的检查结果。',
    preview: {
      previewCall: `/${controller}/ImportPreview`,
      commitCall: `/${controller}/ImportCommit`,
      statusCall: `/${controller}/ImportStatus`,
      errorsCall: `/${controller}/ImportErrors`,
      summaryLabels: {
        NewBuildings: '新增楼宇',
        NewUnits: '新增单元',
        NewRooms: '新增房间',
        Existing: '已存在房间',
      },
      rowColumns: ['小区名称', '楼宇名称', '单元', '楼层', '房号', '建筑面积'],
      doneText: (r) =>
        `导入成功：新增${r.Created ?? 0}间，更新${r.Updated ?? 0}间，跳过${r.Skipped ?? 0}间${r.Error ? `，${r.Error}行有误未导入` : ''}`,
    },
  };
}
