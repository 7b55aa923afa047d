import { create } from 'zustand';
import { addView, type CloseResult, closeAll, closeOthers, closeView, type TagView } from '../tags-logic';

interface TagsState {
  views: TagView[];
  /** Bumped per path by 刷新 so that the kept-alive page is mounted afresh. */
  refreshNonce: Record<string, number>;
  add(view: TagView): void;
  close(path: string, activePath: string): CloseResult;
  closeOthers(path: string, activePath: string): CloseResult;
  closeAll(activePath: string): CloseResult;
  refresh(path: string): void;
  /** Logout and token reset close every tab, fixed ones included (they come back from the catalog on next login). */
  reset(affixViews?: TagView[]): void;
}

const SESSION_KEY = 'linli-tags';

/** Tabs survive a page reload (F5) within the browser tab, like the rest of the session. */
function restore(): TagView[] {
  try {
    const views = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '[]');
    return Array.isArray(views) ? views : [];
  } catch {
    return [];
  }
}

export const useTagsStore = create<TagsState>((set, get) => {
  const apply = (result: CloseResult) => {
    set({ views: result.views });
    return result;
  };
  return {
    views: restore(),
    refreshNonce: {},
    add: (view) => set({ views: addView(get().views, view) }),
    close: (path, activePath) => apply(closeView(get().views, path, activePath)),
    closeOthers: (path, activePath) => apply(closeOthers(get().views, path, activePath)),
    closeAll: (activePath) => apply(closeAll(get().views, activePath)),
    refresh: (path) => set({ refreshNonce: { ...get().refreshNonce, [path]: (get().refreshNonce[path] ?? 0) + 1 } }),
    reset: (affixViews = []) => set({ views: affixViews, refreshNonce: {} }),
  };
});

useTagsStore.subscribe((state, previous) => {
  if (state.views !== previous.views) sessionStorage.setItem(SESSION_KEY, JSON.stringify(state.views));
});
