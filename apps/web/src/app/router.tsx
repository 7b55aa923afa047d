import { appRoutes, flattenRoutes, MSG_ROUTE_SETUP_ERROR, type RouteNode, toRouterPath } from '@linli/shared';
import { createBrowserRouter, type LoaderFunctionArgs, Navigate, type RouteObject, redirect } from 'react-router';
import { RouteErrorPage } from '../components/route-error-page';
import { getToken, setToken } from './auth-token';
import { loadChunk } from './chunk-reload';
import { decide, loginUrl } from './guard';
import { type PageLoader, pageRegistry } from './page-registry';
import { Root } from './root';
import { useSettingsStore } from './stores/settings-store';
import { useUserStore } from './stores/user-store';
import { ui } from './ui-bridge';

export interface RouteHandle {
  route: RouteNode;
}

/** The first render waits for the guard (GetInfo); nothing is shown meanwhile but the progress bar. */
function BlankWhileGuarding() {
  return null;
}

let hostChecked = false;

/** Spec §2: on the first navigation without a cookie token, ask the desktop host shell (window.hostBridge). */
function takeHostToken(): void {
  if (hostChecked) return;
  hostChecked = true;
  if (getToken() || !window.hostBridge) return;
  const token = window.hostBridge.getToken();
  if (!token) return;
  setToken(token);
  useUserStore.getState().setToken(token);
  useSettingsStore.getState().setEmbedded(true);
}

async function guardLoader({ request }: LoaderFunctionArgs) {
  takeHostToken();
  const url = new URL(request.url);
  const input = { path: url.pathname, fullPath: url.pathname + url.search, hasToken: Boolean(getToken()) };
  const known = useUserStore.getState().info;
  let decision = decide({ ...input, access: known?.Access ?? null, buttons: known?.Buttons });
  if (decision.kind === 'load-info') {
    // The session module (and axios with it) loads on the first signed-in navigation, never for the login page.
    const { loadUser, resetToken } = await loadChunk(() => import('./session'));
    try {
      const info = await loadUser();
      decision = decide({ ...input, access: info.Access, buttons: info.Buttons });
    } catch (error) {
      // Spec §4: route setup failure → error shown, token reset, back to login with the redirect.
      const message = error instanceof Error && error.message ? error.message : MSG_ROUTE_SETUP_ERROR;
      if (!(error as { kind?: string }).kind) ui.toast('error', message);
      resetToken();
      throw redirect(loginUrl(input.fullPath));
    }
  }
  if (decision.kind === 'redirect') throw redirect(decision.to);
  return null;
}

function page(load: PageLoader | undefined, built: boolean | undefined): RouteObject['lazy'] {
  return async () => {
    if (!load || built === false)
      return { Component: (await loadChunk(() => import('../components/under-construction'))).default };
    return { Component: (await loadChunk(load)).default };
  };
}

const corePages: Record<string, PageLoader> = {
  '/login': () => import('../modules/account/login-page'),
  '/auth-redirect': () => import('../components/auth-redirect'),
  '/404': () => import('../components/not-found'),
  '/401': () => import('../components/unauthorized'),
};

/** Every catalog screen becomes a child of the layout; groups only redirect (the guard sends them to their default child). */
function screenRoutes(): RouteObject[] {
  return flattenRoutes(appRoutes)
    .filter(({ node, fullPath }) => !node.external && fullPath !== '/')
    .map(({ node, fullPath }) => ({
      path: toRouterPath(fullPath),
      handle: { route: node } satisfies RouteHandle,
      lazy: page(pageRegistry[fullPath], node.built),
    }));
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: Root,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: BlankWhileGuarding,
      loader: guardLoader,
      // The guard must run on every navigation, not only when params change.
      shouldRevalidate: () => true,
      children: [
        ...Object.entries(corePages).map(([path, load]) => ({ path, lazy: page(load, true) })),
        {
          id: 'layout',
          lazy: async () => ({ Component: (await loadChunk(() => import('./layout/layout'))).Layout }),
          children: [
            {
              path: '/redirect/*',
              lazy: async () => ({ Component: (await loadChunk(() => import('../components/redirect-page'))).default }),
            },
            ...screenRoutes(),
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
