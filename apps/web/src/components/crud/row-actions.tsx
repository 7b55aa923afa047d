import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { ui } from '../../app/ui-bridge';
import { useAuth } from '../auth';

/** One row action: hidden without its button key, or when `hidden(row)`; a destructive one asks first. */
export interface RowAction<T> {
  label: string;
  /** The button key of the screen's control; omitted = everyone who sees the list. */
  btn?: string;
  danger?: boolean;
  /** The question a destructive action asks ('确定删除小区「阳光花园」吗？'); `danger` asks '确定{label}吗？'. */
  confirm?: string | ((row: T) => string);
  hidden?(row: T): boolean;
  onClick(row: T): unknown;
}

const question = <T,>(a: RowAction<T>, row: T) =>
  typeof a.confirm === 'function' ? a.confirm(row) : (a.confirm ?? (a.danger ? `确定${a.label}吗？` : undefined));

/** The actions of one row that the user may use and that apply to it, in declared order. */
export function useRowActions<T>(actions: readonly RowAction<T>[], row: T): RowAction<T>[] {
  const can = useAuth();
  return actions.filter((a) => (!a.btn || can(a.btn)) && !a.hidden?.(row));
}

/**
 * The 操作 cell: the first `inline` allowed actions as links, the rest under 更多. A question goes through a
 * Popconfirm inline and a confirm dialog from the menu; a running action shows its spinner.
 */
export function RowActions<T>({
  row,
  actions,
  inline = 3,
}: {
  row: T;
  actions: readonly RowAction<T>[];
  inline?: number;
}) {
  const allowed = useRowActions(actions, row);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (a: RowAction<T>) => {
    setBusy(a.label);
    try {
      await a.onClick(row);
    } catch {
      // Refused: the request client toasted the server's message and the row stays.
    } finally {
      setBusy(null);
    }
  };
  // With one action over the limit the menu would hold one item: show it inline instead.
  const shown = allowed.length === inline + 1 ? allowed : allowed.slice(0, inline);
  const more = allowed.slice(shown.length);

  const link = (a: RowAction<T>): ReactNode => {
    const q = question(a, row);
    const button = (
      <Button
        key={a.label}
        type="link"
        size="small"
        danger={a.danger}
        loading={busy === a.label}
        onClick={q ? undefined : () => void run(a)}
      >
        {a.label}
      </Button>
    );
    return q ? (
      <Popconfirm
        key={a.label}
        title={q}
        okText={a.label}
        okButtonProps={{ danger: a.danger }}
        cancelText="取消"
        onConfirm={() => run(a)}
      >
        {button}
      </Popconfirm>
    ) : (
      button
    );
  };
  const pick = (a: RowAction<T>) => {
    const q = question(a, row);
    if (!q) return void run(a);
    ui.confirm({ title: q, content: '', okText: a.label, cancelText: '取消', onOk: () => void run(a) });
  };

  return (
    <Space size={0} wrap className="crud-row-actions">
      {shown.map(link)}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({ key: a.label, label: a.label, danger: a.danger })),
            onClick: ({ key }) => pick(more.find((a) => a.label === key)!),
          }}
        >
          <Button type="link" size="small">
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
