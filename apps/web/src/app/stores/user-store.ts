import type { RouteNode, UserInfo } from '@linli/shared';
import { create } from 'zustand';

/** Client session state (spec §3): token, name, avatar, introduction, roles, messageCount, wsHidden, CmpId, showButton. */
interface UserState {
  token: string | undefined;
  info: UserInfo | null;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  messageCount: number;
  wsHidden: boolean;
  cmpId: number | null;
  showButton: boolean;
  /** The catalog filtered by the user's Access: what the sidebar shows. */
  routes: RouteNode[];
  setToken(token: string | undefined): void;
  setInfo(info: UserInfo, routes: RouteNode[]): void;
  patchInfo(patch: Partial<UserInfo>): void;
  setMessageCount(count: number): void;
  reset(): void;
}

const empty = {
  token: undefined,
  info: null,
  name: '',
  avatar: '',
  introduction: '',
  roles: [],
  messageCount: 0,
  wsHidden: false,
  cmpId: null,
  showButton: false,
  routes: [],
};

export const useUserStore = create<UserState>((set, get) => ({
  ...empty,
  setToken: (token) => set({ token }),
  setInfo: (info, routes) =>
    set({
      info,
      name: info.UserName ?? '',
      avatar: info.Logo ?? '',
      introduction: info.DptName ?? '',
      roles: info.Access ?? [],
      cmpId: info.CmpId ?? null,
      showButton: (info.Buttons?.length ?? 0) > 0,
      routes,
    }),
  patchInfo: (patch) => {
    const info = get().info;
    if (!info) return;
    const next = { ...info, ...patch };
    set({ info: next, name: next.UserName ?? '', avatar: next.Logo ?? '' });
  },
  setMessageCount: (messageCount) => set({ messageCount }),
  reset: () => set(empty),
}));
