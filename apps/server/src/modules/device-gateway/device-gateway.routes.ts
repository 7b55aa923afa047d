import fs from 'node:fs/promises';
import path from 'node:path';
import { jsonArray, zFlag, zInt } from '@linli/shared';
import { z } from 'zod';
import { call } from '../../core/calls';
import { uploadsDir } from '../../core/uploads';
import { ackFaceTasks, opName, pendingFaceCount, pullFaceTasks } from '../residents/face-pull';
import { checkPhotoLink, signPhotoPath, urlSecret } from './photo-url';

const text = (max: number) => z.preprocess((v) => (v == null ? '' : String(v)), z.string().max(max));

const PullBody = z.object({
  // More than 50 is read as 50: a device asking too much still gets work.
  Max: z.preprocess((v) => (v === '' || v == null ? undefined : v), zInt('数量上限不正确').optional()),
});

const AckBody = z.object({
  Results: jsonArray(
    z.object({
      TaskId: zInt('任务编号不正确'),
      Ok: zFlag(),
      Code: text(30).default(''),
      Reason: text(200).default(''),
    }),
    { max: 50, maxMessage: '一次最多回执50条' },
  ),
});

const PhotoQuery = z.object({ p: z.string().max(255), e: zInt(), s: z.string().max(64) });

/**
 * Device ingestion (parking-access.md "/api/DeviceGateway/*"): the lane's key instead of a session, its company as
 * the tenant. Only the face-sync calls exist so far; PushEvents and Verify come with the access module.
 */
export const deviceGatewayCalls = [
  call({
    path: '/DeviceGateway/Heartbeat',
    device: true,
    // Firmware and Ip are accepted for the access module's device page; lanes have no columns for them yet.
    body: z.object({ Firmware: text(50).optional(), Ip: text(50).optional() }),
    handler: async (_b, { deps, device }) => ({
      ServerTime: deps.now().toISOString(),
      PendingTasks: await pendingFaceCount(deps.database.db, device),
    }),
  }),
  call({
    path: '/DeviceGateway/PullTasks',
    device: true,
    body: PullBody,
    handler: async (b, { deps, device, req }) => {
      const max = Math.min(50, Math.max(1, b.Max ?? 20));
      const now = deps.now();
      const tasks = await pullFaceTasks(deps.database.db, device, max, now);
      const secret = urlSecret(deps.config.dataDir);
      // Absolute, so the device can fetch it as is; the host is the one the device reached us by.
      const origin = `${req.protocol}://${req.host}`;
      return {
        Tasks: tasks.map((t) => ({
          TaskId: t.id,
          Op: opName(t.op),
          ResidentId: t.residentId,
          Name: t.name,
          PhotoUrl: opName(t.op) === 'add' ? origin + signPhotoPath(secret, t.imgPath, now) : '',
          CardNo: '',
          ValidTo: '',
        })),
      };
    },
  }),
  call({
    path: '/DeviceGateway/AckTasks',
    device: true,
    body: AckBody,
    handler: async (b, { deps, device }) => ({
      Updated: await ackFaceTasks(deps.database.db, device, b.Results, deps.now()),
    }),
  }),
  call({
    // The signature is the credential: device firmware fetches the link with a bare GET.
    path: '/DeviceGateway/Photo',
    public: true,
    method: 'GET',
    body: PhotoQuery,
    handler: async (q, { deps, reply }) => {
      const bad = checkPhotoLink(urlSecret(deps.config.dataDir), q, deps.now());
      // A download, so HTTP status codes a device understands rather than the envelope's ret alone.
      if (bad)
        return reply.status(403).send({ ret: 403, msg: bad === 'expired' ? '链接已过期' : '链接无效', data: null });
      const file = await fs.readFile(path.join(uploadsDir(deps.config.dataDir), q.p)).catch(() => null);
      if (!file) return reply.status(404).send({ ret: 404, msg: '资源不存在', data: null });
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file);
    },
  }),
];
