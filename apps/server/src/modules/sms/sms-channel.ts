import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { smsProviders } from '../../db/schema';
import type { AppDeps } from '../../deps';

export interface OutgoingSms {
  recordId: number;
  cmpId: number;
  phone: string;
  /** The signed text (【签名】内容). */
  content: string;
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

/**
 * 阿里云 / 腾讯云 need outbound access and the company's keys; this build has no HTTP adapter for them yet, so a
 * message on such a channel fails visibly ('通道未接入') and its 条 are refunded, rather than vanishing.
 */
function unconnected(code: string): SmsChannel {
  return {
    code,
    maxPerCall: 100,
    send: async (msgs) => msgs.map((m) => ({ recordId: m.recordId, ok: false, failReason: '通道未接入' })),
  };
}

/** The company's active channel; none configured = the log channel. */
export async function channelOf(deps: AppDeps, db: Tx, cmpId: number): Promise<SmsChannel> {
  const [p] = await db
    .select({ kind: smsProviders.kind })
    .from(smsProviders)
    .where(and(eq(smsProviders.cmpId, cmpId), eq(smsProviders.active, true)));
  const kind = p?.kind ?? 3;
  if (kind === 1) return unconnected('aliyun');
  if (kind === 2) return unconnected('tencent');
  return logChannel(deps);
}
