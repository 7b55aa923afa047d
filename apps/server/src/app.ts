import fs from 'node:fs';
import path from 'node:path';
import qs from 'node:querystring';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { registerCalls } from './core/calls';
import { clientErrorHandler } from './core/client-error';
import { registerErrorHandlers } from './core/error-handler';
import { databaseRateStore } from './core/rate-limit-store';
import { registerSecurityHeaders } from './core/security-headers';
import { registerUploadServing } from './core/upload-serve';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from './core/uploads';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { allCalls } from './modules';
import type { Hub } from './realtime/hub';
import { registerRealtime } from './realtime/socket';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Per-IP rate limits for sign-in calls; tests lower or raise them. */
  rateLimitMax?: number;
}

/** Query strings can carry the desktop host's token: never write it to a log. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&]*/gi, '$1***');
}

/** Fastify takes a hop count at run time but its types do not: the same rule as a function. */
function trustedHops(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
  }
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}) {
  const app = Fastify({
    logger: opts.logger ?? {
      level: deps.config.logLevel,
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 2 * 1024 * 1024,
    // X-Forwarded-For decides the address the sign-in limits count and the login log records: off unless configured.
    trustProxy: trustedHops(deps.config.trustProxy),
    clientErrorHandler,
  });

  registerSecurityHeaders(app, { frameAncestors: deps.config.frameAncestors });
  // Form bodies: node's querystring keeps repeated keys as arrays and has no prototype pollution surface.
  await app.register(formbody, { parser: (s) => qs.parse(s) });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 20 } });
  await app.register(cookie);
  // Counted in the database, so N processes on one PostgreSQL share each address's budget.
  await app.register(rateLimit, { global: false, store: databaseRateStore(deps) });
  registerErrorHandlers(app);

  registerCalls(app, deps, allCalls, { rateLimitMax: opts.rateLimitMax });
  const hub = await registerRealtime(app, deps);
  app.decorate('hub', hub);

  registerUploadServing(app, deps);

  const web = deps.config.webDist;
  if (fs.existsSync(path.join(web, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      globIgnore: ['assets/**'],
    });
    // The build's chunks are looked up on each request, not listed at start: a rebuild while the server runs writes
    // new names the reloaded page asks for. A missing one falls to the not-found handler, which answers 404.
    await app.register(fastifyStatic, { root: path.join(web, 'assets'), prefix: '/assets/', decorateReply: false });
  }
  return app;
}
