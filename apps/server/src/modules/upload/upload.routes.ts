import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { call } from '../../core/calls';
import { fail } from '../../core/errors';
import { IMAGE_MAX_BYTES, sniffOffice, sniffType, UPLOAD_MAX_BYTES, uploadsDir } from '../../core/uploads';
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

export const uploadCalls = [
  call({
    path: '/Img/PostFiles',
    self: true,
    handler: async (_b, { deps, auth, req }) => {
      if (!req.isMultipart()) throw fail('请选择要上传的文件');
      const files: { name: string; buf: Buffer }[] = [];
      let tp = '2';
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'tp') tp = String(part.value);
          continue;
        }
        const buf = await part.toBuffer().catch(() => null);
        if (!buf || part.file.truncated) throw fail('上传的文件大小不能超过 10MB!');
        files.push({ name: part.filename || 'file', buf });
      }
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
      const dir = path.join(uploadsDir(deps.config.dataDir), month);
      await fs.mkdir(dir, { recursive: true });
      const stored: string[] = [];
      for (const f of checked) {
        const rel = `${month}/${randomBytes(16).toString('hex')}.${f.type.ext}`;
        await fs.writeFile(path.join(uploadsDir(deps.config.dataDir), rel), f.buf);
        stored.push(rel);
      }
      await deps.database.db.insert(uploads).values(
        checked.map((f, i) => ({
          cmpId: auth.cmpId,
          userId: auth.userId,
          originalName: f.name.slice(0, 255),
          storedPath: stored[i]!,
          mime: f.type.mime,
          size: f.buf.length,
          createdAt: now,
        })),
      );
      return { listFileName: stored, listFileNameUrl: stored.map((s) => `/uploads/${s}`) };
    },
  }),
];
