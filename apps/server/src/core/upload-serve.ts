import fs from 'node:fs';
import path from 'node:path';
import { COOKIE_TOKEN } from '@linli/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { bearerToken, resolveToken } from './auth';
import { readableFile } from './upload-refs';
import { uploadsDir } from './uploads';

const refuse = (reply: FastifyReply, status: number, ret: number, msg: string) =>
  reply.status(status).header('cache-control', 'no-store').send({ ret, msg, data: null });

/**
 * GET /uploads/<path>: a stored file, only to a signed-in member of the company that owns it, and only while the
 * record using it exists (uploads.deleted_at, a face still current). The session comes from the Bearer header or the
 * Admin-Token cookie, which the console's <img src="/uploads/…"> sends on its own (same origin; js-cookie's default
 * SameSite=Lax keeps other sites' pages from embedding it). Devices keep their signed one-hour link.
 */
export function registerUploadServing(app: FastifyInstance, deps: AppDeps): void {
  const root = uploadsDir(deps.config.dataDir);
  fs.mkdirSync(root, { recursive: true });
  app.get('/uploads/*', async (req, reply) => {
    const token = bearerToken(req) ?? req.cookies?.[COOKIE_TOKEN];
    const auth = token ? await resolveToken(deps, token) : null;
    if (!auth) return refuse(reply, 401, 401, '请先登录');
    const rel = (req.params as { '*': string })['*'] ?? '';
    const norm = path.posix.normalize(rel);
    // Anything that is not a plain path inside the store is nobody's file.
    if (!rel || norm !== rel || norm.startsWith('/') || norm.startsWith('..') || /[\0\\]/.test(rel))
      return refuse(reply, 404, 404, '文件不存在');
    const mime = await readableFile(deps.database.db, auth.cmpId, rel);
    if (!mime) return refuse(reply, 404, 404, '文件不存在');
    const file = await fs.promises.readFile(path.join(root, rel)).catch(() => null);
    if (!file) return refuse(reply, 404, 404, '文件不存在');
    return reply
      .header('content-type', mime)
      .header('cache-control', 'private, no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('content-disposition', mime.startsWith('image/') ? 'inline' : 'attachment')
      .send(file);
  });
}
