import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { sqlRows } from '../../core/sql-rows';
import { uploadsDir } from '../../core/uploads';
import type { Db } from '../client';

const W = 300;
const H = 400;
const SKIN = ['#f5d0b0', '#e8b894', '#d9a37f', '#f1c7a5', '#c98e68'];
const HAIR = ['#2b2118', '#4a3426', '#1d1d1d', '#6b4a2f', '#3a2a20'];

/** A plain drawn portrait: a coloured background, head, hair, eyes and smile, different for every k. */
function portrait(k: number): Buffer {
  const hue = (k * 47) % 360;
  const skin = SKIN[k % SKIN.length];
  const hair = HAIR[(k * 3) % HAIR.length];
  const smile = 8 + (k % 4) * 4;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" fill="hsl(${hue},45%,82%)"/>
  <rect x="60" y="300" width="180" height="120" rx="60" fill="hsl(${(hue + 180) % 360},35%,45%)"/>
  <ellipse cx="150" cy="180" rx="78" ry="96" fill="${skin}"/>
  <path d="M72 160 Q80 70 150 72 Q220 70 228 160 Q205 110 150 112 Q95 110 72 160 Z" fill="${hair}"/>
  <circle cx="120" cy="185" r="8" fill="#2a2a2a"/><circle cx="180" cy="185" r="8" fill="#2a2a2a"/>
  <path d="M125 ${232} Q150 ${232 + smile} 175 ${232}" stroke="#8a3b2e" stroke-width="5" fill="none" stroke-linecap="round"/>
</svg>`);
}

/**
 * The demo faces' photos (face_images rows under demo/ that the seed wrote): drawn and stored as small JPEGs in
 * the uploads store, once; the rows then carry the files' real size and hash. Runs at start in a demo, so a seed
 * (or seed:reset) never leaves the face library showing 无图.
 */
export async function writeDemoFaces(db: Db, dataDir: string): Promise<number> {
  const rows = await sqlRows<{ img_path: string }>(
    db,
    sql`select distinct img_path from face_images where img_path like 'demo/face-%' order by img_path`,
  );
  const root = uploadsDir(dataDir);
  await fs.mkdir(path.join(root, 'demo'), { recursive: true });
  const made: { path: string; bytes: number; sha256: string }[] = [];
  for (const { img_path: rel } of rows) {
    const file = path.join(root, rel);
    if (await fs.stat(file).catch(() => null)) continue;
    const k = Number(/face-(\d+)\.jpg$/.exec(rel)?.[1] ?? 0);
    const data = await sharp(portrait(k)).jpeg({ quality: 82 }).toBuffer();
    await fs.writeFile(file, data);
    made.push({ path: rel, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') });
  }
  if (made.length) {
    await db.execute(sql`update face_images f set width = ${W}, height = ${H}, bytes = v.bytes, sha256 = v.sha256
      from jsonb_to_recordset(${JSON.stringify(made)}::jsonb) as v(path text, bytes int, sha256 text)
      where f.img_path = v.path`);
  }
  return made.length;
}
