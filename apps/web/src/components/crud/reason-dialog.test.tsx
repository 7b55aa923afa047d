import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/request';
import { stubAntdDom } from '../../test/render';
import { ReasonDialog, type ReasonDialogProps } from './reason-dialog';

beforeAll(stubAntdDom);

function open(props: Partial<ReasonDialogProps> = {}) {
  const onSubmit = vi.fn(async (_reason: string, _values: Record<string, string>) => undefined);
  const onClose = vi.fn();
  render(<ReasonDialog open title="作废收款 R001" onSubmit={onSubmit} onClose={onClose} {...props} />);
  return { onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit, onClose };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

describe('ReasonDialog', () => {
  it('asks for the reason before anything is sent, blank counting as none', async () => {
    const { onSubmit, onClose } = open({ label: '作废原因' });
    type('作废原因', '   ');
    ok();
    expect(await screen.findByText('请输入作废原因')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a reason over 200 characters', async () => {
    const { onSubmit } = open();
    type('原因', 'x'.repeat(201));
    ok();
    expect(await screen.findByText('原因不能超过200个字符')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says the range when a minimum length is set', async () => {
    const { onSubmit } = open({ label: '退款原因', minLength: 4 });
    type('退款原因', ' 收错 ');
    ok();
    expect(await screen.findByText('退款原因需为4-200个字符')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('passes the trimmed reason and the extra field, then closes', async () => {
    const { onSubmit, onClose } = open({ extra: { name: 'NewCardNo', label: '新卡号' } });
    type('新卡号', 'A1234');
    type('原因', '  卡片损坏  ');
    ok();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith('卡片损坏', expect.objectContaining({ NewCardNo: 'A1234' }));
  });

  it('lets an optional reason be left out', async () => {
    const { onSubmit, onClose } = open({ required: false });
    ok();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith('', expect.any(Object));
  });

  it('stays open with the server field error on the reason', async () => {
    const refuse = vi.fn(async () => {
      throw new ApiError('参数错误', 400, 'ret', { Errors: { Reason: '请输入开闸原因' } });
    });
    const { onClose } = open({ onSubmit: refuse });
    type('原因', '访客');
    ok();
    expect(await screen.findByText('请输入开闸原因')).toBeInTheDocument();
    expect(refuse).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancel closes without sending', () => {
    const { onSubmit, onClose } = open();
    type('原因', '不用了');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消|Cancel/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
