import { renderTemplate } from '@linli/shared';
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { drainJobs } from '../jobs';
import { buildingId } from '../properties/test-helpers';
import { readVariables } from './sms-provider-template';
import { send } from './sms-send';
import { balanceOf, demoIds, target } from './test-helpers';

/*
 * Fake 阿里云 and 腾讯云 servers. Each checks the request's signature with the algorithm written here again from
 * the providers' public specifications (not the adapters' code) and refuses a bad one as the provider would.
 */

interface Answer {
  status: number;
  json: unknown;
}
interface AliyunCall {
  params: Record<string, string>;
  signatureOk: boolean;
}
interface TencentCall {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  signatureOk: boolean;
}

const ALI_SECRET = 'ali-secret/+=';
const TX_SECRET = 'tx-secret-key';

/** RFC 3986 over the UTF-8 bytes: unreserved characters stay, every other byte %XY (upper-case hex). */
function rfc3986(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** 阿里云 RPC signature v1 (HMAC-SHA1) as the public "Signature mechanism" page describes it. */
function aliyunSign(method: string, params: Record<string, string>, secret: string): string {
  const query = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${rfc3986('/')}&${rfc3986(query)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** 腾讯云 signature v3 (TC3-HMAC-SHA256) recomputed from a received request. */
function tencentSignatureOk(headers: http.IncomingHttpHeaders, raw: string, secretKey: string): boolean {
  const auth = String(headers.authorization ?? '');
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return false;
  const [, , date, signedHeaders, signature] = m as unknown as string[];
  const timestamp = String(headers['x-tc-timestamp'] ?? '');
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const names = signedHeaders!.split(';');
  if (!names.includes('content-type') || !names.includes('host')) return false;
  const canonicalHeaders = [...names]
    .sort()
    .map(
      (n) =>
        `${n}:${String(headers[n] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const hash = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${hash(raw)}`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${hash(canonicalRequest)}`;
  const h = (key: Buffer | string, msg: string) => createHmac('sha256', key).update(msg).digest();
  const signing = h(h(h(`TC3${secretKey}`, date!), 'sms'), 'tc3_request');
  return createHmac('sha256', signing).update(stringToSign).digest('hex') === signature;
}

function listen(handler: (req: http.IncomingMessage, raw: string) => Answer): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const a = handler(req, raw);
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.json));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const portOf = (s: http.Server) => (s.address() as AddressInfo).port;

const aliyunCalls: AliyunCall[] = [];
let aliyunAnswer: (p: Record<string, string>) => Answer;
const tencentCalls: TencentCall[] = [];
let tencentAnswer: (body: Record<string, unknown>) => Answer;
let aliyunServer: http.Server;
let tencentServer: http.Server;

let t: TestApp;
let admin: string;
let cmpId: number;
let ids: Awaited<ReturnType<typeof demoIds>>;
let aliyunUrl: string;

beforeAll(async () => {
  aliyunServer = await listen((req, raw) => {
    const params = Object.fromEntries(
      raw.split('&').map((kv) => kv.split('=').map((x) => decodeURIComponent(x)) as [string, string]),
    );
    const signatureOk = req.method === 'POST' && aliyunSign('POST', params, ALI_SECRET) === params.Signature;
    aliyunCalls.push({ params, signatureOk });
    if (!signatureOk)
      return { status: 400, json: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched.' } };
    return aliyunAnswer(params);
  });
  tencentServer = await listen((req, raw) => {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const signatureOk = tencentSignatureOk(req.headers, raw, TX_SECRET);
    tencentCalls.push({ headers: req.headers, body, signatureOk });
    if (!signatureOk)
      return {
        status: 200,
        json: { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'signature failure' } } },
      };
    return tencentAnswer(body);
  });
  aliyunUrl = `http://127.0.0.1:${portOf(aliyunServer)}`;
  t = await createTestApp({
    env: { SMS_ALIYUN_ENDPOINT: aliyunUrl, SMS_TENCENT_ENDPOINT: `http://127.0.0.1:${portOf(tencentServer)}` },
  });
  t.freeze();
  admin = await t.login('admin', 'Admin@123');
  ids = await demoIds(t);
  cmpId = (await sqlRows<{ id: number }>(t.db, sql`select id from companies where name = '邻里物业'`))[0]!.id;
});
afterAll(async () => {
  await t.close();
  aliyunServer.close();
  tencentServer.close();
});
beforeEach(() => {
  aliyunCalls.length = 0;
  tencentCalls.length = 0;
  t.deps.config.smsAliyunEndpoint = aliyunUrl;
});

interface Rec {
  id: number;
  phone: string;
  name: string;
  content: string;
  state: number;
  fail_reason: string;
  provider: string;
  biz_id: string;
  sent: boolean;
  segments: number;
}
const recordsOf = (batchId: number) =>
  sqlRows<Rec>(
    t.db,
    sql`select id, phone, name, content, state, fail_reason, provider, biz_id, send_time is not null as sent, segments
      from sms_records where batch_id = ${batchId} order by id`,
  );
const refundsOf = (recordIds: number[]) =>
  sqlRows<{ ref_id: number; delta: number }>(
    t.db,
    sql`select ref_id, delta from sms_balance_logs where kind = 3 and ref_type = 'record'
      and ref_id = any(${`{${recordIds.join(',')}}`}::int[]) order by ref_id`,
  );

async function sendBatch(body: Record<string, unknown>) {
  const s = await t.api<{ BatchId: number }>('/Sms/Send', { SignId: ids.sign, ...body }, admin);
  expect(s.ret, s.msg).toBe(0);
  await drainJobs(t.deps);
  return s.data.BatchId;
}

const manual = (phones: string[]) => target({ Kind: 4, Phones: phones });

describe('阿里云 SendBatchSms', () => {
  beforeAll(async () => {
    const r = await t.api(
      '/Sms/ProviderSave',
      { Kind: 1, Key: 'LTAI-test', Secret: ALI_SECRET, CallbackToken: 'tok-ali', UnitPrice: '0.08' },
      admin,
    );
    expect(r.ret, r.msg).toBe(0);
  });

  it('the test signature reproduces the public example of the signature page', () => {
    // Alibaba Cloud's "Signature mechanism" worked example (DescribeRegions, AccessKey testid / testsecret).
    const example = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunSign('GET', example, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('hands a building over with each resident’s variables by fixed names; a receipt marks 成功', async () => {
    aliyunAnswer = () => ({
      status: 200,
      json: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'R1' },
    });
    const before = await balanceOf(t);
    const b1 = await buildingId(t, '阳光花园', '1栋');
    const batchId = await sendBatch({
      Target: target({ Kind: 2, BuildingIds: [b1] }),
      TemplateId: ids.notice,
      Vars: { 月份: '11月' },
    });
    const recs = await recordsOf(batchId);
    expect(recs.length).toBeGreaterThan(1);
    expect(aliyunCalls.length).toBe(Math.ceil(recs.length / 100));
    expect(aliyunCalls.every((c) => c.signatureOk)).toBe(true);
    const p = aliyunCalls[0]!.params;
    expect(p).toMatchObject({
      Action: 'SendBatchSms',
      Version: '2017-05-25',
      AccessKeyId: 'LTAI-test',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_100001',
    });
    expect(p.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(p.SignatureNonce).toBeTruthy();
    const phones = JSON.parse(p.PhoneNumberJson!) as string[];
    const signs = JSON.parse(p.SignNameJson!) as string[];
    const vars = JSON.parse(p.TemplateParamJson!) as Record<string, string>[];
    expect(signs.every((s) => s === '邻里物业')).toBe(true);
    expect(vars).toHaveLength(phones.length);
    // Each number's variables, put back into the template, give exactly the text its record holds.
    phones.forEach((phone, i) => {
      const rec = recs.find((r) => r.phone === phone)!;
      expect(Object.keys(vars[i]!).sort()).toEqual(['name', 'room', '月份'].sort());
      expect(vars[i]!.name).toBe(rec.name);
      const text = renderTemplate('尊敬的{姓名}，您{房号}的{月份}物业费已出账，请及时缴纳。', {
        姓名: vars[i]!.name,
        房号: vars[i]!.room,
        月份: vars[i]!['月份'],
      });
      expect(`【邻里物业】${text}`).toBe(rec.content);
    });
    // 发送中, handed over with the call's BizId; nothing refunded.
    expect(
      recs.every((r) => r.state === 1 && r.sent && r.provider === 'aliyun' && r.biz_id === '900619746936498440^0'),
    ).toBe(true);
    const total = recs.reduce((n, r) => n + r.segments, 0);
    expect(await balanceOf(t)).toBe(before - total);
    expect(await refundsOf(recs.map((r) => r.id))).toEqual([]);
    expect((await t.api('/Sms/BatchProgress', { BatchId: batchId }, admin)).data).toMatchObject({ State: 3 });

    const receipt = (phone: string, success: boolean) => ({
      phone_number: phone,
      send_time: '2026-11-24 18:00:00',
      report_time: '2026-11-24 18:00:05',
      success,
      err_code: success ? 'DELIVERED' : 'MOBILE_NOT_ON_SERVICE',
      err_msg: success ? '用户接收成功' : '停机',
      sms_size: '1',
      biz_id: '900619746936498440^0',
      out_id: '',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/SmsCallback/Aliyun?token=tok-ali',
      payload: [receipt(recs[0]!.phone, true), receipt(recs[1]!.phone, false)],
    });
    expect(res.json()).toEqual({ code: 0, msg: '成功' });
    const after = await recordsOf(batchId);
    expect(after[0]).toMatchObject({ state: 2, fail_reason: '' });
    expect(after[1]).toMatchObject({ state: 3, fail_reason: '停机' });
    expect(await refundsOf([recs[1]!.id])).toEqual([{ ref_id: recs[1]!.id, delta: recs[1]!.segments }]);
    expect(after.slice(2).every((r) => r.state === 1)).toBe(true);
  });

  it('a refused call fails its records with the reason in Chinese and refunds their 条', async () => {
    aliyunAnswer = () => ({
      status: 200,
      json: { Code: 'isv.AMOUNT_NOT_ENOUGH', Message: 'account balance is not enough', RequestId: 'R2' },
    });
    const before = await balanceOf(t);
    const batchId = await sendBatch({
      Target: manual(['13900001111', '13900002222']),
      TemplateId: ids.water,
      Vars: { 日期: '12月1日' },
    });
    expect(aliyunCalls).toHaveLength(1);
    expect(aliyunCalls[0]!.signatureOk).toBe(true);
    expect(JSON.parse(aliyunCalls[0]!.params.TemplateParamJson!)).toEqual([
      { community: '', date: '12月1日' },
      { community: '', date: '12月1日' },
    ]);
    const recs = await recordsOf(batchId);
    expect(recs.map((r) => [r.state, r.fail_reason])).toEqual([
      [3, '服务商账户余额不足'],
      [3, '服务商账户余额不足'],
    ]);
    expect(await balanceOf(t)).toBe(before);
    expect(await refundsOf(recs.map((r) => r.id))).toHaveLength(2);
  });

  it('a provider that cannot be reached fails the records 通道连接失败 and refunds them', async () => {
    const closed = await listen(() => ({ status: 200, json: {} }));
    const port = portOf(closed);
    await new Promise((r) => closed.close(r));
    t.deps.config.smsAliyunEndpoint = `http://127.0.0.1:${port}`;
    const before = await balanceOf(t);
    const batchId = await sendBatch({
      Target: manual(['13900003333']),
      TemplateId: ids.water,
      Vars: { 日期: '12月2日' },
    });
    const recs = await recordsOf(batchId);
    expect(recs.map((r) => [r.state, r.fail_reason])).toEqual([[3, '通道连接失败']]);
    expect(await balanceOf(t)).toBe(before);
    expect(await refundsOf(recs.map((r) => r.id))).toHaveLength(1);
  });

  it('a text no template with a ProviderCode made fails without calling the provider, refunded', async () => {
    const before = await balanceOf(t);
    const r = await t.api<{ Id: number }>('/Sms/TestSend', { Phone: '13900006666' }, admin);
    expect(r.ret, r.msg).toBe(0);
    await drainJobs(t.deps);
    expect(aliyunCalls).toHaveLength(0);
    const [rec] = await sqlRows<{ state: number; fail_reason: string }>(
      t.db,
      sql`select state, fail_reason from sms_records where id = ${r.data.Id}`,
    );
    expect(rec).toEqual({ state: 3, fail_reason: '未找到对应的服务商模板' });
    expect(await balanceOf(t)).toBe(before);
  });
});

describe('腾讯云 SendSms', () => {
  beforeAll(async () => {
    expect(
      await t.api('/Sms/ProviderSave', { Kind: 2, Key: 'AKID-test', Secret: TX_SECRET, UnitPrice: '0.08' }, admin),
    ).toMatchObject({ msg: '请输入SdkAppId' });
    const r = await t.api(
      '/Sms/ProviderSave',
      { Kind: 2, Key: 'AKID-test', Secret: TX_SECRET, AppId: '1400000001', CallbackToken: 'tok-tx', UnitPrice: '0.08' },
      admin,
    );
    expect(r.ret, r.msg).toBe(0);
  });

  /** Per number: one ending 4444 is over its daily limit, the rest go with a serial number. */
  const partly = (body: Record<string, unknown>): Answer => ({
    status: 200,
    json: {
      Response: {
        RequestId: 'TX-R',
        SendStatusSet: (body.PhoneNumberSet as string[]).map((n) =>
          n.endsWith('4444')
            ? {
                SerialNo: '',
                PhoneNumber: n,
                Fee: 0,
                Code: 'LimitExceeded.PhoneNumberDailyLimit',
                Message:
                  'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
                IsoCode: 'CN',
              }
            : {
                SerialNo: `SN-${n.slice(-4)}`,
                PhoneNumber: n,
                Fee: 1,
                Code: 'Ok',
                Message: 'send success',
                IsoCode: 'CN',
              },
        ),
      },
    },
  });

  it('sends the template’s variables in order, hands each number its SerialNo, fails and refunds the refused one', async () => {
    tencentAnswer = partly;
    const before = await balanceOf(t);
    const batchId = await sendBatch({
      Target: manual(['13900003333', '13900004444', '13900005555']),
      TemplateId: (await sqlRows<{ id: number }>(t.db, sql`select id from sms_templates where name = '快递取件'`))[0]!
        .id,
      Vars: { 快递公司: '顺丰', 存放点: '东门驿站', 取件码: '8-2-1024', 单号后四位: '5678' },
    });
    expect(tencentCalls).toHaveLength(1);
    const c = tencentCalls[0]!;
    expect(c.signatureOk).toBe(true);
    expect(c.headers).toMatchObject({ 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11' });
    expect(c.body).toEqual({
      PhoneNumberSet: ['+8613900003333', '+8613900004444', '+8613900005555'],
      SmsSdkAppId: '1400000001',
      SignName: '邻里物业',
      TemplateId: 'SMS_100004',
      // The template reads {快递公司} {存放点} {取件码} {单号后四位}: positional, in that order.
      TemplateParamSet: ['顺丰', '东门驿站', '8-2-1024', '5678'],
    });
    const recs = await recordsOf(batchId);
    expect(recs.map((r) => [r.phone, r.state, r.sent, r.biz_id, r.fail_reason])).toEqual([
      ['13900003333', 1, true, 'SN-3333', ''],
      ['13900004444', 3, true, '', '该号码当日发送量超限'],
      ['13900005555', 1, true, 'SN-5555', ''],
    ]);
    expect(await balanceOf(t)).toBe(before - recs[0]!.segments - recs[2]!.segments);
    expect(await refundsOf([recs[1]!.id])).toEqual([{ ref_id: recs[1]!.id, delta: recs[1]!.segments }]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/SmsCallback/Tencent?token=tok-tx',
      payload: [
        {
          user_receive_time: '2026-11-24 18:00:05',
          nationcode: '86',
          mobile: '13900003333',
          report_status: 'SUCCESS',
          errmsg: 'DELIVRD',
          description: '用户短信送达成功',
          sid: 'SN-3333',
        },
      ],
    });
    expect(res.json()).toEqual({ result: 0, errmsg: 'OK' });
    const after = await recordsOf(batchId);
    expect(after.map((r) => r.state)).toEqual([2, 3, 1]);
  });

  it('sms.send from another module goes by the template its text was made from', async () => {
    tencentAnswer = partly;
    await t.db.transaction((tx) =>
      send(tx, {
        CmpId: cmpId,
        Source: 4,
        Phone: '13900007777',
        TemplateId: ids.arrears,
        Vars: { 姓名: '张三', 房号: '1-101', 金额: '120.00' },
        now: t.deps.now(),
      }),
    );
    await drainJobs(t.deps);
    expect(tencentCalls).toHaveLength(1);
    expect(tencentCalls[0]!.signatureOk).toBe(true);
    expect(tencentCalls[0]!.body).toMatchObject({
      PhoneNumberSet: ['+8613900007777'],
      TemplateId: 'SMS_100002',
      TemplateParamSet: ['张三', '1-101', '120.00'],
    });
  });

  it('an error answer fails the call’s records with its reason, refunded', async () => {
    tencentAnswer = () => ({
      status: 200,
      json: {
        Response: {
          Error: {
            Code: 'FailedOperation.InsufficientBalanceInSmsPackage',
            Message: 'insufficient balance in SMS package',
          },
          RequestId: 'TX-E',
        },
      },
    });
    const before = await balanceOf(t);
    const batchId = await sendBatch({
      Target: manual(['13900008888']),
      TemplateId: ids.water,
      Vars: { 日期: '12月3日' },
    });
    expect(tencentCalls).toHaveLength(1);
    expect(tencentCalls[0]!.body.TemplateParamSet).toEqual(['', '12月3日']);
    const recs = await recordsOf(batchId);
    expect(recs.map((r) => [r.state, r.fail_reason])).toEqual([[3, '服务商套餐包余量不足']]);
    expect(await balanceOf(t)).toBe(before);
  });
});

describe('reading a text back against its template', () => {
  it('finds each variable, repeated ones once, and uses the known values to split adjacent ones', () => {
    expect(readVariables('{姓名}您好，{日期}停水，{姓名}请储水', '张三您好，12月1日停水，张三请储水')).toEqual({
      姓名: '张三',
      日期: '12月1日',
    });
    expect(readVariables('{小区}{房号}欠费', '阳光花园1-101欠费', { 小区: '阳光花园' })).toEqual({
      小区: '阳光花园',
      房号: '1-101',
    });
    expect(readVariables('尊敬的{姓名}：', '其他文字')).toBeNull();
    expect(readVariables('金额{金额}元(含税)', '金额1.5元(含税)')).toEqual({ 金额: '1.5' });
  });
});
