import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { sqlRows } from '../../core/sql-rows';
import { uploadsDir } from '../../core/uploads';
import type { Db } from '../client';

/** The 房产证 picture every demo registration carries as its attachment (an uploads row of the demo company). */
export const DEMO_HOUSE_CERT = 'demo/house-cert.jpg';

const W = 400;
const H = 300;

/** A drawn certificate without text (the server may have no CJK font): cover band, emblem, seal and ruled lines. */
const certificate = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" fill="#f7f1e3"/>
  <rect x="12" y="12" width="${W - 24}" height="${H - 24}" fill="none" stroke="#b8860b" stroke-width="3"/>
  <rect x="12" y="12" width="${W - 24}" height="56" fill="#a8322d"/>
  <circle cx="200" cy="40" r="18" fill="#e6c15a"/>
  ${[100, 130, 160, 190, 220].map((y) => `<rect x="40" y="${y}" width="${y === 220 ? 160 : 250}" height="8" rx="4" fill="#c9c1ad"/>`).join('')}
  <circle cx="320" cy="225" r="34" fill="none" stroke="#c0392b" stroke-width="5"/>
  <circle cx="320" cy="225" r="8" fill="#c0392b"/>
</svg>`);

/**
 * Makes the demo 房产证 readable: records it as an upload of the company whose registrations carry it (else
 * /uploads/ refuses it), draws it once into the uploads store and records its real size; returns whether it drew.
 * Runs at start in a demo, like writeDemoFaces, so 待审核 never shows 无图.
 */
export async function writeDemoHouseCert(db: Db, dataDir: string): Promise<boolean> {
  await db.execute(sql`insert into uploads (cmp_id, user_id, original_name, stored_path, mime, size, kind, ref_table)
    select g.cmp_id, u.id, '房产证.jpg', ${DEMO_HOUSE_CERT}, 'image/jpeg', 0, 'image', 'registrations'
    from registrations g join users u on u.cmp_id = g.cmp_id and u.is_admin
    where g.attachments @> jsonb_build_array(${DEMO_HOUSE_CERT}::text)
    order by u.id limit 1
    on conflict (stored_path) do nothing`);
  const [row] = await sqlRows(db, sql`select 1 from uploads where stored_path = ${DEMO_HOUSE_CERT}`);
  const file = path.join(uploadsDir(dataDir), DEMO_HOUSE_CERT);
  if (!row || (await fs.stat(file).catch(() => null))) return false;
  const data = await sharp(certificate).jpeg({ quality: 82 }).toBuffer();
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
  await db.execute(sql`update uploads set size = ${data.length} where stored_path = ${DEMO_HOUSE_CERT}`);
  return true;
}
