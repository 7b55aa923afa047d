import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  cmpId: number | null;
  userId: number | null;
  action: string;
  entity?: string;
  entityId?: number | null;
  detail?: Record<string, unknown>;
  ip?: string;
}

/** Passwords and tokens never reach `detail`: callers pass only what a reviewer needs. */
export async function audit(tx: Tx, e: AuditEntry, at: Date = new Date()): Promise<void> {
  await tx.insert(auditLog).values({
    cmpId: e.cmpId,
    userId: e.userId,
    action: e.action,
    entity: e.entity ?? '',
    entityId: e.entityId ?? null,
    detail: e.detail ?? null,
    ip: e.ip ?? '',
    createdAt: at,
  });
}
