import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { call } from '../../core/calls';
import { fail } from '../../core/errors';
import {
  cleanFileName,
  IMAGE_MAX_BYTES,
  sniffOffice,
  sniffType,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_TOTAL_MAX_BYTES,
  uploadsDir,
} from '../../core/uploads';
import { uploads } from '../../db/schema';

/** tp: '2' images (avatars, feedback, photos); '3' documents (attachments: pdf, image, doc(x), xls(x)). */
const KINDS: Record<string, { kinds: string[]; max: number; typeMsg: string; sizeMsg: string }> = {
  '2': {
    kinds: ['image'],
    max: IMAGE_MAX_BYTES,
    typeMsg: '上传的图片格式不对，要求为jpg,png,bmp格式!',
    sizeMsg: '上传的图片大小不能超过 5MB!',
  },
  '3': {
    kinds: ['image', 'document'],
    max: UPLOAD_MAX_BYTES,
    typeMsg: '文件格式不支持',
    sizeMsg: '上传的文件大小不能超过 10MB!',
  },
};

const TOTAL_MSG = `一次上传的文件总大小不能超过 ${UPLOAD_TOTAL_MAX_BYTES / 1024 / 1024}MB`;

/** Every part of the request, read whole before anything is written; refused as soon as the total is too big. */
async function readFiles(req: FastifyRequest) {
  if (!req.isMultipart()) throw fail('请选择要上传的文件');
  const files: { name: string; buf: Buffer }[] = [];
  let tp = '2';
  let total = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'tp') tp = String(part.value);
        continue;
      }
      const buf = await part.toBuffer().catch(() => null);
      if (!buf || part.file.truncated) throw fail('上传的文件大小不能超过 10MB!');
      total += buf.length;
      if (total > UPLOAD_TOTAL_MAX_BYTES) throw fail(TOTAL_MSG);
      files.push({ name: cleanFileName(part.filename || 'file'), buf });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw fail(`一次最多上传${UPLOAD_MAX_FILES}个文件`);
    throw err;
  }
  return { files, tp };
}

export const uploadCalls = [
  call({
    path: '/Img/PostFiles',
    self: true,
    handler: async (_b, { deps, auth, req }) => {
      const { files, tp } = await readFiles(req);
      const rule = KINDS[tp];
      if (!rule) throw fail('上传类型不正确');
      if (!files.length) throw fail('请选择要上传的文件');
      const checked = files.map((f) => {
        const type = sniffType(f.buf.subarray(0, 32)) ?? (rule.kinds.includes('document') ? sniffOffice(f.buf) : null);
        if (!type || !rule.kinds.includes(type.kind)) throw fail(rule.typeMsg);
        if (f.buf.length > rule.max) throw fail(rule.sizeMsg);
        return { ...f, type };
      });

      const now = deps.now();
      const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const root = uploadsDir(deps.config.dataDir);
      await fs.mkdir(path.join(root, month), { recursive: true });
      const stored = checked.map((f) => `${month}/${randomBytes(16).toString('hex')}.${f.type.ext}`);
      try {
        // The rows first, then the files: a file on disk always has its row, and a failed write removes both.
        await deps.database.db.transaction(async (tx) => {
          await tx.insert(uploads).values(
            checked.map((f, i) => ({
              cmpId: auth.cmpId,
              userId: auth.userId,
              originalName: f.name,
              storedPath: stored[i]!,
              mime: f.type.mime,
              size: f.buf.length,
              kind: f.type.kind,
              createdAt: now,
            })),
          );
          await Promise.all(checked.map((f, i) => fs.writeFile(path.join(root, stored[i]!), f.buf)));
        });
      } catch (err) {
        await Promise.all(stored.map((s) => fs.rm(path.join(root, s), { force: true })));
        throw err;
      }
      return { listFileName: stored, listFileNameUrl: stored.map((s) => `/uploads/${s}`) };
    },
  }),
];
