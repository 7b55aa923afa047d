import { createHash, createHmac } from 'node:crypto';
import type { HandOver, OutgoingSms, SmsChannel } from './sms-channel';
import { CONNECT_FAILED, pace, providerFetch, reasonText, splitCalls } from './sms-provider-http';

export interface TencentKeys {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId (the channel's AppId). */
  appId: string;
  endpoint: string;
  qps: number;
  now: () => Date;
}

const SERVICE = 'sms';
const VERSION = '2021-01-11';
const REGION = 'ap-guangzhou';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/**
 * 腾讯云 API 3.0 signature v3 (TC3-HMAC-SHA256) of a POST with a JSON body to path /: the canonical request
 * (method, URI, empty query, the signed headers, their names, the payload's SHA-256), the string to sign
 * (algorithm, timestamp, date/service/tc3_request, the canonical request's SHA-256), and a key derived
 * 'TC3' + SecretKey → date → service → 'tc3_request'.
 */
export function tencentAuthorization(
  k: { secretId: string; secretKey: string },
  host: string,
  action: string,
  payload: string,
  timestamp: number,
) {
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  // Header names and values lower-cased, sorted by name, each 'name:value\n'.
  const headers = `content-type:${CONTENT_TYPE}\nhost:${host.toLowerCase()}\nx-tc-action:${action.toLowerCase()}\n`;
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonical = ['POST', '/', '', headers, signedHeaders, sha256(payload)].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${k.secretKey}`, date), SERVICE), 'tc3_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${k.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Error codes whose message comes in English, in the words a sender understands. */
const REASONS: Record<string, string> = {
  'AuthFailure.SignatureFailure': '通道签名校验失败，请检查SecretKey',
  'AuthFailure.SecretIdNotFound': 'SecretId不存在',
  'AuthFailure.UnauthorizedOperation': 'SecretId无短信发送权限',
  'FailedOperation.SignatureIncorrectOrUnapproved': '签名不存在或未通过审核',
  'FailedOperation.TemplateIncorrectOrUnapproved': '服务商模板不存在或未通过审核',
  'FailedOperation.InsufficientBalanceInSmsPackage': '服务商套餐包余量不足',
  'FailedOperation.PhoneNumberInBlacklist': '手机号在免打扰名单中',
  'FailedOperation.ContainSensitiveWord': '短信内容含有敏感词',
  'InvalidParameterValue.IncorrectPhoneNumber': '手机号码格式错误',
  'InvalidParameterValue.TemplateParameterFormatError': '模板变量格式不正确',
  'InvalidParameterValue.TemplateParameterLengthLimit': '变量值超过长度限制',
  'InvalidParameterValue.SdkAppIdNotExist': 'SdkAppId不存在',
  'LimitExceeded.PhoneNumberDailyLimit': '该号码当日发送量超限',
  'LimitExceeded.PhoneNumberOneHourLimit': '该号码1小时内发送量超限',
  'LimitExceeded.PhoneNumberThirtySecondLimit': '该号码30秒内发送量超限',
  'LimitExceeded.DailyLimit': '触发服务商日发送限额',
  RequestLimitExceeded: '触发服务商发送频率限制',
};

interface Prepared extends OutgoingSms {
  template: NonNullable<OutgoingSms['template']>;
}

/**
 * 腾讯云 SMS SendSms (2021-01-11): one template, signature and TemplateParamSet (the template's variables in order)
 * per call for up to 100 numbers; the answer gives each number its own SerialNo, which its receipt carries as sid.
 */
export function tencentChannel(keys: TencentKeys): SmsChannel {
  return {
    code: 'tencent',
    maxPerCall: 100,
    templated: true,
    async send(msgs) {
      const out: HandOver[] = [];
      const ready = msgs.filter((m): m is Prepared => !!m.template);
      for (const m of msgs)
        if (!m.template) out.push({ recordId: m.recordId, ok: false, failReason: '未找到对应的服务商模板' });
      const key = (m: Prepared) =>
        JSON.stringify([m.template.code, m.template.sign, m.template.params.map((p) => p.value)]);
      for (const call of splitCalls(ready, key, 100)) {
        await pace(`tencent:${keys.secretId}`, keys.qps);
        out.push(...(await sendCall(keys, call)));
      }
      return out;
    },
  };
}

interface SendStatus {
  SerialNo?: string;
  PhoneNumber?: string;
  Code?: string;
  Message?: string;
}

async function sendCall(keys: TencentKeys, call: Prepared[]): Promise<HandOver[]> {
  const fail = (reason: string) => call.map((m) => ({ recordId: m.recordId, ok: false, failReason: reason }));
  const t = call[0]!.template;
  const payload = JSON.stringify({
    PhoneNumberSet: call.map((m) => `+86${m.phone}`),
    SmsSdkAppId: keys.appId,
    SignName: t.sign,
    TemplateId: t.code,
    TemplateParamSet: t.params.map((p) => p.value),
  });
  const url = new URL(keys.endpoint);
  const timestamp = Math.floor(keys.now().getTime() / 1000);
  const res = await providerFetch(`${url.origin}/`, {
    method: 'POST',
    headers: {
      authorization: tencentAuthorization(keys, url.host, 'SendSms', payload, timestamp),
      'content-type': CONTENT_TYPE,
      'x-tc-action': 'SendSms',
      'x-tc-timestamp': String(timestamp),
      'x-tc-version': VERSION,
      'x-tc-region': REGION,
    },
    body: payload,
  });
  if (!res) return fail(CONNECT_FAILED);
  const r = (res.json as { Response?: { Error?: { Code?: string; Message?: string }; SendStatusSet?: SendStatus[] } })
    ?.Response;
  if (!r) return fail(`通道返回异常(HTTP ${res.status})`);
  if (r.Error) return fail(reasonText(String(r.Error.Code ?? ''), String(r.Error.Message ?? ''), REASONS));
  const set = r.SendStatusSet ?? [];
  return call.map((m) => {
    const s = set.find((x) => String(x.PhoneNumber ?? '').replace(/^\+86/, '') === m.phone);
    if (!s) return { recordId: m.recordId, ok: false, failReason: '通道未返回该号码的结果' };
    if (s.Code === 'Ok' && s.SerialNo) return { recordId: m.recordId, ok: true, bizId: String(s.SerialNo) };
    return {
      recordId: m.recordId,
      ok: false,
      failReason: reasonText(String(s.Code ?? ''), String(s.Message ?? ''), REASONS),
    };
  });
}
