import fs from 'node:fs';
import path from 'node:path';
import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { faceImages } from '../schema';
import { writeDemoFaces } from './demo-faces';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo face photos', () => {
  it('draws every demo face once as a small real JPEG and records its size', async () => {
    expect(await writeDemoFaces(t.db, t.deps.config.dataDir)).toBe(60);
    const rows = await t.db.select().from(faceImages).where(like(faceImages.imgPath, 'demo/face-%'));
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const first = rows[0]!;
    const file = fs.readFileSync(path.join(t.deps.config.dataDir, 'uploads', first.imgPath));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    expect(first).toMatchObject({ width: 300, height: 400, bytes: file.length });
    expect(file.length).toBeLessThan(50 * 1024);
    // Two residents do not share a picture.
    const other = fs.readFileSync(path.join(t.deps.config.dataDir, 'uploads', rows[1]!.imgPath));
    expect(Buffer.compare(file, other)).not.toBe(0);
    // A second start finds them all there.
    expect(await writeDemoFaces(t.db, t.deps.config.dataDir)).toBe(0);
  });
});
