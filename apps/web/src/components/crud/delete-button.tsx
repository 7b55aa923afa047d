import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { invalidateAfterWrite } from '../../app/query-deps';
import { ui } from '../../app/ui-bridge';
import { Auth } from '../auth';

/**
 * 删除 with a confirm. The server's refusal ('该部门下还有员工，不能删除') is toasted by the request client and the row
 * stays; a success invalidates the resource.
 */
export function DeleteButton({
  onDelete,
  resource,
  title = '确定删除吗？',
  description,
  label = '删除',
  btn = 'del',
  onDeleted,
  successText = '删除成功',
}: {
  onDelete(): Promise<unknown>;
  resource?: string;
  title?: ReactNode;
  description?: ReactNode;
  label?: string;
  btn?: string;
  onDeleted?(): void;
  successText?: string;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onDelete();
      ui.toast('success', successText);
      if (resource) await invalidateAfterWrite(queryClient, resource);
      onDeleted?.();
    } catch {
      // Refused: the request client showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Auth btn={btn}>
      <Popconfirm
        title={title}
        description={description}
        okText="删除"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onConfirm={run}
      >
        <Button type="link" danger size="small" loading={busy}>
          {label}
        </Button>
      </Popconfirm>
    </Auth>
  );
}
