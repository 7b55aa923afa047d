import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SessionDef, sessionCalls } from '../../test/declared';
import { createTestApp, type TestApp } from '../../test/harness';
import { bodyFor, buildWorld, send, watching, type World } from '../../test/walk-world';
import { allCalls } from '../modules';

/**
 * The access walk (issue 11): every call of the registry — today's and every later one — is tried as each kind of
 * intruder, with real ids of company A's 阳光花园 rows, and must be refused with the right ret and change nothing.
 * One app for the file, calls one after another; each case collects every offence and reports them together.
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

const calls = sessionCalls();
const devices = allCalls.filter((c) => c.device);
/** Rows of these controllers belong to a community: a user outside it must not reach them. */
const COMMUNITY_ROWS = /^\/(Community|Building|Room|Meter|Handover|Resident|Registration|Face)\//;

/** The last walk's ret per call, to show that its ids reached the lookups (404) rather than stopping at validation. */
const answered = new Map<string, number>();
const count404 = () => [...answered.values()].filter((r) => r === 404).length;

interface Offence {
  path: string;
  ret: number;
  msg: string;
  changed?: string[];
  leaked?: string[];
}

/** Sends `body` as `token` to each call and collects the answers that break `ok` or change any table. */
async function walk(
  list: SessionDef[],
  token: string | undefined,
  ok: (r: { ret: number; text: string }, c: SessionDef) => string[] | boolean,
): Promise<Offence[]> {
  const offences: Offence[] = [];
  answered.clear();
  for (const c of list) {
    const { result: r, changed } = await watching(t, () => send(t, c.path, bodyFor(c.path, w), token));
    answered.set(c.path, r.ret);
    const verdict = ok(r, c);
    const leaked = Array.isArray(verdict) ? verdict : [];
    if (verdict === false || leaked.length || changed.length || r.ret === 500 || r.status !== 200)
      offences.push({ path: c.path, ret: r.ret, msg: r.msg, ...(changed.length ? { changed } : {}), leaked });
  }
  return offences;
}

/** The markers found in an answer, and the row the call was asked about (`"Id":<its id>`) when it is answered. */
const leaks = (text: string, markers: string[], path?: string) => {
  const found = markers.filter((m) => text.includes(m));
  const id = path && COMMUNITY_ROWS.test(path) ? String(bodyFor(path, w).Id) : '';
  if (id && new RegExp(`"Id":${id}[,}]`).test(text)) found.push(`"Id":${id}`);
  return [...new Set(found)];
};

// A walk over every registered call grows with each module: it gets the time of a walk, not of one call.
describe('access walk: every call refuses every intruder and changes nothing', { timeout: 120_000 }, () => {
  it('finds the rows and people it walks with', () => {
    // The demo seeds no handover appointment, registration, message or lane in 阳光花园; the rest must exist.
    const optional = ['appointment', 'registration', 'message', 'lane'];
    for (const [k, v] of Object.entries(w.ids)) if (!optional.includes(k)) expect(v, k).toBeGreaterThan(0);
    expect(w.sunnyMarkers.length).toBeGreaterThan(1);
    expect(w.probe.mobile).toMatch(/^1\d{10}$/);
    expect(calls.length).toBeGreaterThan(100);
  });

  it('no session → 401', async () => {
    expect(await walk(calls, undefined, (r) => r.ret === 401)).toEqual([]);
  });

  it('a forged token → 401', async () => {
    expect(await walk(calls, 'a'.repeat(43), (r) => r.ret === 401)).toEqual([]);
    expect(await walk(calls.slice(0, 10), `${w.tokens.admin.slice(0, -2)}xx`, (r) => r.ret === 401)).toEqual([]);
  });

  it("another company's administrator with this company's ids: nothing of A answered, nothing changed", async () => {
    // His own data (messages, password, uploads) is his to change; every other call meets A's ids.
    const list = calls.filter((c) => !c.self);
    expect(await walk(list, w.tokens.other, (r, c) => leaks(r.text, w.companyMarkers, c.path))).toEqual([]);
    expect(count404()).toBeGreaterThan(40);
  });

  it("a position without the call's role → 403", async () => {
    const list = calls.filter((c) => c.role);
    expect(await walk(list, w.tokens.noRole, (r) => r.ret === 403)).toEqual([]);
  });

  it('a position with the screen but without the button → 403', async () => {
    const list = calls.filter((c) => c.role && c.btn);
    expect(list.length).toBeGreaterThan(50);
    expect(await walk(list, w.tokens.noButton, (r) => r.ret === 403)).toEqual([]);
  });

  it("a user outside the row's community (all rights, 翠湖天地 only) with 阳光花园's rows: refused, no change", async () => {
    const list = calls.filter((c) => !c.self && (COMMUNITY_ROWS.test(c.path) || !c.role));
    const offences = await walk(list, w.tokens.scoped, (r, c) => {
      const leaked = leaks(r.text, w.sunnyMarkers, c.path);
      // A write on a row he does not serve must say so ('数据不存在' or a refusal), not answer 成功 with no change.
      if (c.btn && !/Export|Template|Status|Errors|Print/.test(c.path) && r.ret === 0) return [...leaked, 'ret 0'];
      return leaked;
    });
    expect(count404()).toBeGreaterThan(30);
    expect(offences).toEqual([]);
  });

  it('device calls without a key, or with a forged one → 401, nothing changed', async () => {
    const offences: Offence[] = [];
    for (const c of devices) {
      for (const headers of [{}, { 'x-device-sn': 'SN-1', 'x-device-key': 'forged' }]) {
        const { result: res, changed } = await watching(t, () =>
          t.app.inject({ method: 'POST', url: `/api${c.path}`, headers, payload: {} }),
        );
        const ret = (res.json() as { ret: number }).ret;
        if (ret !== 401 || changed.length) offences.push({ path: c.path, ret, msg: res.body, changed });
      }
    }
    expect(offences).toEqual([]);
  });
});
