import {
  type ButtonGrant,
  canButton,
  canRoute,
  findRouteByPath,
  HOME_PATH,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  REDIRECT_PREFIX,
  REDIRECT_QUERY,
} from '@linli/shared';

/** Pages reachable without a token (spec §2 public routes; /redirect lives inside the layout and needs the session). */
export const WHITE_LIST = [LOGIN_PATH, '/auth-redirect', NOT_FOUND_PATH, '/401'];

export interface GuardInput {
  /** Pathname being opened. */
  path: string;
  /** Pathname + search, kept in the login redirect. */
  fullPath: string;
  hasToken: boolean;
  /** The user's Access once GetInfo answered; null while unknown. */
  access: string[] | null;
  /** The user's button grants (GetInfo's Buttons), checked on add/edit pages. */
  buttons?: readonly ButtonGrant[];
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'load-info' };

/** /login?redirect=/a/b?x=1 — slashes stay readable, the rest is encoded. */
export function loginUrl(fullPath: string): string {
  let target = fullPath.startsWith(`${REDIRECT_PREFIX}/`) ? fullPath.slice(REDIRECT_PREFIX.length) : fullPath;
  // '/' is only a redirect to 首页, so that is the page the person asked for (spec §2: every route keeps its path).
  if (!target || target === '/') target = HOME_PATH;
  if (target.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_QUERY}=${encodeURIComponent(target).replace(/%2F/g, '/')}`;
}

const FORM_PAGE = /(add|create|edit)/i;

/**
 * The button a hidden add/edit page needs, the same key as the list's button that opens it: 'edit' when the URL
 * names a record (`?id=12`, `/edit/:id`), 'add' otherwise. Null for every other page.
 */
export function formPageButton(route: { path: string; hidden?: boolean; idParam?: boolean }, fullPath: string) {
  if (!route.hidden || !FORM_PAGE.test(route.path)) return null;
  const query = new URLSearchParams(fullPath.split('?')[1]?.split('#')[0] ?? '');
  const id = Number(query.get('id') ?? query.get('Id') ?? 0);
  return route.idParam || id > 0 ? 'edit' : 'add';
}

/** A page's title for its tab, breadcrumb and window: an add/edit page opened without an Id reads 新增…, not 编辑…. */
export function screenTitle(
  route: { path: string; title?: string; hidden?: boolean; idParam?: boolean } | undefined,
  fullPath: string,
): string | undefined {
  const title = route?.title;
  if (!route || !title?.startsWith('编辑') || formPageButton(route, fullPath) !== 'add') return title;
  return `新增${title.slice(2)}`;
}

/**
 * The navigation rules of spec §2 as one pure function; the router loader only executes its decision.
 * Known routes the user may not open go to /401; paths the catalog does not know, and fee report pages outside the
 * user's Access, go to /404.
 */
/** The fee report pages (hidden children of 收费报表 and the synthetical and chart reports). */
const isReportPath = (path: string) => /^\/chargemanage\/(chargerec|synthetical|charts)\//.test(path);

export function decide({ path, fullPath, hasToken, access, buttons }: GuardInput): GuardDecision {
  const isPublic = WHITE_LIST.includes(path);
  if (!hasToken) return isPublic ? { kind: 'allow' } : { kind: 'redirect', to: loginUrl(fullPath) };
  if (path === LOGIN_PATH) return { kind: 'redirect', to: '/' };
  if (path === '/') return { kind: 'redirect', to: HOME_PATH };
  if (isPublic) return { kind: 'allow' };
  if (!access) return { kind: 'load-info' };
  if (path === REDIRECT_PREFIX || path.startsWith(`${REDIRECT_PREFIX}/`)) return { kind: 'allow' };
  const route = findRouteByPath(path);
  if (!route) return { kind: 'redirect', to: NOT_FOUND_PATH };
  // A report page outside the Access is not in the user's console at all (domain/fee-reports.md: /404); a menu
  // screen he can see exists answers /401.
  if (!canRoute(route, access))
    return { kind: 'redirect', to: route.hidden && isReportPath(path) ? NOT_FOUND_PATH : '/401' };
  // A read-only position must not reach a form whose 保存 the server will refuse.
  const button = formPageButton(route, fullPath);
  if (button && !canButton(route, button, buttons ?? [])) return { kind: 'redirect', to: '/401' };
  if (route.redirect && route.redirect !== path) return { kind: 'redirect', to: route.redirect };
  return { kind: 'allow' };
}
