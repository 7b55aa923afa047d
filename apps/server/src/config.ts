import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  /** Seed the demo company into an empty database and enable demo-only conveniences. */
  demo: boolean;
  /** Schedule the periodic jobs from this process (on by default); queued work runs in every process regardless. */
  jobs: boolean;
  /** Directory of the built web console; served at / when it exists. */
  webDist: string;
  /**
   * Sign-in and phone-code requests allowed per IP per minute, instead of each call's own limit. An office whose
   * staff all sign in behind one address at shift start may need more; so does the e2e suite.
   */
  signInRateLimit: number | undefined;
  /** Requests a second one access device may make (parking-access.md: 20); the bench lifts it (DEVICE_RATE_LIMIT). */
  deviceRateLimit: number;
  /**
   * Which hops may set X-Forwarded-For (the client address behind the per-IP limits and the login log): false
   * trusts none, a number that many proxies in front, a list those addresses or CIDR ranges (Fastify's trustProxy).
   */
  trustProxy: boolean | number | string[];
  /**
   * CSP frame-ancestors: who may show the console inside a frame. The desktop host shell loads it as its own
   * top-level page, so none but the console itself by default.
   */
  frameAncestors: string;
  /**
   * SMS provider API hosts (SMS_ALIYUN_ENDPOINT, SMS_TENCENT_ENDPOINT): the public ones by default; a private
   * gateway, a proxy or a test's fake server otherwise.
   */
  smsAliyunEndpoint: string;
  smsTencentEndpoint: string;
  /** API calls a second one company's SMS channel may make (SMS_PROVIDER_QPS; per process). */
  smsProviderQps: number;
}

/** TRUST_PROXY: unset, empty, 0 or false = off; true = every hop; a hop count; or addresses and CIDRs, comma-separated. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    logLevel: env.LOG_LEVEL ?? 'info',
    demo: env.DEMO !== '0' && env.DEMO !== 'false',
    jobs: env.JOBS !== '0' && env.JOBS !== 'false',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    signInRateLimit: Number(env.SIGNIN_RATE_LIMIT) > 0 ? Number(env.SIGNIN_RATE_LIMIT) : undefined,
    deviceRateLimit: Number(env.DEVICE_RATE_LIMIT) > 0 ? Number(env.DEVICE_RATE_LIMIT) : 20,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    frameAncestors: env.FRAME_ANCESTORS?.trim() || "'self'",
    smsAliyunEndpoint: env.SMS_ALIYUN_ENDPOINT?.trim() || 'https://dysmsapi.aliyuncs.com',
    smsTencentEndpoint: env.SMS_TENCENT_ENDPOINT?.trim() || 'https://sms.tencentcloudapi.com',
    smsProviderQps: Number(env.SMS_PROVIDER_QPS) > 0 ? Number(env.SMS_PROVIDER_QPS) : 20,
  };
}
