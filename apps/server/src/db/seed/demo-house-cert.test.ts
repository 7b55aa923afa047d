import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DEMO_HOUSE_CERT, writeDemoHouseCert } from './demo-house-cert';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo 房产证 attachment', () => {
  it('is served to the demo company as a real JPEG once drawn, so 待审核 shows the picture, not 无图', async () => {
    const admin = await t.login('admin', 'Admin@123');
    const url = `/uploads/${DEMO_HOUSE_CERT}`;
    const get = () => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    // The pending registrations carry it.
    const pending = await t.api('/Registration/List', { Status: 0 }, admin);
    expect(JSON.stringify(pending.data)).toContain(DEMO_HOUSE_CERT);

    expect(await writeDemoHouseCert(t.db, t.deps.config.dataDir)).toBe(true);
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    // A second start finds it there.
    expect(await writeDemoHouseCert(t.db, t.deps.config.dataDir)).toBe(false);
  });
});
