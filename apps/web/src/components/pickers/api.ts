import { request, requestEnvelope } from '../../app/request';
import type { DepartmentNode } from './department-tree';

export interface NamedOption {
  Id: number;
  Name: string;
}

/** Lookups many screens share; keyed by resource so the org screens' saves refresh them. */
export const pickerKeys = {
  departmentTree: () => ['departments', 'tree'] as const,
  communities: () => ['communities', 'options'] as const,
  staff: (params: Record<string, unknown>) => ['staff', 'picker', params] as const,
  buildings: (communityId: number) => ['buildings', 'options', communityId] as const,
  units: (buildingId: number) => ['buildings', 'units', buildingId] as const,
  rooms: (params: Record<string, unknown>) => ['rooms', 'options', params] as const,
};

export const getDepartmentTree = () => request<DepartmentNode[]>('/user/GetTreeCompany');
export const getCommunityOptions = () => request<NamedOption[]>('/Community/Options');

/** A unit of a building (/Building/UnitOptions). */
export interface UnitOption {
  Id: number;
  UnitNo: number;
  Name: string;
  FloorsAbove: number;
}

/** A room of the 房间 picker (/Room/Options: up to 200, in building/unit/floor/number order). */
export interface RoomOption {
  Id: number;
  RoomNo: string;
  FullName: string;
  Floor: number;
  Status: number;
}

export const getBuildingOptions = (CommunityId: number) => request<NamedOption[]>('/Building/Options', { CommunityId });
export const getUnitOptions = (BuildingId: number) => request<UnitOption[]>('/Building/UnitOptions', { BuildingId });
export const getRoomOptions = (params: {
  CommunityId?: number;
  BuildingId?: number;
  UnitId?: number;
  Keyword?: string;
}) => request<RoomOption[]>('/Room/Options', params);

/** A row of /user/GetUserListV2, the product's staff picker. */
export interface StaffPick {
  Id: number;
  UserName: string;
  UserAccount: string;
  Phone: string;
  DptId: number;
  DptName: string;
  PositionNames: string[];
}

export const getStaffPicks = (params: Record<string, unknown>) =>
  requestEnvelope<StaffPick[]>('/user/GetUserListV2', params);
