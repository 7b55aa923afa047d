import type { UserInfo } from '@linli/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../app/stores/user-store';
import { type ConfirmOptions, setUiBridge } from '../../app/ui-bridge';
import { renderWithProviders, stubAntdDom } from '../../test/render';
import { type RowAction, RowActions } from './row-actions';

type Row = { Id: number; Name: string; Closed: boolean };
const row: Row = { Id: 7, Name: '阳光花园', Closed: false };
const confirm = vi.fn((o: ConfirmOptions) => o.onOk());

beforeAll(() => {
  stubAntdDom();
  setUiBridge({ confirm, toast: () => undefined });
});
afterAll(() => setUiBridge(null));

/** 小区管理's control grants edit and del here, not export. */
beforeEach(() => {
  const info = { Access: ['fcgl', 'fcgl_xqgl'], Buttons: [{ CtlName: 'fcgl_xqgl', Btn: 'edit,del' }] } as UserInfo;
  useUserStore.getState().setInfo(info, []);
  confirm.mockClear();
});

function renderActions(actions: RowAction<Row>[], inline?: number) {
  return renderWithProviders(<RowActions row={row} actions={actions} inline={inline} />, {
    path: '/housemanage/communitylist',
  });
}

const spy = () => vi.fn(async () => undefined);

describe('RowActions', () => {
  it('shows the first N allowed actions inline and the rest under 更多', async () => {
    const [a, b, c, d, e] = [spy(), spy(), spy(), spy(), spy()];
    renderActions(
      [
        { label: '编辑', btn: 'edit', onClick: a },
        { label: '楼宇', onClick: b },
        { label: '房态图', onClick: c },
        { label: '导出', btn: 'export', onClick: d },
        { label: '复制', onClick: e },
        { label: '停用', onClick: e },
      ],
      2,
    );
    expect(screen.getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '楼宇' })).toBeInTheDocument();
    // 导出 needs a key this user lacks: it is neither inline nor in the menu.
    expect(screen.queryByRole('button', { name: '房态图' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /更多/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['房态图', '复制', '停用']);
    fireEvent.click(screen.getByRole('menuitem', { name: '房态图' }));
    await waitFor(() => expect(c).toHaveBeenCalledWith(row));
    expect(d).not.toHaveBeenCalled();
  });

  it('hides actions without their button key and those whose hidden() says so, then needs no 更多', () => {
    renderActions([
      { label: '编辑', btn: 'edit', onClick: spy() },
      { label: '导出', btn: 'export', onClick: spy() },
      { label: '重新打开', hidden: (r) => !r.Closed, onClick: spy() },
      { label: '删除', btn: 'del', danger: true, onClick: spy() },
    ]);
    expect(screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['编辑', '删除']);
    expect(screen.queryByText('更多')).toBeNull();
  });

  it('with one action over the limit shows it inline instead of a menu of one', () => {
    renderActions(
      [
        { label: '编辑', onClick: spy() },
        { label: '楼宇', onClick: spy() },
      ],
      1,
    );
    expect(screen.getByRole('button', { name: '楼宇' })).toBeInTheDocument();
    expect(screen.queryByText('更多')).toBeNull();
  });

  it('a destructive inline action asks first and runs only when confirmed', async () => {
    const del = spy();
    renderActions([
      { label: '删除', btn: 'del', danger: true, confirm: (r) => `确定删除小区「${r.Name}」吗？`, onClick: del },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除小区「阳光花园」吗？')).toBeInTheDocument();
    expect(del).not.toHaveBeenCalled();
    const ok = screen.getAllByRole('button', { name: /删\s*除/ }).at(-1)!;
    fireEvent.click(ok);
    await waitFor(() => expect(del).toHaveBeenCalledWith(row));
  });

  it('a destructive action from the 更多 menu asks through the confirm dialog', async () => {
    const del = spy();
    renderActions(
      [
        { label: '编辑', onClick: spy() },
        { label: '楼宇', onClick: spy() },
        { label: '删除', btn: 'del', danger: true, onClick: del },
      ],
      1,
    );
    fireEvent.click(screen.getByRole('button', { name: /更多/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '删除' }));
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '确定删除吗？', okText: '删除' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith(row));
  });
});
