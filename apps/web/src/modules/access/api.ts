import { request, requestEnvelope } from '../../app/request';
import type { ImportConfig, ListParams } from '../../components/crud';

/** Rows and calls of 通行管理 (parking-access.md "API shapes"); query keys start with the QUERY_DEPS roots. */

export const CARDS = 'cards';
export const CARD_RECORDS = 'cardrecords';
export const LANES = 'lanes';
export const CAR_RECORDS = 'carrecords';

export interface CardRow {
  Id: number;
  CommunityId: number;
  CommunityName: string;
  CardNo: string;
  CardType: number;
  CardTypeName: string;
  HolderKind: number;
  HolderKindName: string;
  HolderResidentId: number | null;
  HolderUserId: number | null;
  HolderName: string;
  HolderMobile: string;
  RoomIds: number[];
  RoomText: string;
  LaneIds: number[];
  LaneNames: string[];
  LaneCount: number;
  ValidFrom: string;
  ValidTo: string;
  ValidState: number;
  ValidStateName: string;
  DaysLeft: number;
  Status: number;
  StatusName: string;
  CreateTime: string;
  CreatorName: string;
}

export interface CardRecordRow {
  Id: number;
  CommunityName: string;
  LaneId: number;
  LaneName: string;
  DirectionName: string;
  Method: number;
  MethodName: string;
  CardNo: string;
  PersonName: string;
  RoomText: string;
  Result: number;
  ResultName: string;
  DenyReason: string;
  PhotoPath: string;
  Remark: string;
  OccurTime: string;
}

export interface LaneRules {
  AutoOpenMonthly?: boolean;
  AutoOpenFree?: boolean;
  TempCar?: number;
  ExpiredCard?: number;
  FullDenyTemp?: boolean;
  AllowCard?: boolean;
  AllowFace?: boolean;
  AllowQr?: boolean;
}

export interface LaneRow {
  Id: number;
  CommunityId: number;
  CommunityName: string;
  LotId: number | null;
  LotName: string;
  Name: string;
  Kind: number;
  KindName: string;
  Direction: number;
  DirectionName: string;
  DeviceSn: string;
  Brand: string;
  HasFace: boolean;
  BuildingId: number | null;
  BuildingName: string;
  UnitId: number | null;
  UnitName: string;
  Rules: LaneRules;
  RulesText: string;
  Firmware: string;
  Ip: string;
  Online: boolean;
  OnlineName: string;
  LastSeenTime: string;
  KeyTime: string;
  Status: number;
  StatusName: string;
}

export interface LaneEvents {
  KeyTime: string;
  Events: {
    Id: number;
    EventId: string;
    EventTypeName: string;
    OccurTime: string;
    Plate: string;
    CardNo: string;
    RecordId: number | null;
  }[];
  Tasks: { TaskId: number; Op: string; CardNo: string; StateName: string; CreateTime: string }[];
}

export interface CarRecordRow {
  Id: number;
  CommunityName: string;
  LotId: number;
  LotName: string;
  Plate: string;
  OrigPlate: string;
  VehicleType: number;
  VehicleTypeName: string;
  InLaneName: string;
  InTime: string;
  InPhoto: string;
  OutLaneName: string;
  OutTime: string;
  OutPhoto: string;
  DurationText: string;
  FeeMoney: string;
  PaidMoney: string;
  PayMethod: number;
  PayMethodName: string;
  State: number;
  StateName: string;
  AbnormalReason: string;
  Remark: string;
  CurrentFeeMoney?: string;
}

export interface CarSummary {
  TodayIn: number;
  TodayOut: number;
  InLot: number;
  TodayTempMoney: string;
}

export interface LaneOption {
  Id: number;
  Name: string;
  Kind: number;
  CommunityId: number;
  CommunityName: string;
}

export const cardList = (p: ListParams) => requestEnvelope<CardRow[]>('/AccessCard/List', p);
export const cardGet = (Id: number) => request<CardRow>('/AccessCard/Get', { Id });
export const cardSave = (v: Record<string, unknown>) => request<{ Id: number }>('/AccessCard/Save', v);
export const cardAction = (action: 'Lost' | 'Unlost' | 'Cancel', Id: number, Reason: string) =>
  request(`/AccessCard/${action}`, { Id, Reason });
export const cardReissue = (Id: number, NewCardNo: string, Reason: string) =>
  request<{ Id: number }>('/AccessCard/Reissue', { Id, NewCardNo, Reason });
export const cardRoomLanes = (CommunityId: number, RoomIds: number[]) =>
  request<{ LaneIds: number[] }>('/AccessCard/RoomLanes', { CommunityId, RoomIds });
export const cardImportConfig: ImportConfig = {
  title: '导入卡片',
  templateCall: '/AccessCard/ImportTemplate',
  importCall: '/AccessCard/ImportPreview',
  name: '卡片',
  hint: '按模板填写卡号、卡片类型、持卡人和授权通道（多个用、分隔）；先预览，确认后导入正确的行。',
  preview: {
    previewCall: '/AccessCard/ImportPreview',
    commitCall: '/AccessCard/ImportCommit',
    statusCall: '/AccessCard/ImportStatus',
    errorsCall: '/AccessCard/ImportErrors',
    rowColumns: ['小区名称', '卡号', '卡片类型', '住户手机', '持卡人姓名', '授权通道'],
    doneText: (r) => `已导入 ${r.Count ?? 0} 张卡片`,
  },
};

export const cardRecordList = (p: ListParams) => requestEnvelope<CardRecordRow[]>('/CardRecord/List', p);

export const laneList = (p: ListParams) => requestEnvelope<LaneRow[]>('/Lane/List', p);
export const laneGet = (Id: number) => request<LaneRow>('/Lane/Get', { Id });
export const laneSave = (v: Record<string, unknown>) => request<{ Id: number; DeviceKey?: string }>('/Lane/Save', v);
export const laneDelete = (Id: number) => request('/Lane/Delete', { Id });
export const laneResetKey = (Id: number) => request<{ DeviceKey: string }>('/Lane/ResetKey', { Id });
export const laneRemoteOpen = (Id: number, Reason: string) => request('/Lane/RemoteOpen', { Id, Reason });
export const laneEvents = (Id: number) => request<LaneEvents>('/Lane/Events', { Id });
export const laneOptions = (CommunityId?: number) => request<LaneOption[]>('/Lane/Options', { CommunityId });
export const lotOptions = () => request<{ Id: number; Name: string; CommunityId: number }[]>('/ParkingLot/Options');

export const carRecordList = (p: ListParams) => requestEnvelope<CarRecordRow[]>('/CarRecord/List', p);
export const carRecordGet = (Id: number) => request<CarRecordRow>('/CarRecord/Get', { Id });
export const carSummary = (p: { CommunityId?: unknown; LotId?: unknown }) =>
  request<CarSummary>('/CarRecord/Summary', p);
export const carManualOut = (v: Record<string, unknown>) => request('/CarRecord/ManualOut', v);
export const carFixPlate = (v: Record<string, unknown>) => request('/CarRecord/FixPlate', v);
