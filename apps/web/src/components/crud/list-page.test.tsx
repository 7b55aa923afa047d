import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '../../test/render';
import { useUserStore } from '../../app/stores/user-store';
import type { UserInfo } from '@linli/shared';
import { ListPage } from './list-page';
import type { CrudColumn, ListParams } from './types';

type Row = { Id: number; Name: string; PayMoney: number };
const columns: CrudColumn<Row>[] = [
  { title: '名称', dataIndex: 'Name' },
  { title: '实收金额', dataIndex: 'PayMoney' },
];

beforeAll(stubAntdDom);

function renderList(fetch: (p: ListParams) => Promise<{ data: Row[]; count?: number; countMore?: boolean }>) {
  return renderWithProviders(
    <ListPage<Row>
      resource="test"
      fetch={fetch}
      columns={columns}
      searchFields={[{ name: 'Keyword', label: '关键字' }]}
    />,
    { path: '/housemanage/communitylist' },
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

  it('查询 reloads even when the filters did not change, and a new keyword asks again from page 1', async () => {
    const fetch = vi.fn(async () => ({ data: [{ Id: 1, Name: '阳光花园', PayMoney: 1 }], count: 1 }));
    renderList(fetch);
    await screen.findByText('阳光花园');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: '翠湖' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ PgIndex: 1, PgSize: 20, Keyword: '翠湖' }));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('shows a capped count as 10000+ and asks for the full count of the same filter on 统计总数', async () => {
    const fetch = vi.fn(async (p: ListParams) =>
      p.ExactCount === 1
        ? { data: [{ Id: 1, Name: '阳光花园', PayMoney: 1 }], count: 123456 }
        : { data: [{ Id: 1, Name: '阳光花园', PayMoney: 1 }], count: 10000, countMore: true },
    );
    renderList(fetch);
    expect(await screen.findByText(/共 10000\+ 条/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '统计总数' }));
    expect(await screen.findByText('共 123456 条')).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith({ PgIndex: 1, PgSize: 20, ExactCount: 1 });
    // A new filter is counted up to the cap again.
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: '翠湖' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ PgIndex: 1, PgSize: 20, Keyword: '翠湖' }));
  });

  it('shows the empty state', async () => {
    renderList(async () => ({ data: [], count: 0 }));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});

describe('ListPage row selection', () => {
  const grant = (Btn: string) =>
    useUserStore.setState({ info: { Buttons: [{ CtlName: 'fcgl_xqgl', Btn }] } as unknown as UserInfo });
  const renderSelectable = () =>
    renderWithProviders(
      <ListPage<Row>
        resource="test"
        fetch={async () => ({ data: [{ Id: 1, Name: '阳光花园', PayMoney: 1 }], count: 1 })}
        columns={columns}
        selectable={['edit']}
      />,
      { path: '/housemanage/communitylist' },
    );

  it('shows no row checkboxes to a position without the batch action', async () => {
    grant('view,export');
    renderSelectable();
    await screen.findByText('阳光花园');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('shows them when the position holds the batch action', async () => {
    grant('view,edit');
    renderSelectable();
    await screen.findByText('阳光花园');
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0);
  });
});
