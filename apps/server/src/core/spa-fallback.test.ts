import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildApp } from '../app';

let t: TestApp;
let app: FastifyInstance;
let web: string;

beforeAll(async () => {
  t = await createTestApp();
  // A built console: the page and one route chunk of the current build.
  web = path.join(t.deps.config.dataDir, 'web');
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-new.js"></script>',
  );
  fs.writeFileSync(path.join(web, 'assets/rooms-new.js'), 'export default 1;');
  fs.writeFileSync(path.join(web, 'assets/rooms-gone.js'), 'export default 0;');
  app = await buildApp({ ...t.deps, config: { ...t.deps.config, webDist: web } }, { logger: false });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('the single-page fallback', () => {
  it('answers index.html for a console route', async () => {
    const res = await get('/basedata/room?tab=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<!doctype html>');
  });

  it('serves a chunk of the current build', async () => {
    const res = await get('/assets/rooms-new.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export default 1;');
  });

  it('serves a chunk a rebuild wrote after the server started', async () => {
    fs.writeFileSync(path.join(web, 'assets/rooms-newer.js'), 'export default 2;');
    const res = await get('/assets/rooms-newer.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export default 2;');
  });

  it("answers 404, not the page, for a previous build's chunk", async () => {
    // A rebuild empties the folder: this one was there when the server started.
    fs.rmSync(path.join(web, 'assets/rooms-gone.js'));
    for (const url of [
      '/assets/rooms-gone.js',
      '/assets/rooms-old.js',
      '/assets/rooms-old.js?v=1',
      '/assets/deep/style-old.css',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
      expect(res.body, url).not.toContain('<!doctype html>');
    }
  });
});
