import type { ComponentType } from 'react';
import * as icons from './sidebar-icon-set';

const byName: Record<string, ComponentType | undefined> = icons;

/** The catalog's icon name as an icon; an unknown name falls back to a neutral icon. */
export function RouteIcon({ name }: { name: string | undefined }) {
  if (!name) return null;
  const Icon = byName[name] ?? icons.AppstoreOutlined;
  return <Icon />;
}
