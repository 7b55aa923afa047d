import type { CodePurpose } from '@linli/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ApiError, fieldError, RET } from '../../core/errors';
import { sha256, sixDigits } from '../../core/tokens';
import { phoneCodes } from '../../db/schema';
import type { AppDeps } from '../../deps';

export const CODE_TTL_MS = 5 * 60_000;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_TRIES = 5;

const codeHash = (phone: string, purpose: CodePurpose, code: string) => sha256(`${phone}:${purpose}:${code}`);

export const codeText = (code: string) => `【邻里智慧物业】您的验证码为${code}，5分钟内有效，请勿泄露给他人。`;

/**
 * One code per phone per 60 s; the code lives 5 minutes and survives 5 wrong tries. `deliver: false` (a sign-in or
 * recovery code for a phone no account holds) stores a code nobody receives, so the resend wait and every later
 * check answer exactly as for a bound phone.
 */
export async function issueCode(
  deps: AppDeps,
  phone: string,
  purpose: CodePurpose,
  cmpId: number | null,
  deliver = true,
) {
  const now = deps.now();
  const code = sixDigits();
  await deps.database.db.transaction(async (tx) => {
    const [last] = await tx
      .select({ createdAt: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, phone))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1);
    const waitMs = last ? last.createdAt.getTime() + CODE_RESEND_MS - now.getTime() : 0;
    if (waitMs > 0) {
      throw new ApiError(RET.TOO_MANY, `验证码发送过于频繁，请${Math.ceil(waitMs / 1000)}秒后再试`);
    }
    await tx.insert(phoneCodes).values({
      phone,
      purpose,
      codeHash: codeHash(phone, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  if (deliver) await deps.sms.send({ cmpId, phone, content: codeText(code) });
}

/**
 * Checks the newest code of this phone and purpose, outside any transaction: a wrong guess must stay counted even
 * when the caller's work fails (and PGlite has one connection, so a nested write would wait on the caller).
 * Callers validate the rest of their input first, so a consumed code is not wasted on a refusal.
 */
export async function checkCode(
  deps: AppDeps,
  input: {
    phone: string;
    purpose: CodePurpose;
    code: string;
    consume: boolean;
    /** Runs on a wrong code, before the refusal (sign-in codes count toward the account's lock). */
    onWrong?: () => Promise<void>;
  },
): Promise<void> {
  const { db } = deps.database;
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, input.phone), eq(phoneCodes.purpose, input.purpose), isNull(phoneCodes.usedAt)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= deps.now().getTime()) {
    throw fieldError('Code', '验证码已过期，请重新获取');
  }
  if (row.tries >= CODE_MAX_TRIES) throw fieldError('Code', '验证码错误次数过多，请重新获取');
  if (row.codeHash !== codeHash(input.phone, input.purpose, input.code.trim())) {
    await db
      .update(phoneCodes)
      .set({ tries: row.tries + 1 })
      .where(eq(phoneCodes.id, row.id));
    await input.onWrong?.();
    const left = CODE_MAX_TRIES - row.tries - 1;
    throw fieldError('Code', left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
  if (!input.consume) return;
  const used = await db
    .update(phoneCodes)
    .set({ usedAt: deps.now() })
    .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt)))
    .returning({ id: phoneCodes.id });
  // Two requests raced for the same code: only one may use it.
  if (!used.length) throw fieldError('Code', '验证码已过期，请重新获取');
}
