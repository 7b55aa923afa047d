import { findRouteByPath, pageTitle } from '@linli/shared';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { appConfig } from '../config';
import { screenTitle } from './guard';
import { useUserStore } from './stores/user-store';

NProgress.configure({ showSpinner: false });
// The first navigation (guard + GetInfo) happens before Root can render: the bar starts here.
NProgress.start();

/** Top of the route tree: navigation progress bar and `<route title> - <site title>` page titles. */
export function Root() {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const siteTitle = useUserStore((s) => s.info?.SiteTitle) || appConfig.siteTitle;

  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  useEffect(() => {
    document.title = pageTitle(screenTitle(findRouteByPath(pathname), pathname + search), siteTitle);
  }, [pathname, search, siteTitle]);

  return <Outlet />;
}
