import {
  COOKIE_SIDEBAR_STATUS,
  COOKIE_SIZE,
  DEFAULT_SIZE,
  SIZE_OPTIONS,
  THEME_COLOR,
  type UiSize,
} from '@linli/shared';
import Cookies from 'js-cookie';
import { create } from 'zustand';

export type Device = 'desktop' | 'mobile';
export type { UiSize };

const LOCAL_KEY = 'linli-settings';

/** Layout preferences the settings panel edits; kept in localStorage (the spec only puts size and sidebar in cookies). */
interface PanelSettings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  /** Record render errors in the error store (spec §8: depends on a setting). */
  errorLog: boolean;
}

interface SettingsState extends PanelSettings {
  sidebarOpened: boolean;
  /** Collapsing because of a resize should not animate. */
  withoutAnimation: boolean;
  device: Device;
  size: UiSize;
  /** Running inside the desktop host shell: no sidebar, no top bar. */
  embedded: boolean;
  pageSize: number;
  sound: boolean;
  defaultCommunityId: number | null;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
  setSize(size: UiSize): void;
  setEmbedded(embedded: boolean): void;
  change<K extends keyof PanelSettings>(key: K, value: PanelSettings[K]): void;
  applyCustom(custom: Partial<Pick<SettingsState, 'pageSize' | 'sound' | 'defaultCommunityId' | 'tagsView'>>): void;
}

const defaults: PanelSettings = {
  theme: THEME_COLOR,
  showSettings: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  errorLog: true,
};

function readPanel(): PanelSettings {
  try {
    return { ...defaults, ...JSON.parse(localStorage.getItem(LOCAL_KEY) ?? '{}') };
  } catch {
    return defaults;
  }
}

export function isUiSize(value: unknown): value is UiSize {
  return SIZE_OPTIONS.some((o) => o.value === value);
}

function readSize(): UiSize {
  const size = Cookies.get(COOKIE_SIZE);
  return isUiSize(size) ? size : DEFAULT_SIZE;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...readPanel(),
  // A missing cookie means the sidebar was never closed.
  sidebarOpened: Cookies.get(COOKIE_SIDEBAR_STATUS) !== '0',
  withoutAnimation: false,
  device: 'desktop',
  size: readSize(),
  embedded: false,
  pageSize: 20,
  sound: true,
  defaultCommunityId: null,
  toggleSidebar: () => {
    const opened = !get().sidebarOpened;
    Cookies.set(COOKIE_SIDEBAR_STATUS, opened ? '1' : '0');
    set({ sidebarOpened: opened, withoutAnimation: false });
  },
  closeSidebar: (withoutAnimation) => {
    Cookies.set(COOKIE_SIDEBAR_STATUS, '0');
    set({ sidebarOpened: false, withoutAnimation });
  },
  setDevice: (device) => set({ device }),
  setSize: (size) => {
    Cookies.set(COOKIE_SIZE, size);
    set({ size });
  },
  setEmbedded: (embedded) => set({ embedded }),
  change: (key, value) => {
    set({ [key]: value } as Partial<SettingsState>);
    const { theme, showSettings, tagsView, fixedHeader, sidebarLogo, errorLog } = get();
    localStorage.setItem(
      LOCAL_KEY,
      JSON.stringify({ theme, showSettings, tagsView, fixedHeader, sidebarLogo, errorLog }),
    );
  },
  applyCustom: (custom) => set(custom),
}));
