import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** parking-access.md PullTasks: a photo link lives one hour. */
export const PHOTO_URL_SECONDS = 3600;

const secrets = new Map<string, Buffer>();

/**
 * The key that signs photo links: env DEVICE_URL_SECRET, else a random one kept in DATA_DIR. Every process that
 * serves /uploads shares that directory already, so they all sign and check alike, and the key survives restarts
 * (links handed out before one still work).
 */
export function urlSecret(dataDir: string): Buffer {
  const env = process.env.DEVICE_URL_SECRET;
  if (env) return Buffer.from(env);
  const cached = secrets.get(dataDir);
  if (cached) return cached;
  const file = path.join(dataDir, 'device-url.key');
  let key: Buffer;
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    key = randomBytes(32);
    fs.writeFileSync(file, key.toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // Another process (or an earlier run) made it first: use that one.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  }
  secrets.set(dataDir, key);
  return key;
}

const signature = (secret: Buffer, rel: string, exp: number) =>
  createHmac('sha256', secret).update(`${rel}\n${exp}`).digest('base64url');

/** `/api/DeviceGateway/Photo?p=&e=&s=` for a file under uploads, valid PHOTO_URL_SECONDS from `now`. */
export function signPhotoPath(secret: Buffer, rel: string, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000) + PHOTO_URL_SECONDS;
  const q = new URLSearchParams({ p: rel, e: String(exp), s: signature(secret, rel, exp) });
  return `/api/DeviceGateway/Photo?${q.toString()}`;
}

/** Why a link is refused, or null when it is good: signed by us, not expired, and inside uploads. */
export function checkPhotoLink(
  secret: Buffer,
  link: { p: string; e: number; s: string },
  now: Date,
): 'expired' | 'bad' | null {
  const want = Buffer.from(signature(secret, link.p, link.e));
  const got = Buffer.from(link.s);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'bad';
  if (link.e * 1000 <= now.getTime()) return 'expired';
  const norm = path.posix.normalize(link.p);
  if (norm !== link.p || norm.startsWith('/') || norm.startsWith('..')) return 'bad';
  return null;
}
