import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEVICE_PHOTO_MAX_BYTES } from '@linli/shared';
import { fmtTime } from '../../core/time';
import { uploadsDir } from '../../core/uploads';

/**
 * A device's 抓拍 (base64 JPEG ≤300 KB): checked before anything is written, stored under the company's own folder
 * (device/<CmpId>/<YYYYMM>/…), which upload serving lets only that company's staff read.
 */
export function decodePhoto(base64: string | undefined): Buffer | string | null {
  if (!base64) return null;
  const body = base64.replace(/^data:image\/jpe?g;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(body)) return '照片格式不正确';
  const buf = Buffer.from(body, 'base64');
  if (buf.length > DEVICE_PHOTO_MAX_BYTES) return '照片不能超过300KB';
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return '照片须为JPEG';
  return buf;
}

export async function storePhoto(dataDir: string, cmpId: number, at: Date, photo: Buffer): Promise<string> {
  const rel = `device/${cmpId}/${fmtTime(at).slice(0, 7).replace('-', '')}/${randomBytes(16).toString('hex')}.jpg`;
  const file = path.join(uploadsDir(dataDir), rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, photo);
  return rel;
}
