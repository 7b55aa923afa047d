import { appRoutes, findRouteByPath, flattenRoutes, REDIRECT_PREFIX, SIDEBAR_WIDTH, TAB_NO_NAME } from '@linli/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { screenTitle } from '../guard';
import { refreshMessageCount } from '../session';
import { useSettingsStore } from '../stores/settings-store';
import { useTagsStore } from '../stores/tags-store';
import type { TagView } from '../tags-logic';
import { ConfirmHost } from './confirm-host';
import { FeedbackDialog } from './feedback-dialog';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { Navbar } from './navbar';
import { ReminderPopup } from './reminder-popup';
import { SettingsPanel } from './settings-panel';
import { Sidebar, SidebarLogo, SidebarMenu } from './sidebar';
import { TagsView } from './tags-view';
import { useResponsive } from './use-responsive';
import './layout.css';

// Dates only appear in the signed-in screens; the login page does not download dayjs's locale.
dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** The pinned tabs (首页) come from the catalog's affix flag. */
const affixViews: TagView[] = flattenRoutes(appRoutes)
  .filter(({ node }) => node.affix)
  .map(({ node, fullPath }) => ({ path: fullPath, fullPath, title: node.title ?? TAB_NO_NAME, affix: true }));

/** Every navigation: open (or update) its tab and refresh the unread count (spec §2). */
function useTrackNavigation(): void {
  const { pathname, search } = useLocation();
  const add = useTagsStore((s) => s.add);
  useEffect(() => {
    for (const view of affixViews) add(view);
  }, [add]);
  useEffect(() => {
    if (pathname.startsWith(REDIRECT_PREFIX)) return;
    const route = findRouteByPath(pathname);
    const fullPath = pathname + search;
    add({ path: pathname, fullPath, title: screenTitle(route, fullPath) || TAB_NO_NAME, affix: route?.affix });
    void refreshMessageCount();
  }, [pathname, search, add]);
}

export function Layout() {
  useResponsive();
  useTrackNavigation();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { device, sidebarOpened, withoutAnimation, embedded, tagsView, fixedHeader, closeSidebar } = useSettingsStore();
  const mobile = device === 'mobile';

  const classes = [
    'app-wrapper',
    sidebarOpened ? 'is-open' : 'is-collapsed',
    mobile ? 'is-mobile' : '',
    withoutAnimation ? 'no-animation' : '',
    embedded ? 'is-embedded' : '',
    fixedHeader ? 'has-fixed-header' : '',
  ];

  return (
    <QueryClientProvider client={queryClient}>
      <div className={classes.filter(Boolean).join(' ')}>
        {!embedded && !mobile && <Sidebar />}
        {!embedded && mobile && (
          <Drawer
            placement="left"
            open={sidebarOpened}
            onClose={() => closeSidebar(false)}
            size={SIDEBAR_WIDTH}
            closable={false}
            className="sidebar-drawer"
            styles={{ body: { padding: 0 } }}
          >
            <SidebarLogo collapsed={false} />
            <SidebarMenu collapsed={false} onNavigate={() => closeSidebar(false)} />
          </Drawer>
        )}
        <div className="main-container">
          {!embedded && (
            <div className="app-header">
              <Navbar onFeedback={() => setFeedbackOpen(true)} onSettings={() => setSettingsOpen(true)} />
              {tagsView && <TagsView />}
            </div>
          )}
          <main className="app-main">
            <KeepAliveOutlet />
          </main>
        </div>
        <ConfirmHost />
        <ReminderPopup />
        <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
        <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </div>
    </QueryClientProvider>
  );
}
