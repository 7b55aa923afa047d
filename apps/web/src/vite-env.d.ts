/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1' turns on the demo-only change-roles action (spec §4). */
  readonly VITE_SITE_TITLE?: string;
  readonly VITE_STAFF_APP_URL?: string;
  readonly VITE_OWNER_APP_URL?: string;
  readonly VITE_HELP_URL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_SUPPORT_CHAT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/**
 * The desktop host shell (an Electron/CEF wrapper) injects this object before the page loads.
 * getToken() returns the session token it already holds, or an empty value when the user must sign in.
 */
interface HostBridge {
  getToken(): string | null | undefined;
}

interface Window {
  hostBridge?: HostBridge;
}
