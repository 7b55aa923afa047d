import { findUnsupportedText, RET } from '@linli/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asForm, bodiesFor } from '../../test/fuzz-inputs';
import { createTestApp, type TestApp } from '../../test/harness';
import { fieldsOf } from '../../test/zod-walk';
import { users } from '../db/schema';
import { allCalls } from '../modules';
import type { CallDef } from './calls';
import { hashPassword } from './passwords';

/**
 * Input fuzz over the call registry: every call — those of a module added later too — gets bodies generated from
 * its own schema plus hostile values, signed in as the administrator and as a project manager. Whatever comes in,
 * the answer is an envelope (or a whole file), never ret 500, every refusal is the product's Chinese, and a body
 * holding text no column can store is never accepted.
 *
 * CI runs few cases per call with a fixed seed; `FUZZ_RUNS=200 FUZZ_SEED=<n> npx vitest run src/core/input-fuzz`
 * searches longer (a failure prints the seed and the shrunk body to replay).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/** Calls not fuzzed here, each with its reason; none is skipped silently. */
const EXCLUDED: Record<string, string> = {};

/** zod's and JavaScript's own words, which no message a user reads may carry. */
const INTERNALS =
  /期望|实际接收|无效输入|\b(undefined|NaN|Infinity|null|string|number|int|bigint|boolean|object|array|expected|received|invalid|Error|TypeError)\b/i;
/** A request field's own spelling (EntryFrom, CommunityIds): a message names the field in Chinese instead. */
const FIELD_NAMES = new Set(allCalls.flatMap((c) => Object.keys(fieldsOf(c.body))).filter((k) => k.length > 2));

interface Session {
  account: string;
  password: string;
  token: string;
  userId: number;
}

let t: TestApp;
let admin: Session;
let manager: Session;

async function signIn(account: string, password: string): Promise<Session> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, account));
  return { account, password, token: await t.login(account, password), userId: u!.id };
}

/**
 * A fuzzed call may end the session (Logout), reset, disable or rename the account (Staff calls on a random Id):
 * the account is put back as it was and signed in afresh, so the next call runs as the same person.
 */
async function renew(s: Session): Promise<void> {
  await t.db
    .update(users)
    .set({
      account: s.account,
      pwdHash: await hashPassword(s.password),
      state: 1,
      isDel: false,
      failCount: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, s.userId));
  s.token = await t.login(s.account, s.password);
}

interface Answer {
  status: number;
  ret?: number;
  msg?: string;
  /** The per-field messages of a refused form (`data.Errors`). */
  errors?: string[];
  file?: boolean;
}

async function send(def: CallDef, body: Record<string, unknown>, s: Session, form: boolean): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${s.token}` };
  const res =
    def.method === 'GET'
      ? await t.app.inject({ method: 'GET', url: `/api${def.path}?${asForm(body)}`, headers })
      : await t.app.inject({
          method: 'POST',
          url: `/api${def.path}`,
          headers: {
            ...headers,
            'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
          },
          payload: form ? asForm(body) : JSON.stringify(body),
        });
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    const env = res.json() as { ret: number; msg: string; data?: { Errors?: Record<string, string> } | null };
    const errors = Object.values(env.data?.Errors ?? {});
    return { status: res.statusCode, ret: env.ret, msg: env.msg, errors };
  }
  // A file answer must be whole: an xlsx (zip) ends with its end-of-central-directory record.
  const raw = res.rawPayload;
  const whole = raw.length > 22 && raw.subarray(-22).readUInt32LE(0) === 0x06054b50;
  const image = /^image\//.test(type) && raw.length > 0;
  return { status: res.statusCode, file: whole || image };
}

/** One call with one body: the answer must be one the product gives on purpose. */
async function check(def: CallDef, body: Record<string, unknown>, s: Session, form: boolean): Promise<void> {
  let a = await send(def, body, s, form);
  if (a.ret === RET.UNAUTHORIZED && !def.public && !def.device) {
    // The session ended (a fuzzed Logout or account change before this call): sign in again and repeat once.
    await renew(s);
    a = await send(def, body, s, form);
  }
  const where = `${def.path} ${JSON.stringify(body).slice(0, 300)} → ${JSON.stringify(a)}`;
  if (a.status === 413) return;
  // A link a device or browser opens as is (GET) answers its refusal's HTTP status too, with the envelope.
  const linkRefusal = def.method === 'GET' && a.ret !== undefined && a.status === a.ret && a.status < 500;
  if (!linkRefusal) expect(a.status, where).toBe(200);
  if (a.ret === undefined) {
    expect(a.file, where).toBe(true);
    return;
  }
  expect(a.ret, where).not.toBe(RET.ERROR);
  // Text that no column can store is refused at the door, whatever the call. (A form body cannot carry half a
  // UTF-16 pair: URL encoding turns it into U+FFFD, which is text like any other.)
  const received = form || def.method === 'GET' ? Object.fromEntries(new URLSearchParams(asForm(body))) : body;
  if (findUnsupportedText(received)) expect(a.ret, where).not.toBe(RET.OK);
  if (a.ret !== RET.OK) for (const msg of [a.msg ?? '', ...(a.errors ?? [])]) expectProductMessage(msg, where);
}

/** A message a user reads: Chinese, with none of zod's or JavaScript's words, naming fields in Chinese. */
function expectProductMessage(msg: string, where: string): void {
  expect(msg, where).toMatch(/[\u4e00-\u9fa5]/);
  expect(msg, where).not.toMatch(INTERNALS);
  const words = msg.match(/[A-Za-z]+/g) ?? [];
  expect(
    words.filter((w) => FIELD_NAMES.has(w)),
    where,
  ).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn('admin', 'Admin@123');
  manager = await signIn('xmjl1', 'Linli@123');
});
afterAll(() => t.close());

const fuzzed = allCalls.filter((c) => !EXCLUDED[c.path]);

// A walk over every registered call grows with each module: it gets the time of a walk, not of one call.
describe('input fuzz over every call', { timeout: 120_000 }, () => {
  it('lists every exclusion with a reason, and only calls that exist', () => {
    for (const [path, reason] of Object.entries(EXCLUDED)) {
      expect(
        allCalls.some((c) => c.path === path),
        path,
      ).toBe(true);
      expect(reason.length, path).toBeGreaterThan(10);
    }
    expect(fuzzed.length + Object.keys(EXCLUDED).length).toBe(allCalls.length);
  });

  it('every field of every call has a Chinese label for its messages', async () => {
    const { FIELD_LABELS } = await import('@linli/shared');
    const unlabelled = allCalls.flatMap((c) =>
      Object.keys(fieldsOf(c.body))
        .filter((k) => !Object.hasOwn(FIELD_LABELS, k))
        .map((k) => `${c.path} ${k}`),
    );
    expect(unlabelled).toEqual([]);
  });

  it.each(fuzzed.map((c) => [c.path, c] as const))('%s', async (_path, def) => {
    // Every field at once: missing, of a wrong type, out of range, and holding text no column can store (this last
    // always refused, in both encodings).
    const fields = Object.keys(fieldsOf(def.body));
    const all = (v: unknown) => Object.fromEntries((fields.length ? fields : ['Id']).map((k) => [k, v]));
    for (const body of [{}, all('abc'), all({ a: { b: 1 } }), all(1e308)]) await check(def, body, admin, false);
    await check(def, { ...all('a\u0000b'), Extra: '\uD800' }, admin, false);
    await check(def, all('a\u0000b'), admin, true);
    await fc.assert(
      fc.asyncProperty(bodiesFor(def.body), fc.boolean(), fc.boolean(), async (body, form, asManager) =>
        check(def, body, asManager ? manager : admin, form),
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
