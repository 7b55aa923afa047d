import { request, requestEnvelope } from '../../../app/request';
import type { ListParams } from '../../../components/crud';

/** A row of /Face/List: one resident and the current face (FaceId 0 = 未录入). */
export interface FaceRow {
  /** FaceId; 0 = 未录入. */
  Id: number;
  ResidentId: number;
  Name: string;
  Mobile: string;
  /** Role names of the active links (业主, 租户 …). */
  Roles: string[];
  RoomText: string;
  RoomMore: number;
  ImgPath: string;
  Source: number;
  SourceName: string;
  UploadTime: string;
  /** Devices the face is meant for and how far each got. */
  SyncTotal: number;
  SyncDone: number;
  SyncFailed: number;
  SyncPending: number;
  LastSyncTime: string;
}

/** One row of 同步详情: the face on one access device. */
export interface FaceDevice {
  SyncId: number;
  LaneId: number;
  LaneName: string;
  DeviceSn: string;
  Op: number;
  OpName: string;
  State: number;
  StateName: string;
  FailReason: string;
  TryCount: number;
  Time: string;
}

/** Query keys start with 'faces'. */
export const FACES = 'faces';

export const faceList = (p: ListParams) => requestEnvelope<FaceRow[]>('/Face/List', p);
export const faceUpload = (ResidentId: number, ImgPath: string) =>
  request<{ Id: number }>('/Face/Upload', { ResidentId, ImgPath });
export const faceDelete = (Id: number) => request('/Face/Delete', { Id });
export const faceSyncDetail = async (FaceId: number) => {
  const r = await request<FaceDevice[] | { devices: FaceDevice[] }>('/Face/SyncDetail', { FaceId });
  return Array.isArray(r) ? r : (r?.devices ?? []);
};
export const faceResync = (v: { FaceIds?: number[]; AllFailed?: boolean; LaneId?: number }) =>
  request<{ Changed?: number }>('/Face/Resync', v);
/** Face lanes for the 设备 filter. */
export const laneOptions = () =>
  request<{ Id: number; Name: string }[]>('/Face/LaneOptions', undefined, { silent: true }).catch(() => []);

/** /Resident/Options: up to 20 residents by name or mobile, for the 上传人脸 picker. */
export const residentOptions = (Keyword: string) =>
  request<{ Id: number; Name: string; Mobile: string; Rooms?: string[] | string }[]>('/Resident/Options', { Keyword });
