import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { type Auth, authenticate, requireRight } from './auth';
import { authenticateDevice, type DeviceAuth } from './device-auth';
import { ApiError, RET } from './errors';
import { contentDisposition, FileAnswer } from './excel';

export interface CallContext {
  req: FastifyRequest;
  reply: FastifyReply;
  deps: AppDeps;
  ip: string;
}

export interface AuthedContext extends CallContext {
  auth: Auth;
}

export interface DeviceContext extends CallContext {
  device: DeviceAuth;
}

/** A list answer: the envelope carries `count` (and the filter's money `totals`, when summed) beside `data`. */
export class Page<T> {
  constructor(
    readonly data: T[],
    readonly count: number,
    readonly totals?: Record<string, string>,
  ) {}
}

interface BaseDef<S extends z.ZodType> {
  /** `/Controller/Action`, the spec's spelling; matched case-insensitively. */
  path: string;
  body?: S;
  /** Per-IP limit for calls that can be abused without a session (sign-in, codes). */
  rateLimit?: { max: number; timeWindow: number };
  /** Success message; most calls answer 'ok'. */
  okMsg?: string;
  /** GET for a link a device or browser opens as is (input from the query string); calls are POST otherwise. */
  method?: 'GET';
}

export interface PublicCall<S extends z.ZodType> extends BaseDef<S> {
  public: true;
  device?: false;
  handler(input: z.infer<S>, ctx: CallContext): Promise<unknown>;
}

export interface SessionCall<S extends z.ZodType> extends BaseDef<S> {
  public?: false;
  device?: false;
  /** Role key the caller's Access must hold; absent = any signed-in user. */
  role?: string;
  /**
   * Button key within `role`'s control, required for writes. A function picks it from the raw body before any
   * validation (a Save with Id 0 needs `add`, else `edit`), so a caller without it gets 403 and nothing else.
   */
  btn?: string | ((raw: Record<string, unknown>) => string);
  /** The call only reads (List, Get, Options): it needs no button key. */
  reads?: true;
  handler(input: z.infer<S>, ctx: AuthedContext): Promise<unknown>;
}

/** A call of an access device (parking-access.md "Device ingestion"): its lane's key instead of a session. */
export interface DeviceCall<S extends z.ZodType> extends BaseDef<S> {
  device: true;
  public?: false;
  handler(input: z.infer<S>, ctx: DeviceContext): Promise<unknown>;
}

export type CallDef<S extends z.ZodType = z.ZodType> = PublicCall<S> | SessionCall<S> | DeviceCall<S>;

export function defineCalls<const T extends CallDef<z.ZodType>[]>(...calls: T): T {
  return calls;
}

export const call = <S extends z.ZodType>(def: CallDef<S>) => def as unknown as CallDef<z.ZodType>;

/** The usual Save button: Id 0 (or none) creates and needs `add`; any other Id edits and needs `edit`. */
export const saveBtn = (raw: Record<string, unknown>) => (Number(raw.Id ?? 0) > 0 ? 'edit' : 'add');

const emptyBody = z.object({}).passthrough();

/** Turns zod issues into `{Field: message}` with the first message as the envelope's msg. */
export function validationError(error: z.ZodError): ApiError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_';
    errors[field] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? '参数错误';
  return new ApiError(RET.INVALID, first, { Errors: errors });
}

export function registerCalls(
  app: FastifyInstance,
  deps: AppDeps,
  calls: CallDef[],
  opts: { rateLimitMax?: number | undefined } = {},
): void {
  for (const def of calls) {
    const schema = def.body ?? emptyBody;
    app.route({
      method: def.method ?? 'POST',
      url: `/api${def.path}`,
      config: def.rateLimit
        ? { rateLimit: { ...def.rateLimit, max: opts.rateLimitMax ?? def.rateLimit.max } }
        : { rateLimit: false },
      handler: async (req, reply) => {
        const ctx: CallContext = { req, reply, deps, ip: req.ip };
        const raw = def.method === 'GET' ? (req.query ?? {}) : req.isMultipart() ? {} : (req.body ?? {});
        let result: unknown;
        if (def.public) {
          result = await def.handler(parse(schema, raw), ctx);
        } else if (def.device) {
          const device = await authenticateDevice(deps, req, raw as Record<string, unknown>);
          result = await def.handler(parse(schema, raw), { ...ctx, device });
        } else {
          const auth = await authenticate(deps, req);
          const btn = typeof def.btn === 'function' ? def.btn(raw as Record<string, unknown>) : def.btn;
          requireRight(auth, def.role, btn);
          result = await def.handler(parse(schema, raw), { ...ctx, auth });
        }
        if (reply.sent) return reply;
        if (result instanceof FileAnswer) {
          return reply
            .header('content-type', result.contentType)
            .header('content-disposition', contentDisposition(result.fileName))
            .header('cache-control', 'no-store')
            .send(result.body);
        }
        if (result instanceof Page) {
          const { data, count, totals } = result;
          return { ret: RET.OK, msg: def.okMsg ?? 'ok', data, count, ...(totals ? { totals } : {}) };
        }
        return { ret: RET.OK, msg: def.okMsg ?? 'ok', data: result ?? null };
      },
    });
  }
}

function parse<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const r = schema.safeParse(raw);
  if (!r.success) throw validationError(r.error);
  return r.data;
}
