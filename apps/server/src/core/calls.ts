import { findUnsupportedText, labelOfPath } from '@linli/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { type Auth, authenticate, requireRight } from './auth';
import { authenticateDevice, type DeviceAuth } from './device-auth';
import { ApiError, forbidden, RET } from './errors';
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
    /** The count stopped at a cap: more rows match (core/list-count.ts). */
    readonly countMore?: boolean,
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

/** Picks the button key from the raw body before any validation (a Save with Id 0 needs `add`, else `edit`). */
export type BtnOf = (raw: Record<string, unknown>) => string;

/**
 * What a session call may do, stated by every call as one of three (declared-reads.test.ts and access-walk.test.ts
 * check each against what the call really does):
 * - `reads: true`: changes nothing; with `role` only holders of that screen may call it, without one every
 *   signed-in user may (pickers, the shell's own data).
 * - `self: true`: changes only the caller's own data (password, profile, messages, own uploads); no role.
 * - `role` + `btn`: the button key within `role`'s control; a caller without it gets 403 before anything else.
 * A button needs a role; a call that declares none of them does not type-check.
 */
interface SessionCallBase<S extends z.ZodType> extends BaseDef<S> {
  public?: false;
  device?: false;
  handler(input: z.infer<S>, ctx: AuthedContext): Promise<unknown>;
}

/**
 * On a new call, "Property 'reads' is missing … but required in type 'ReadingCall'" means it declares nothing, and
 * "Property 'btn' is missing … in type 'ButtonCall'" a role without a button: add `reads: true` if it only reads,
 * `self: true` if it changes only the caller's own data, else the button key (`btn`) it needs.
 */
export interface ReadingCall<S extends z.ZodType> extends SessionCallBase<S> {
  /** Only reads; `role` (optional) limits it to holders of that screen. */
  reads: true;
  role?: string;
  btn?: never;
  self?: never;
  admin?: never;
}

export interface SelfCall<S extends z.ZodType> extends SessionCallBase<S> {
  /** Changes only the caller's own data (no role, no button). */
  self: true;
  role?: never;
  btn?: never;
  reads?: never;
  admin?: never;
}

export interface AdminCall<S extends z.ZodType> extends SessionCallBase<S> {
  /** Only the company administrator (超级管理员 account) may call it: support actions such as 立即执行. */
  admin: true;
  role?: never;
  btn?: never;
  reads?: never;
  self?: never;
}

export interface ButtonCall<S extends z.ZodType> extends SessionCallBase<S> {
  /** Role key the caller's Access must hold. */
  role: string;
  /** Button key within `role`'s control; a function picks it from the raw body. */
  btn: string | BtnOf;
  reads?: never;
  self?: never;
  admin?: never;
}

/**
 * A call of a signed-in user. A type error naming 'ReadingCall', 'SelfCall' or 'ButtonCall' on a new call means it
 * declares none (or a mix) of `reads: true` (optionally with `role`), `self: true`, `admin: true`, or `role` + `btn`.
 */
export type SessionCall<S extends z.ZodType> = SelfCall<S> | ButtonCall<S> | ReadingCall<S> | AdminCall<S>;

/** A call of an access device (parking-access.md "Device ingestion"): its lane's key instead of a session. */
export interface DeviceCall<S extends z.ZodType> extends BaseDef<S> {
  device: true;
  public?: false;
  handler(input: z.infer<S>, ctx: DeviceContext): Promise<unknown>;
}

export type CallDef<S extends z.ZodType = z.ZodType> = PublicCall<S> | DeviceCall<S> | SessionCall<S>;

export function defineCalls<const T extends CallDef<z.ZodType>[]>(...calls: T): T {
  return calls;
}

export const call = <S extends z.ZodType>(def: CallDef<S>) => def as unknown as CallDef<z.ZodType>;

/** The usual Save button: Id 0 (or none) creates and needs `add`; any other Id edits and needs `edit`. */
export const saveBtn: BtnOf = (raw) => (Number(raw.Id ?? 0) > 0 ? 'edit' : 'add');

const emptyBody = z.object({}).passthrough();

/** Turns zod issues into `{Field: message}` with the first message as the envelope's msg. */
export function validationError(error: z.ZodError): ApiError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    errors[fieldOf(issue.path)] ??= issue.message;
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
          // `reads` without a role and `self` calls are open to every signed-in user.
          requireRight(auth, def.role, btn);
          if (def.admin && !auth.isAdmin) throw forbidden();
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
          const { data, count, totals, countMore } = result;
          return {
            ret: RET.OK,
            msg: def.okMsg ?? 'ok',
            data,
            count,
            ...(totals ? { totals } : {}),
            ...(countMore ? { countMore } : {}),
          };
        }
        return { ret: RET.OK, msg: def.okMsg ?? 'ok', data: result ?? null };
      },
    });
  }
}

/** The field a path starts at, for `data.Errors`; '_' when the whole body is at fault. */
const fieldOf = (path: readonly PropertyKey[]) => (path.length ? String(path[0]) : '_');

/**
 * Every call's input passes here first. Text that no column can store (NUL, control characters, half a UTF-16
 * pair) is refused whatever the schema says, so a call added later is covered without declaring anything.
 */
export function parse<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const bad = findUnsupportedText(raw);
  if (bad) {
    const msg = `${labelOfPath(bad)}含有不支持的字符`;
    throw new ApiError(RET.INVALID, msg, { Errors: { [fieldOf(bad)]: msg } });
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw validationError(r.error);
  return r.data;
}
