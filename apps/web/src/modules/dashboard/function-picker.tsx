import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, HolderOutlined } from '@ant-design/icons';
import { findRouteByPath } from '@linli/shared';
import { Button, Empty, Modal, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ui } from '../../app/ui-bridge';
import { type FunctionEntry, MAX_OFTEN_FUNCTIONS, MSG_TOO_MANY_FUNCTIONS } from './api';

interface Props {
  open: boolean;
  options: FunctionEntry[];
  selected: FunctionEntry[];
  saving: boolean;
  onCancel: () => void;
  onSave: (paths: string[]) => void;
}

function groupTitle(path: string): string {
  return findRouteByPath(path)?.parents.find((p) => p.title)?.title ?? '其他';
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** 设置 常用功能: tick screens (≤12) on the left, order them on the right by dragging or with the arrows. */
export function FunctionPicker({ open, options, selected, saving, onCancel, onSave }: Props) {
  const [chosen, setChosen] = useState<FunctionEntry[]>(selected);
  const [dragging, setDragging] = useState<number | null>(null);
  useEffect(() => {
    if (open) setChosen(selected);
  }, [open, selected]);

  const groups = useMemo(() => {
    const map = new Map<string, FunctionEntry[]>();
    for (const o of options) map.set(groupTitle(o.Path), [...(map.get(groupTitle(o.Path)) ?? []), o]);
    return [...map];
  }, [options]);

  const toggle = (entry: FunctionEntry, checked: boolean) => {
    if (!checked) return setChosen((list) => list.filter((c) => c.Path !== entry.Path));
    if (chosen.length >= MAX_OFTEN_FUNCTIONS) return ui.toast('warning', MSG_TOO_MANY_FUNCTIONS);
    setChosen((list) => [...list, entry]);
  };

  return (
    <Modal
      title="设置常用功能"
      open={open}
      width={820}
      onCancel={onCancel}
      onOk={() => onSave(chosen.map((c) => c.Path))}
      okText="保存"
      confirmLoading={saving}
    >
      <div className="picker">
        <section className="picker-options" aria-label="可选功能">
          {groups.length === 0 && <Empty description="暂无可选功能" />}
          {groups.map(([title, entries]) => (
            <div key={title} className="picker-group">
              <Typography.Text strong>{title}</Typography.Text>
              <div className="picker-tags">
                {entries.map((e) => (
                  <Tag.CheckableTag
                    key={e.Path}
                    checked={chosen.some((c) => c.Path === e.Path)}
                    onChange={(checked) => toggle(e, checked)}
                  >
                    {e.Title}
                  </Tag.CheckableTag>
                ))}
              </div>
            </div>
          ))}
        </section>
        <section className="picker-chosen" aria-label="已选功能">
          <Typography.Text strong>
            已选 {chosen.length}/{MAX_OFTEN_FUNCTIONS}
          </Typography.Text>
          <ol>
            {chosen.map((c, i) => (
              <li
                key={c.Path}
                draggable
                onDragStart={() => setDragging(i)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={() => {
                  if (dragging !== null) setChosen((list) => move(list, dragging, i));
                  setDragging(null);
                }}
              >
                <HolderOutlined aria-hidden className="picker-handle" />
                <span className="picker-title">{c.Title}</span>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`上移${c.Title}`}
                  disabled={i === 0}
                  onClick={() => setChosen((list) => move(list, i, i - 1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`下移${c.Title}`}
                  disabled={i === chosen.length - 1}
                  onClick={() => setChosen((list) => move(list, i, i + 1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={`移除${c.Title}`}
                  onClick={() => toggle(c, false)}
                />
              </li>
            ))}
          </ol>
        </section>
      </div>
    </Modal>
  );
}
