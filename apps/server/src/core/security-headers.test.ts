import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildApp } from '../app';

let t: TestApp;
let app: FastifyInstance;
let framed: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  // A built console of two files, so pages, assets and the SPA fallback are served as in production.
  const web = path.join(t.deps.config.dataDir, 'web');
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><script type="module" src="/assets/a.js"></script>');
  fs.writeFileSync(path.join(web, 'assets/a.js'), 'export {};');
  const config = { ...t.deps.config, webDist: web };
  app = await buildApp({ ...t.deps, config }, { logger: false });
  framed = await buildApp(
    { ...t.deps, config: { ...config, frameAncestors: 'https://host.example' } },
    { logger: false },
  );
});
afterAll(async () => {
  await app.close();
  await framed.close();
  await t.close();
});

const post = (url: string, payload: string) =>
  app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toMatch(/frame-ancestors 'self'$/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
}

describe('security headers', () => {
  it('on the console page, its scripts and the SPA fallback, which stay cacheable', async () => {
    for (const url of ['/', '/assets/a.js', '/basedata/room?tab=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers);
      expect(res.headers['cache-control'], url).not.toBe('no-store');
    }
    const fallback = await app.inject({ method: 'GET', url: '/basedata/room' });
    expect(fallback.body).toContain('<!doctype html>');
  });

  it('on every API answer, with no-store: success, unknown call, refusal and errors', async () => {
    const answers = [
      await post('/api/user/Login', JSON.stringify({ UserAccount: 'admin', UserPwd: 'Admin@123' })),
      await post('/api/Nothing/Here', '{}'),
      await post('/api/user/GetInfo', '{}'),
      await post('/api/user/Login', '{"UserAccount": '),
      await post('/api/user/Login', JSON.stringify({ UserAccount: 'x'.repeat(3 * 1024 * 1024) })),
    ];
    expect(answers.map((r) => [r.statusCode, r.json().ret])).toEqual([
      [200, 0],
      [200, 404],
      [200, 401],
      [200, 400],
      [413, 413],
    ]);
    for (const res of answers) {
      expectSecurityHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('on a file that does not exist', async () => {
    for (const url of ['/uploads/nothing.jpg', '/assets/nothing.js']) {
      expectSecurityHeaders((await app.inject({ method: 'GET', url })).headers);
    }
  });

  it('lets FRAME_ANCESTORS name who may frame the console', async () => {
    const res = await framed.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors https:\/\/host\.example$/);
  });
});

/** A raw HTTP exchange: the parser's refusals happen before inject() could see them. */
async function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  const address = app.server.address() as net.AddressInfo;
  const socket = net.connect(address.port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c) => chunks.push(c));
  socket.write(request);
  await new Promise((resolve) => socket.on('close', resolve));
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body };
}

describe('requests the HTTP parser refuses', () => {
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('a URL over 16 KB answers 431 with the envelope', async () => {
    const url = `/api/user/Login?q=${'a'.repeat(17 * 1024)}`;
    const res = await raw(`POST ${url} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ ret: 431, msg: '请求过长', data: null });
    expect(res.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(res.headers).toMatch(/cache-control: no-store/i);
  });

  it('a request that is not HTTP answers 400 with the envelope', async () => {
    const res = await raw('HELLO\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ ret: 400, msg: '请求数据格式不正确', data: null });
  });
});
