import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Space } from 'antd';
import { useState } from 'react';
import type { RightGroup } from './api';
import { groupState, screenState, type Ticked, tickAll, toggleButton, toggleGroup, toggleScreen } from './rights-logic';
import './author.css';

/**
 * The catalog's menu tree as check boxes: each group, its screens, and beside each screen its button keys. What is
 * ticked here is exactly what the position grants.
 */
export function RightTreeEditor({
  tree,
  ticked,
  onChange,
  disabled,
}: {
  tree: readonly RightGroup[];
  ticked: Ticked;
  onChange(next: Ticked): void;
  disabled?: boolean;
}) {
  // Collapsed groups (everything starts open, also when the tree arrives after the first render).
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const allOpen = closed.size === 0;
  if (!tree.length) return <Empty description="没有可分配的权限" />;
  return (
    <div className="right-tree">
      <Space wrap className="right-tree-tools">
        <Button size="small" onClick={() => setClosed(allOpen ? new Set(tree.map((g) => g.Key)) : new Set())}>
          {allOpen ? '全部收起' : '全部展开'}
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange(tickAll(tree))}>
          全选
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange(new Map())}>
          清空
        </Button>
      </Space>
      {tree.map((g) => {
        const state = groupState(ticked, g);
        const expanded = !closed.has(g.Key);
        return (
          <div key={g.Key} className="right-group">
            <div className="right-group-head">
              <button
                type="button"
                className="right-toggle"
                aria-label={`${expanded ? '收起' : '展开'}${g.Title}`}
                aria-expanded={expanded}
                onClick={() => {
                  const next = new Set(closed);
                  if (expanded) next.add(g.Key);
                  else next.delete(g.Key);
                  setClosed(next);
                }}
              >
                {expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
              </button>
              <Checkbox
                checked={state === 'all'}
                indeterminate={state === 'some'}
                disabled={disabled}
                onChange={(e) => onChange(toggleGroup(ticked, tree, g.Key, e.target.checked))}
              >
                <strong>{g.Title}</strong>
              </Checkbox>
            </div>
            {expanded &&
              g.Children.map((s) => {
                const sState = screenState(ticked, s);
                const btns = ticked.get(s.Key);
                return (
                  <div key={s.Key} className="right-screen">
                    <Checkbox
                      className="right-screen-box"
                      checked={sState !== 'none'}
                      disabled={disabled}
                      onChange={(e) => onChange(toggleScreen(ticked, tree, s.Key, e.target.checked))}
                    >
                      {s.Title}
                    </Checkbox>
                    <fieldset className="right-buttons" aria-label={`${s.Title}按钮`}>
                      {s.Buttons.map((b) => (
                        <Checkbox
                          key={b.Key}
                          checked={!!btns?.has(b.Key)}
                          disabled={disabled}
                          onChange={(e) => onChange(toggleButton(ticked, s.Key, b.Key, e.target.checked))}
                          aria-label={`${s.Title}-${b.Title}`}
                        >
                          {b.Title}
                        </Checkbox>
                      ))}
                    </fieldset>
                  </div>
                );
              })}
          </div>
        );
      })}
    </div>
  );
}
