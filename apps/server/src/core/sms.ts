import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { smsOutbox } from '../db/schema';

export interface SmsMessage {
  cmpId: number | null;
  phone: string;
  content: string;
}

/** The gateway seam: a real provider plugs in here; the default keeps every message in the outbox. */
export interface SmsProvider {
  readonly name: string;
  send(msg: SmsMessage): Promise<void>;
}

export function outboxSms(database: Database, log: FastifyBaseLogger | Pick<Console, 'info'>): SmsProvider {
  return {
    name: 'outbox',
    async send(msg) {
      await database.db.insert(smsOutbox).values({ ...msg, provider: 'outbox' });
      // Without a gateway the log is how a developer reads a code; the line is greppable by the e2e suite.
      log.info({ sms: { phone: msg.phone, content: msg.content } }, 'sms outbox');
    },
  };
}
