import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { smsProviders } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { aliyunChannel } from './sms-aliyun';
import type { ProviderTemplate } from './sms-provider-template';
import { decryptSecret } from './sms-secret';
import { tencentChannel } from './sms-tencent';

export interface OutgoingSms {
  recordId: number;
  cmpId: number;
  phone: string;
  /** The signed text (【签名】内容); what the log channel sends. */
  content: string;
  /** Signature, provider template code and variables, for template-only providers (`templated` channels). */
  template?: ProviderTemplate;
}

export interface HandOver {
  recordId: number;
  ok: boolean;
  bizId?: string;
  failReason?: string;
}

/** One interface for every provider (domain file "Providers"): send a batch, answer per number. */
export interface SmsChannel {
  /** Stored on each record ('log', 'aliyun', 'tencent'). */
  code: string;
  /** Numbers per provider call. */
  maxPerCall: number;
  /** Hands the messages over; a message the provider refuses answers ok false with its reason. */
  send(msgs: OutgoingSms[]): Promise<HandOver[]>;
  /** The log channel reports its own receipts after this delay; real providers call back. */
  selfReceiptMs?: number;
  /** Sends by the provider's template, not by text: each message needs its `template`. */
  templated?: boolean;
}

export const CHANNEL_NAMES: Record<string, string> = { log: '日志通道', aliyun: '阿里云', tencent: '腾讯云', '': '' };

const reasonOf = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 100) || '发送失败';

/**
 * 日志通道 (演示): every message goes to the deployment's SMS gateway seam (`deps.sms`: the outbox and the server
 * log by default, a recording fake in tests). The gateway throwing fails that message; receipts come 2 s later.
 */
export function logChannel(deps: AppDeps): SmsChannel {
  return {
    code: 'log',
    maxPerCall: 100,
    selfReceiptMs: 2000,
    async send(msgs) {
      const out: HandOver[] = [];
      for (const m of msgs) {
        try {
          await deps.sms.send({ cmpId: m.cmpId, phone: m.phone, content: m.content });
          out.push({ recordId: m.recordId, ok: true, bizId: `LOG${m.recordId}` });
        } catch (err) {
          out.push({ recordId: m.recordId, ok: false, failReason: reasonOf(err) });
        }
      }
      return out;
    },
  };
}

/** A channel whose keys are missing or unreadable: its messages fail visibly with why, and are refunded. */
function refusing(code: string, reason: string): SmsChannel {
  return {
    code,
    maxPerCall: 100,
    send: async (msgs) => msgs.map((m) => ({ recordId: m.recordId, ok: false, failReason: reason })),
  };
}

/** The company's active channel; none configured = the log channel. */
export async function channelOf(deps: AppDeps, db: Tx, cmpId: number): Promise<SmsChannel> {
  const [p] = await db
    .select({
      kind: smsProviders.kind,
      key: smsProviders.key,
      secretEnc: smsProviders.secretEnc,
      appId: smsProviders.appId,
    })
    .from(smsProviders)
    .where(and(eq(smsProviders.cmpId, cmpId), eq(smsProviders.active, true)));
  const kind = p?.kind ?? 3;
  if (kind !== 1 && kind !== 2) return logChannel(deps);
  const code = kind === 1 ? 'aliyun' : 'tencent';
  if (!p!.key || !p!.secretEnc || (kind === 2 && !p!.appId))
    return refusing(code, '通道参数不完整，请在签名与通道中填写');
  let secret: string;
  try {
    secret = decryptSecret(deps.config, p!.secretEnc);
  } catch {
    // The key file or SMS_SECRET_KEY changed since the secret was saved.
    return refusing(code, '通道密钥无法解密，请重新保存Secret');
  }
  const common = { qps: deps.config.smsProviderQps, now: deps.now };
  return kind === 1
    ? aliyunChannel({
        ...common,
        accessKeyId: p!.key,
        accessKeySecret: secret,
        endpoint: deps.config.smsAliyunEndpoint,
      })
    : tencentChannel({
        ...common,
        secretId: p!.key,
        secretKey: secret,
        appId: p!.appId,
        endpoint: deps.config.smsTencentEndpoint,
      });
}
