import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { audit } from '../../core/audit';
import { type CallDef, call } from '../../core/calls';
import { fieldError, notFound } from '../../core/errors';

/** Templates and signatures: a name unique within the company and a review state set by hand. */
type ReviewedTable = PgTable & { id: PgColumn; cmpId: PgColumn; name: PgColumn };
interface ReviewedBody {
  Id: number;
  Name: string;
  State?: number;
}

/**
 * TemplateSave and SignSave: the name must be free in the company, an edit keeps the review state unless one is
 * given, a new row without one is 1 待审核, and the save is audited as `<entity>.add/edit` with Name and State.
 */
export function reviewedSaveCall<S extends z.ZodType<ReviewedBody, unknown>>(spec: {
  path: string;
  role: string;
  btn: string;
  body: S;
  table: ReviewedTable;
  /** The audit's entity ('sms_template' → sms_template.add / .edit). */
  entity: string;
  /** The refusal of a name already taken ('模板名称已存在'). */
  taken: string;
  /** Checks beyond the body schema, before anything is read: throw `fieldError`. */
  check?(b: z.output<S>): void;
  /** The row's values besides name, state and stamps. */
  values?(b: z.output<S>): Record<string, unknown>;
}): CallDef {
  const { table } = spec;
  return call({
    path: spec.path,
    role: spec.role,
    btn: spec.btn,
    body: spec.body,
    okMsg: '保存成功',
    handler: async (b: z.output<S>, { deps, auth, ip }) => {
      spec.check?.(b);
      const now = deps.now();
      return deps.database.db.transaction(async (tx) => {
        const [dup] = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.cmpId, auth.cmpId), eq(table.name, b.Name)));
        if (dup && dup.id !== b.Id) throw fieldError('Name', spec.taken);
        const values = { name: b.Name, ...spec.values?.(b), updatedAt: now };
        let id = b.Id;
        if (id) {
          const [r] = await tx
            .update(table)
            .set({ ...values, ...(b.State ? { state: b.State } : {}) } as never)
            .where(and(eq(table.id, id), eq(table.cmpId, auth.cmpId)))
            .returning({ id: table.id });
          if (!r) throw notFound();
        } else {
          const [r] = await tx
            .insert(table)
            .values({
              ...values,
              cmpId: auth.cmpId,
              state: b.State ?? 1,
              createdAt: now,
              createdBy: auth.userId,
            } as never)
            .returning({ id: table.id });
          id = Number(r!.id);
        }
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: `${spec.entity}.${b.Id ? 'edit' : 'add'}`,
            entity: spec.entity,
            entityId: id,
            ip,
            detail: { Name: b.Name, State: b.State },
          },
          now,
        );
        return { Id: id };
      });
    },
  });
}
