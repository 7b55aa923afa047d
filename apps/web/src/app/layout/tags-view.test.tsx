import { fireEvent, screen } from '@testing-library/react';
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
});
