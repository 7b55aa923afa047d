import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAntdDom } from '../../test/render';
import { useTagsStore } from '../stores/tags-store';
import { TagsView } from './tags-view';

beforeAll(stubAntdDom);

describe('TagsView', () => {
  it('lists every open tab under 全部标签页, also those scrolled out of the strip', async () => {
    const views = Array.from({ length: 30 }, (_, i) => ({
      path: `/p${i}`,
      fullPath: `/p${i}?x=1`,
      title: `页面${i}`,
    }));
    useTagsStore.setState({ views });
    renderWithProviders(<TagsView />, { path: '/p0' });
    fireEvent.click(screen.getByRole('button', { name: '全部标签页' }));
    expect(await screen.findByRole('menuitem', { name: '页面29' })).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem')).toHaveLength(30);
  });

  it("刷新 remounts the tab's page whether or not it is in front, and shows it", async () => {
    const views = [
      { path: '/dashboard', fullPath: '/dashboard', title: '首页', affix: true },
      { path: '/a', fullPath: '/a', title: '甲页' },
      { path: '/b', fullPath: '/b?x=1', title: '乙页' },
    ];
    useTagsStore.setState({ views, refreshNonce: {} });
    function Where() {
      const { pathname, search } = useLocation();
      return <output aria-label="地址">{pathname + search}</output>;
    }
    renderWithProviders(
      <>
        <TagsView />
        <Where />
      </>,
      { path: '/a' },
    );
    const refreshTab = async (title: string) => {
      fireEvent.contextMenu(screen.getByRole('tab', { name: title }));
      const items = await screen.findAllByRole('menuitem', { name: '刷新' });
      fireEvent.click(items[items.length - 1]!);
    };
    await refreshTab('乙页');
    expect(useTagsStore.getState().refreshNonce['/b']).toBe(1);
    await waitFor(() => expect(screen.getByLabelText('地址')).toHaveTextContent('/b?x=1'));
    await refreshTab('乙页');
    expect(useTagsStore.getState().refreshNonce['/b']).toBe(2);
    // In front: through /redirect, which re-opens the page in place.
    await waitFor(() => expect(screen.getByLabelText('地址')).toHaveTextContent('/redirect/b?x=1'));
  });
});
