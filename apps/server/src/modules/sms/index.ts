/**
 * The SMS module's API for other modules (domain/sms-attendance.md "Internal"):
 * - `sms.send(tx, { CmpId, Source, SourceId, Phone, TemplateId, Vars, SignId?, Name?, ResidentId?, CreatedBy?, now? })`
 *   → `{ Id, Segments, Content }`: charges and queues one message inside the caller's transaction.
 * - `sms.sendMany(tx, { CmpId, Source, Messages: [{ Phone, Content, SourceId?, Name?, ResidentId? }], SignId?, now? })`
 *   → `{ Count, Segments, Invalid, Ids }`: fixed texts (a job's reminders), signed, charged and queued set-based, all or
 *   nothing ('短信余额不足，请先充值').
 * - `smsEnabledSql(cmpId)`: the SQL test of a company having SMS set up (an active channel and an approved signature).
 * - `registerArrearsRooms(fn)`: the fee module plugs its 欠费住户 query into the Kind 5 recipients.
 */
import { send, sendMany } from './sms-send';

export const sms = { send, sendMany };
export type { SmsManyInput, SmsManyMessage, SmsManyResult, SmsSendInput, SmsSendResult } from './sms-send';
export { smsEnabledSql } from './sms-enabled';
export {
  type ArrearsQuery,
  type ArrearsRoom,
  type ArrearsRoomsFn,
  arrearsRooms,
  registerArrearsRooms,
} from './arrears-seam';
