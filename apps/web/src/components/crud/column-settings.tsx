import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import { columnKey } from './list-logic';
import type { CrudColumn } from './types';

/** 列设置: tick the columns to show; 重置 brings back the declared set. */
export function ColumnSettings<T>({
  columns,
  hidden,
  onChange,
  onReset,
}: {
  columns: readonly CrudColumn<T>[];
  hidden: ReadonlySet<string>;
  onChange(hidden: Set<string>): void;
  onReset(): void;
}) {
  const hideable = columns.filter((c) => c.hideable !== false);
  const content = (
    <Space orientation="vertical" size={4} className="crud-column-settings">
      {hideable.map((c) => {
        const key = columnKey(c);
        return (
          <Checkbox
            key={key}
            checked={!hidden.has(key)}
            onChange={(e) => {
              const next = new Set(hidden);
              if (e.target.checked) next.delete(key);
              else next.add(key);
              onChange(next);
            }}
          >
            {c.title}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" onClick={onReset} style={{ padding: 0 }}>
        重置
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="列设置" content={content}>
      <Tooltip title="列设置">
        <Button icon={<SettingOutlined />} aria-label="列设置" />
      </Tooltip>
    </Popover>
  );
}
