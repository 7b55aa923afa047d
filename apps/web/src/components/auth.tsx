import { canButton, findRouteByPath } from '@linli/shared';
import { type ReactNode, useCallback } from 'react';
import { useLocation } from 'react-router';
import { useUserStore } from '../app/stores/user-store';

/**
 * Button permission for the current screen (spec §6): `can('add')`. Hiding a button is convenience; the server
 * enforces the same rule.
 */
export function useAuth(): (btn: string) => boolean {
  const { pathname } = useLocation();
  const buttons = useUserStore((s) => s.info?.Buttons);
  return useCallback((btn: string) => canButton(findRouteByPath(pathname), btn, buttons ?? []), [pathname, buttons]);
}

/** Renders its children only when the user holds the button key on the current screen. */
export function Auth({ btn, children, fallback = null }: { btn: string; children: ReactNode; fallback?: ReactNode }) {
  const can = useAuth();
  return <>{can(btn) ? children : fallback}</>;
}
