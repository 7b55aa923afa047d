import { appRoutes, filterRoutes, MSG_ROLES_REQUIRED, MSG_USER_INFO_EMPTY, type UserInfo } from '@linli/shared';
import { getToken, removeToken, setToken } from './auth-token';
import { request, setReloginHandler } from './request';
import { isUiSize, useSettingsStore } from './stores/settings-store';
import { useTagsStore } from './stores/tags-store';
import { useUserStore } from './stores/user-store';

/** Sign-in, user info and sign-out (spec §4 Session). Pages and the guard call these; nothing else touches the token. */

export async function login(account: string, password: string): Promise<void> {
  const token = await request<string>('/user/Login', { UserAccount: account.trim(), UserPwd: password });
  acceptToken(token);
}

export async function loginByTel(phone: string, code: string, random: string): Promise<void> {
  const token = await request<string>('/user/LoginByTel', { Phone: phone, Code: code, Random: random });
  acceptToken(token);
}

export function acceptToken(token: string): void {
  setToken(token);
  useUserStore.getState().setToken(token);
}

/** GetInfo, then the accessible routes; throws with the spec's messages (§8) so the guard can reset and redirect. */
export async function loadUser(): Promise<UserInfo> {
  // The guard sends the user to /login on any failure here, so no login-expired dialog on top of it.
  const info = await request<UserInfo | null>('/user/GetInfo', undefined, { skipExpired: true });
  if (!info) throw new Error(MSG_USER_INFO_EMPTY);
  if (!Array.isArray(info.Access) || info.Access.length === 0) {
    throw new Error(MSG_ROLES_REQUIRED);
  }
  const routes = filterRoutes(appRoutes, info.Access);
  useUserStore.getState().setInfo(info, routes);
  void refreshMessageCount();
  void loadCustom();
  return info;
}

/** True while 切换角色 replaces the session: the old one's end is expected then, not a login-expired event. */
let switching = false;

export async function refreshMessageCount(): Promise<void> {
  if (!getToken() || switching) return;
  try {
    const count = await request<number>('/SysMessage/MessageCount', undefined, { silent: true });
    useUserStore.getState().setMessageCount(Number(count) || 0);
  } catch {
    // The badge is a hint; a failed count must not disturb the page (401 is still handled by the client).
  }
}

export interface CustomInfo {
  Size?: string;
  PageSize?: number;
  TagsView?: boolean;
  SidebarOpened?: boolean;
  Sound?: boolean;
  DefaultCommunityId?: number | null;
}

/** Personal preferences saved on the server follow the user to another browser; the size cookie wins locally. */
async function loadCustom(): Promise<void> {
  try {
    const custom = await request<CustomInfo | null>('/Custom/GetCustomInfo', undefined, { silent: true });
    if (!custom) return;
    const settings = useSettingsStore.getState();
    settings.applyCustom({
      pageSize: custom.PageSize || settings.pageSize,
      sound: custom.Sound ?? settings.sound,
      defaultCommunityId: custom.DefaultCommunityId ?? null,
    });
    if (typeof custom.TagsView === 'boolean') settings.change('tagsView', custom.TagsView);
    if (!document.cookie.includes('size=') && isUiSize(custom.Size)) settings.setSize(custom.Size);
  } catch {
    // Defaults stay in place.
  }
}

/** Clears token, roles, cookie, routes and every tab (spec §4). */
export function resetToken(): void {
  removeToken();
  useUserStore.getState().reset();
  useTagsStore.getState().reset();
}

export async function logout(): Promise<void> {
  try {
    await request('/user/Logout', undefined, { silent: true, skipExpired: true });
  } finally {
    resetToken();
  }
}

/**
 * Spec §4 change-roles, demo only: the mock's `<role>-token` becomes a sign-in as that demo account with its own
 * password; the server answers only on a demo server's demo company and ends the current session. The server's
 * refusal (wrong password, lock) is for the caller to show, so it is not toasted here.
 */
export async function changeRoles(role: string, password: string): Promise<void> {
  switching = true;
  try {
    acceptToken(await request<string>('/user/DemoSwitch', { Role: role, Password: password }, { silent: true }));
  } finally {
    switching = false;
  }
  useTagsStore.getState().reset();
  await loadUser();
}

// Spec §8: re-login from the expired dialog logs out and reloads the page (the guard then shows /login?redirect=…).
// Registered here, where the request client is first loaded, so the login page never has to load it.
setReloginHandler(async () => {
  await logout().catch(() => undefined);
  window.location.reload();
});
