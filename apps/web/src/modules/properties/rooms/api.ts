import type { MeterSaveBody, RoomSaveBody } from '@linli/shared';
import { request, requestEnvelope } from '../../../app/request';
import type { ListParams } from '../../../components/crud';
import type { UnitOption } from '../../../components/pickers';

/** A row of /Room/List (owner mobile masked 138****8000). */
export interface RoomRow {
  Id: number;
  CommunityId: number;
  CommunityName: string;
  BuildingId: number;
  BuildingName: string;
  UnitId: number;
  UnitName: string;
  Floor: number;
  RoomNo: string;
  FullName: string;
  RoomType: number;
  RoomTypeName: string;
  Bedrooms: number;
  Livingrooms: number;
  Bathrooms: number;
  Layout: string;
  Decoration: number;
  DecorationName: string;
  BuildArea: string;
  InnerArea: string;
  FeeCoefficient: string;
  Status: number;
  StatusName: string;
  OwnerResidentId: number | null;
  OwnerName: string;
  OwnerMobile: string;
  HandoverDate: string;
  ResidentCount: number;
  MeterCount: number;
}

export interface MeterRow {
  Id: number;
  CommunityId: number;
  RoomId: number;
  MeterType: number;
  MeterTypeName: string;
  MeterNo: string;
  Multiplier: string;
  InitialReading: string;
  LastReading: string;
  LastReadTime: string;
  IsPrepaid: boolean;
  DeviceSn: string;
  Status: number;
  StatusName: string;
}

/** A row of the 绑定已有表 picker (/Meter/Unbound): RoomName is where it is bound, '' when free. */
export interface MeterOption extends MeterRow {
  RoomName: string;
}

/** /Room/Get: the row plus the 详情 tabs. */
export interface RoomDetail extends RoomRow {
  Residents: {
    Id: number;
    Name: string;
    Mobile: string;
    RoleName: string;
    IsPrimary: boolean;
    MoveInDate: string;
    MoveOutDate: string;
    Current: boolean;
  }[];
  /** 车位车辆: the parking module's spaces and vehicles of the room. */
  Parking: { Places: Record<string, unknown>[]; Cars: Record<string, unknown>[] };
  Meters: MeterRow[];
  Handovers: {
    Id: number;
    ApptNo: string;
    ApptDate: string;
    Slot: string;
    StatusName: string;
    HandoverDate: string;
    CreateTime: string;
  }[];
}

export interface StatusLogRow {
  Id: number;
  FromStatusName: string;
  ToStatusName: string;
  SourceName: string;
  Reason: string;
  Creator: string;
  CreateTime: string;
}

export interface BoardRoom {
  Id: number;
  RoomNo: string;
  Floor: number;
  UnitId: number;
  Status: number;
  RoomType: number;
  BuildArea: string;
  OwnerMask: string;
  Arrears: boolean;
}

/** /Room/Board: one building at a glance. */
export interface BoardAnswer {
  Building: { Id: number; Name: string; FloorsAbove: number; FloorsBelow: number };
  Units: UnitOption[];
  Floors: number[];
  Rooms: BoardRoom[];
  Counts: { Total: number; ByStatus: { Status: number; Name: string; Count: number }[]; OccupancyRate: string };
}

export type RoomValues = RoomSaveBody;
export type MeterValues = MeterSaveBody;

/** Query keys start with 'rooms' (the 房间 picker's ['rooms', 'options', …] reloads with every save). */
export const ROOMS = 'rooms';
// A room's save, status change or import changes the building and community figures (an import adds buildings).

export const roomList = (p: ListParams) => requestEnvelope<RoomRow[]>('/Room/List', p);
export const roomGet = (Id: number) => request<RoomDetail>('/Room/Get', { Id });
export const roomSave = (v: Partial<RoomValues>) => request<{ Id: number }>('/Room/Save', v);
export const roomDelete = (Id: number) => request('/Room/Delete', { Id });
export const roomBatchStatus = (Ids: number[], Status: number, Reason: string) =>
  request<{ Changed: number }>('/Room/BatchStatus', { Ids, Status, Reason });
export const roomStatusLog = (Id: number, PgIndex: number, PgSize: number) =>
  requestEnvelope<StatusLogRow[]>('/Room/StatusLog', { Id, PgIndex, PgSize });
export const roomBoard = (BuildingId: number) => request<BoardAnswer>('/Room/Board', { BuildingId });

export const metersByRoom = (RoomId: number) => request<MeterRow[]>('/Meter/ByRoom', { RoomId });
/** Free meters first; with IncludeBound the bound ones follow, so a number typed from the plate is always found. */
export const unboundMeters = (p: { CommunityId: number; MeterType?: number; Keyword?: string; IncludeBound?: 1 }) =>
  request<MeterOption[]>('/Meter/Unbound', p);
export const meterSave = (v: Partial<MeterValues>) => request<{ Id: number }>('/Meter/Save', v);
export const meterBind = (MeterId: number, RoomId: number, Reading: string) =>
  request('/Meter/Bind', { MeterId, RoomId, Reading });
export const meterUnbind = (MeterId: number, Reading: string) => request('/Meter/Unbind', { MeterId, Reading });
