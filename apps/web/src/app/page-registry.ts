import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * Each module folder declares, in its pages.ts, which catalog paths it implements: `{ '/housemanage/buildinglist':
 * () => import('./buildings') }`. The catalog stays the only route list; this only says where a screen's code is.
 * The glob is eager because pages.ts files hold nothing but those lazy imports.
 */
const declared = import.meta.glob<{ pages: Record<string, PageLoader> }>('../modules/*/pages.ts', { eager: true });

export const pageRegistry: Record<string, PageLoader> = Object.assign(
  {},
  ...Object.values(declared).map((m) => m.pages),
);
