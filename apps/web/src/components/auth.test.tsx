import type { UserInfo } from '@linli/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../app/stores/user-store';
import { Auth } from './auth';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Auth btn="pay">
        <button type="button">收款</button>
      </Auth>
      <Auth btn="discount" fallback={<span>无减免权限</span>}>
        <button type="button">减免</button>
      </Auth>
    </MemoryRouter>,
  );
}

describe('<Auth>', () => {
  beforeEach(() => {
    const info = { Access: ['sfgl', 'sfgl_jft'], Buttons: [{ CtlName: 'sfgl_jft', Btn: 'add,pay' }] } as UserInfo;
    useUserStore.getState().setInfo(info, []);
  });

  it("shows a button whose key is in the screen's control list, hides the others", () => {
    renderAt('/chargemanage/paycost');
    expect(screen.getByRole('button', { name: '收款' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '减免' })).toBeNull();
    expect(screen.getByText('无减免权限')).toBeInTheDocument();
  });

  it('uses the control of the screen being shown', () => {
    renderAt('/chargemanage/payrec');
    expect(screen.queryByRole('button', { name: '收款' })).toBeNull();
  });
});
