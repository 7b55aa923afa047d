import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubAntdDom } from '../../test/render';
import { DemoSwitchDialog } from './demo-switch-dialog';

beforeAll(stubAntdDom);

const submit = () => fireEvent.click(screen.getByRole('button', { name: /切\s*换/ }));

// The first antd modal rendered in jsdom takes seconds on a busy machine.
describe('切换角色 dialog', { timeout: 20_000 }, () => {
  it("asks for the chosen account's own password and closes once the switch succeeds", async () => {
    const onSwitch = vi.fn(async () => undefined);
    const onClose = vi.fn();
    render(<DemoSwitchDialog role="cashier" onClose={onClose} onSwitch={onSwitch} />);
    submit();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(onSwitch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('cashier 的密码'), { target: { value: 'Cashier@123' } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSwitch).toHaveBeenCalledWith('cashier', 'Cashier@123');
  });

  it("shows the server's refusal under the password and stays open", async () => {
    const onSwitch = vi.fn(async () => {
      throw new Error('账号或密码错误，还可尝试4次');
    });
    const onClose = vi.fn();
    render(<DemoSwitchDialog role="admin" onClose={onClose} onSwitch={onSwitch} />);
    fireEvent.change(screen.getByLabelText('admin 的密码'), { target: { value: 'guess-123' } });
    submit();
    expect(await screen.findByText('账号或密码错误，还可尝试4次')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
