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
/** The enabled face lanes of the caller's communities, for the 设备 filter. */
export interface FaceLane {
  Id: number;
  Name: string;
  CommunityId: number;
  DeviceSn: string;
}
export const laneOptions = (CommunityId?: number) =>
  request<FaceLane[]>('/Face/LaneOptions', CommunityId ? { CommunityId } : {}, { silent: true }).catch(() => []);

/** /Face/BatchPreview: each photo of the zip matched to a resident, or refused with '第3张：… 未匹配到住户'. */
export interface FaceBatchPreview {
  ImportId: number;
  Summary: { Total: number; Ok: number; Error: number };
  Matches: { Row: number; FileName: string; ResidentId: number; Name: string; RoomText: string }[];
  Errors: string[];
}

/** The preview only unzips and reads headers; a 50 MB upload on a slow line still needs its time. */
export const faceBatchPreview = (file: File, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  return request<FaceBatchPreview>('/Face/BatchPreview', form, {
    silent: true,
    config: {
      timeout: 10 * 60_000,
      onUploadProgress: (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 50),
    },
  });
};
/** Answers 导入中 at once; the photos are processed in the background (poll faceBatchStatus). */
export const faceBatchCommit = (ImportId: number) =>
  request<{ ImportId: number; Status: number; StatusName: string }>(
    '/Face/BatchCommit',
    { ImportId },
    { silent: true },
  );

/** Status 2 导入中, 3 完成, 4 失败; once 完成, Summary is the result and Errors every photo not imported. */
export interface FaceBatchStatus {
  Status: number;
  StatusName: string;
  Progress: number;
  Summary: { Total?: number; Ok?: number; Error?: number };
  Errors: string[];
}
export const faceBatchStatus = (ImportId: number) =>
  request<FaceBatchStatus>('/Face/BatchStatus', { ImportId }, { silent: true });

/** /Resident/Options: up to 20 residents by name or mobile, for the 上传人脸 picker. */
export const residentOptions = (Keyword: string) =>
  request<{ Id: number; Name: string; Mobile: string; Rooms?: string[] | string }[]>('/Resident/Options', { Keyword });
