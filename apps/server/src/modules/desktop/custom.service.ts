import { zFlag } from '@linli/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { userCustom } from '../../db/schema';
import type { AppDeps } from '../../deps';

const bool = (def: boolean) => z.preprocess((v) => (v === undefined || v === '' ? def : v), zFlag());

export const customPrefs = z.object({
  Size: z.preprocess((v) => v || 'medium', z.enum(['medium', 'default', 'small', 'mini'], '字体大小不正确')),
  PageSize: z.preprocess(
    (v) => Number(v || 20),
    z.union([z.literal(10), z.literal(20), z.literal(50), z.literal(100)], '每页条数不正确'),
  ),
  TagsView: bool(true),
  SidebarOpened: bool(true),
  Sound: bool(true),
  DefaultCommunityId: z.preprocess((v) => Number(v || 0), z.number().int().min(0, '默认小区不正确')),
});
export type CustomPrefs = z.infer<typeof customPrefs>;

export const DEFAULT_PREFS: CustomPrefs = customPrefs.parse({});

export async function getCustom(deps: AppDeps, auth: Auth): Promise<CustomPrefs> {
  const [row] = await deps.database.db.select().from(userCustom).where(eq(userCustom.userId, auth.userId));
  const parsed = customPrefs.safeParse(row?.prefs ?? {});
  return parsed.success ? parsed.data : DEFAULT_PREFS;
}

export async function saveCustom(deps: AppDeps, auth: Auth, prefs: CustomPrefs) {
  await deps.database.db
    .insert(userCustom)
    .values({ userId: auth.userId, prefs, updatedAt: deps.now() })
    .onConflictDoUpdate({ target: userCustom.userId, set: { prefs, updatedAt: deps.now() } });
  return prefs;
}
