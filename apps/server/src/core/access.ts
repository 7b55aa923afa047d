import { buttonKeys, DASHBOARD_KEY, roleTree } from '@linli/shared';

export interface Grants {
  access: string[];
  buttons: Map<string, Set<string>>;
}

const groupOf = new Map<string, string>(roleTree.flatMap((g) => g.children.map((c) => [c, g.key] as const)));

/**
 * The super administrator holds every catalog key and every button: built once from the catalog (it is the same for
 * every administrator's every request) and shared; nothing changes an Auth after it is made.
 */
const ADMIN_GRANTS: Grants = (() => {
  const access = Object.freeze([DASHBOARD_KEY, ...roleTree.flatMap((g) => [g.key, ...g.children])]) as string[];
  const buttons = new Map<string, Set<string>>();
  for (const [screen, keys] of Object.entries(buttonKeys)) buttons.set(screen, new Set(keys.map((k) => k.key)));
  return Object.freeze({ access, buttons });
})();

export function adminGrants(): Grants {
  return ADMIN_GRANTS;
}

/**
 * Access = `dashboard` first (so a position without screens still reaches 首页/消息/个人中心 and the client never
 * gets empty roles), then every granted screen and its group. Buttons = union over the positions.
 */
export function grantsFromRights(rights: { roleKey: string; btn: string }[]): Grants {
  const access = new Set<string>([DASHBOARD_KEY]);
  const buttons = new Map<string, Set<string>>();
  for (const r of rights) {
    access.add(r.roleKey);
    const group = groupOf.get(r.roleKey);
    if (group) access.add(group);
    const set = buttons.get(r.roleKey) ?? new Set<string>();
    for (const b of r.btn.split(',')) if (b.trim()) set.add(b.trim());
    if (groupOf.has(r.roleKey)) buttons.set(r.roleKey, set);
  }
  return { access: [...access], buttons };
}

export function buttonsPayload(buttons: Map<string, Set<string>>): { CtlName: string; Btn: string }[] {
  return [...buttons].map(([CtlName, set]) => ({ CtlName, Btn: [...set].join(',') }));
}
