import type { FastifyInstance } from 'fastify';

/**
 * The console's Content-Security-Policy. Scripts come only from our own files (the Vite build emits no inline
 * script); antd writes its CSS-in-JS styles inline, so styles allow 'unsafe-inline'; images also come from data:
 * placeholders and blob: previews of a file being uploaded. The WebSocket is same-origin, which 'self' covers.
 */
export function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * Headers on every answer (pages, the SPA fallback, calls, errors and files): the CSP, nosniff, no referrer to
 * other sites, and no caching of API answers, which carry personal data and session state.
 * Registered before any route so that every encapsulated plugin inherits it.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { frameAncestors: string }): void {
  const csp = contentSecurityPolicy(opts.frameAncestors);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (/^\/api(\/|\?|$)/i.test(req.url)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
