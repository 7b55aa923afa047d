import { SMS_VARIABLES } from '@linli/shared';
import { createHmac, randomUUID } from 'node:crypto';
import type { HandOver, OutgoingSms, SmsChannel } from './sms-channel';
import { CONNECT_FAILED, pace, providerFetch, reasonText, splitCalls } from './sms-provider-http';

export interface AliyunKeys {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: string;
  qps: number;
  now: () => Date;
}

/** RFC 3986 percent-encoding as the RPC signature wants it: only A–Z a–z 0–9 - _ . ~ stay as they are. */
export const percentEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * 阿里云 RPC signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0): the parameters but Signature sorted by
 * name, each name and value percent-encoded and joined with = and &; StringToSign = METHOD & %2F & encode(that);
 * Signature = Base64(HMAC-SHA1(secret + '&', StringToSign)).
 */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign, 'utf8').digest('base64');
}

/** Refusal codes of Dysmsapi whose message comes in English, in the words a sender understands. */
const REASONS: Record<string, string> = {
  'isv.BUSINESS_LIMIT_CONTROL': '触发服务商发送频率限制',
  'isv.DAY_LIMIT_CONTROL': '触发服务商日发送限额',
  'isv.MOBILE_NUMBER_ILLEGAL': '手机号码格式错误',
  'isv.MOBILE_COUNT_OVER_LIMIT': '手机号码数量超过限制',
  'isv.AMOUNT_NOT_ENOUGH': '服务商账户余额不足',
  'isv.OUT_OF_SERVICE': '服务商账户已停机',
  'isv.SMS_TEMPLATE_ILLEGAL': '服务商模板不存在或未通过审核',
  'isv.SMS_SIGNATURE_ILLEGAL': '签名不存在或未通过审核',
  'isv.TEMPLATE_MISSING_PARAMETERS': '模板变量缺少参数值',
  'isv.TEMPLATE_PARAMS_ILLEGAL': '模板变量值不合法',
  'isv.INVALID_JSON_PARAM': '模板变量格式不正确',
  'isv.BLACK_KEY_CONTROL_LIMIT': '短信内容含有禁止发送的关键字',
  'isv.PARAM_LENGTH_LIMIT': '变量值超过长度限制',
  SignatureDoesNotMatch: '通道签名校验失败，请检查AccessKey Secret',
  'InvalidAccessKeyId.NotFound': 'AccessKey不存在',
  'InvalidAccessKeyId.Inactive': 'AccessKey已停用',
  'Forbidden.RAM': 'AccessKey无短信发送权限',
  Throttling: '触发服务商发送频率限制',
};

interface Prepared extends OutgoingSms {
  template: NonNullable<OutgoingSms['template']>;
}

/** The variables under their fixed English names (domain file "Providers"); any other name goes as written. */
const paramsOf = (m: Prepared) =>
  Object.fromEntries(m.template.params.map((p) => [SMS_VARIABLES[p.name] ?? p.name, p.value]));

/**
 * 阿里云 Dysmsapi SendBatchSms (2017-05-25): up to 100 numbers of one template a call, each with its own signature
 * and variables. The call answers one BizId for all of them; receipts come back per number with that BizId.
 */
export function aliyunChannel(keys: AliyunKeys): SmsChannel {
  return {
    code: 'aliyun',
    maxPerCall: 100,
    templated: true,
    async send(msgs) {
      const out: HandOver[] = [];
      const ready = msgs.filter((m): m is Prepared => !!m.template);
      for (const m of msgs)
        if (!m.template) out.push({ recordId: m.recordId, ok: false, failReason: '未找到对应的服务商模板' });
      for (const call of splitCalls(ready, (m) => m.template.code, 100)) {
        await pace(`aliyun:${keys.accessKeyId}`, keys.qps);
        out.push(...(await sendCall(keys, call)));
      }
      return out;
    },
  };
}

async function sendCall(keys: AliyunKeys, call: Prepared[]): Promise<HandOver[]> {
  const fail = (reason: string) => call.map((m) => ({ recordId: m.recordId, ok: false, failReason: reason }));
  const params: Record<string, string> = {
    Action: 'SendBatchSms',
    Version: '2017-05-25',
    Format: 'JSON',
    RegionId: 'cn-hangzhou',
    AccessKeyId: keys.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: randomUUID(),
    Timestamp: keys
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z'),
    PhoneNumberJson: JSON.stringify(call.map((m) => m.phone)),
    SignNameJson: JSON.stringify(call.map((m) => m.template.sign)),
    TemplateCode: call[0]!.template.code,
  };
  if (call[0]!.template.params.length) params.TemplateParamJson = JSON.stringify(call.map(paramsOf));
  params.Signature = aliyunSignature('POST', params, keys.accessKeySecret);
  const body = Object.entries(params)
    .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
    .join('&');
  const res = await providerFetch(`${keys.endpoint.replace(/\/+$/, '')}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
    body,
  });
  if (!res) return fail(CONNECT_FAILED);
  const a = (res.json ?? {}) as { Code?: string; Message?: string; BizId?: string };
  if (a.Code === 'OK' && a.BizId) return call.map((m) => ({ recordId: m.recordId, ok: true, bizId: String(a.BizId) }));
  if (!a.Code) return fail(`通道返回异常(HTTP ${res.status})`);
  return fail(reasonText(String(a.Code), String(a.Message ?? ''), REASONS));
}
