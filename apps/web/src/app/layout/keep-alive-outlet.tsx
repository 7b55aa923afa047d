import { findRouteByPath, REDIRECT_PREFIX } from '@linli/shared';
import { type ReactElement, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router';
import { PageErrorBoundary } from '../error-boundary';
import { useSettingsStore } from '../stores/settings-store';
import { useTagsStore } from '../stores/tags-store';

interface Cached {
  element: ReactElement | null;
  location: Location;
}

function isKeepAlive(path: string): boolean {
  return findRouteByPath(path)?.keepAlive === true;
}

/**
 * Pages keep their state (filters, page number, scroll) while their tab is open: every open tab's page stays
 * mounted and hidden. Each one sees the location it was opened with, so a hidden list does not react to the URL of
 * the page in front. Routes flagged keepAlive (/news/index) are kept even after their tab is closed.
 * 刷新 bumps the tab's nonce, which remounts the page.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const views = useTagsStore((s) => s.views);
  const nonce = useTagsStore((s) => s.refreshNonce);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const cache = useRef(new Map<string, Cached>());
  const active = location.pathname;
  const redirecting = active === REDIRECT_PREFIX || active.startsWith(`${REDIRECT_PREFIX}/`);

  if (!redirecting) cache.current.set(active, { element: outlet, location });
  for (const path of cache.current.keys()) {
    const open = tagsView && views.some((v) => v.path === path);
    if (path !== active && !open && !isKeepAlive(path)) cache.current.delete(path);
  }

  return (
    <>
      {[...cache.current].map(([path, entry]) => (
        <div key={`${path}#${nonce[path] ?? 0}`} className="page-view" hidden={path !== active}>
          <LocationContext.Provider value={{ location: entry.location, navigationType }}>
            <PageErrorBoundary>{entry.element}</PageErrorBoundary>
          </LocationContext.Provider>
        </div>
      ))}
      {redirecting && outlet}
    </>
  );
}
