import { FaceResyncBody, FaceUploadBody, zId } from '@linli/shared';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { call } from '../../core/calls';
import { xlsxExport } from '../../core/excel';
import { optionalInt } from '../../core/filters';
import { faceBatchPreview } from './face-batch';
import { faceBatchCommit, faceBatchStatus } from './face-batch-run';
import { faceLaneOptions } from './face-lanes';
import {
  deleteFace,
  FaceFilter,
  faceExportRows,
  faceGet,
  faceList,
  resyncAndSend,
  syncDetail,
  uploadFace,
} from './faces';

const FACE = 'zhgl_rlk';
const IdBody = z.object({ Id: zId() });
const ImportIdBody = z.object({ ImportId: zId('请先上传文件') });

/** 人脸库 (zhgl_rlk): domain/residents.md "Calls". */
export const faceCalls = [
  call({
    path: '/Face/List',
    role: FACE,
    reads: true,
    body: FaceFilter,
    handler: (b, { deps, auth }) => faceList(deps, auth, b),
  }),
  call({
    path: '/Face/Get',
    role: FACE,
    reads: true,
    body: IdBody,
    handler: (b, { deps, auth }) => faceGet(deps, auth, b.Id),
  }),
  call({
    path: '/Face/SyncDetail',
    role: FACE,
    reads: true,
    body: z.object({ FaceId: zId() }),
    handler: (b, { deps, auth }) => syncDetail(deps, auth, b.FaceId),
  }),
  call({
    path: '/Face/Upload',
    role: FACE,
    // 上传人脸 is `add`; 更换照片 (the resident already has a photo) also needs `edit`, checked by the handler.
    btn: 'add',
    body: FaceUploadBody,
    okMsg: '上传成功',
    handler: (b, { deps, auth, ip }) => uploadFace(deps, auth, b, ip),
  }),
  call({
    path: '/Face/BatchPreview',
    role: FACE,
    btn: 'import',
    handler: (_b, { deps, auth, req }) => faceBatchPreview(deps, auth, req),
  }),
  call({
    path: '/Face/BatchCommit',
    role: FACE,
    btn: 'import',
    body: ImportIdBody,
    okMsg: '正在导入',
    handler: (b, { deps, auth, ip }) => faceBatchCommit(deps, auth, b.ImportId, ip),
  }),
  call({
    path: '/Face/BatchStatus',
    role: FACE,
    btn: 'import',
    body: ImportIdBody,
    handler: (b, { deps, auth }) => faceBatchStatus(deps, auth, b.ImportId),
  }),
  call({
    path: '/Face/LaneOptions',
    role: FACE,
    reads: true,
    body: z.object({ CommunityId: optionalInt() }),
    handler: (b, { deps, auth }) => faceLaneOptions(deps, auth, b.CommunityId),
  }),
  call({
    path: '/Face/Delete',
    role: FACE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: (b, { deps, auth, ip }) => deleteFace(deps, auth, b.Id, ip),
  }),
  call({
    path: '/Face/Resync',
    role: FACE,
    btn: 'sync',
    body: FaceResyncBody,
    okMsg: '已重新同步',
    handler: (b, { deps, auth, ip }) => resyncAndSend(deps, auth, b, ip),
  }),
  call({
    path: '/Face/Export',
    role: FACE,
    btn: 'export',
    body: FaceFilter,
    handler: async (b, { deps, auth, ip }) => {
      const rows = await faceExportRows(deps, auth, b);
      await audit(deps.database.db, {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'face.export',
        entity: 'face',
        detail: { Rows: rows.length },
        ip,
      });
      return xlsxExport(
        '人脸库',
        [
          { header: '姓名', value: (r) => r.Name },
          { header: '身份', value: (r) => r.Roles.join('、') },
          { header: '手机', value: (r) => r.Mobile },
          { header: '房屋', value: (r) => r.RoomText },
          { header: '采集方式', value: (r) => r.SourceName },
          { header: '上传时间', value: (r) => r.UploadTime },
          { header: '同步', value: (r) => r.SyncText },
          { header: '最近同步', value: (r) => r.LastSyncTime },
        ],
        rows,
      );
    },
  }),
];
