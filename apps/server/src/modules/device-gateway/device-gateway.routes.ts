import fs from 'node:fs/promises';
import path from 'node:path';
import { jsonArray, zFlag, zInt } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { call } from '../../core/calls';
import { uploadsDir } from '../../core/uploads';
import { ackCardTasks, CARD_TASK_BASE, pendingCardCount, pullCardTasks } from '../access/card-tasks';
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
 * the tenant. Face and card tasks here; PushEvents and Verify in modules/access/access-gateway.routes.ts.
 */
export const deviceGatewayCalls = [
  call({
    path: '/DeviceGateway/Heartbeat',
    device: true,
    body: z.object({ Firmware: text(50).optional(), Ip: text(45).optional() }),
    handler: async (b, { deps, device }) => {
      const { db } = deps.database;
      if (b.Firmware !== undefined || b.Ip !== undefined)
        await db.execute(sql`update lanes set firmware = coalesce(${b.Firmware ?? null}, firmware),
            ip = coalesce(${b.Ip ?? null}, ip) where id = ${device.laneId} and cmp_id = ${device.cmpId}`);
      const [faces, cards] = await Promise.all([pendingFaceCount(db, device), pendingCardCount(db, device)]);
      return { ServerTime: deps.now().toISOString(), PendingTasks: faces + cards };
    },
  }),
  call({
    path: '/DeviceGateway/PullTasks',
    device: true,
    body: PullBody,
    handler: async (b, { deps, device, req }) => {
      const max = Math.min(50, Math.max(1, b.Max ?? 20));
      const now = deps.now();
      const tasks = await pullFaceTasks(deps.database.db, device, max, now);
      const cards = await pullCardTasks(deps.database.db, device, max - tasks.length, now);
      const secret = urlSecret(deps.config.dataDir);
      // Absolute, so the device can fetch it as is; the host is the one the device reached us by.
      const origin = `${req.protocol}://${req.host}`;
      return {
        Tasks: [
          ...tasks.map((t) => ({
            TaskId: t.id,
            Op: opName(t.op) === 'add' ? 'FaceAdd' : 'FaceDelete',
            ResidentId: t.residentId,
            Name: t.name,
            PhotoUrl: opName(t.op) === 'add' ? origin + signPhotoPath(secret, t.imgPath, now) : '',
            CardNo: '',
            ValidTo: '',
          })),
          ...cards,
        ],
      };
    },
  }),
  call({
    path: '/DeviceGateway/AckTasks',
    device: true,
    body: AckBody,
    handler: async (b, { deps, device }) => {
      const faces = b.Results.filter((r) => r.TaskId < CARD_TASK_BASE);
      const cards = b.Results.filter((r) => r.TaskId >= CARD_TASK_BASE);
      const { db } = deps.database;
      return {
        Updated:
          (await ackFaceTasks(db, device, faces, deps.now())) + (await ackCardTasks(db, device, cards, deps.now())),
      };
    },
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
