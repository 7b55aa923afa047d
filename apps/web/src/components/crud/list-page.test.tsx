import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ListPage } from './list-page';
import type { CrudColumn, ListParams } from './types';

type Row = { Id: number; Name: string; PayMoney: number };
const columns: CrudColumn<Row>[] = [
  { title: '名称', dataIndex: 'Name' },
  { title: '实收金额', dataIndex: 'PayMoney' },
];

beforeAll(() => {
  // jsdom does not implement pseudo-element styles, which antd's scrollbar measuring asks for.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
  // antd's responsive helpers need matchMedia, which jsdom lacks.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

function renderList(fetch: (p: ListParams) => Promise<{ data: Row[]; count?: number }>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/housemanage/communitylist']}>
        <ListPage<Row>
          resource="test"
          fetch={fetch}
          columns={columns}
          searchFields={[{ name: 'Keyword', label: '关键字' }]}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ListPage', () => {
  it('asks for the first page and shows the rows with money in 2 decimals and the total', async () => {
    const fetch = vi.fn(async () => ({ data: [{ Id: 1, Name: '阳光花园', PayMoney: 12.5 }], count: 41 }));
    renderList(fetch);
    expect(await screen.findByText('阳光花园')).toBeInTheDocument();
    expect(screen.getByText('12.50')).toBeInTheDocument();
    expect(screen.getByText('共 41 条')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith({ PgIndex: 1, PgSize: 20 });
  });

  it('shows the error state with a retry when the list fails', async () => {
    renderList(async () => {
      throw new Error('boom');
    });
    await waitFor(() => expect(screen.getByText('加载失败')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderList(async () => ({ data: [], count: 0 }));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});
