/**
 * The SMS module's API for other modules (domain/sms-attendance.md "Internal"):
 * - `sms.send(tx, { CmpId, Source, SourceId, Phone, TemplateId, Vars, SignId?, Name?, ResidentId?, CreatedBy?, now? })`
 *   → `{ Id, Segments, Content }`: charges and queues one message inside the caller's transaction.
 * - `registerArrearsRooms(fn)`: the fee module plugs its 欠费住户 query into the Kind 5 recipients.
 */
import { send } from './sms-send';

export const sms = { send };
export type { SmsSendInput, SmsSendResult } from './sms-send';
export {
  type ArrearsQuery,
  type ArrearsRoom,
  type ArrearsRoomsFn,
  arrearsRooms,
  registerArrearsRooms,
} from './arrears-seam';
