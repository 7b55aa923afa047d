import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useSettingsStore } from '../../app/stores/settings-store';
import { FieldControl } from './field-control';
import type { SearchField } from './types';

export interface SearchFormProps {
  fields: readonly SearchField[];
  /** The applied values (owned by the list, so they survive tab switches). */
  values: Record<string, unknown>;
  onSearch(values: Record<string, unknown>): void;
  onReset(): void;
}

/** How many filters hold a value (shown on the phone's 筛选 button). */
export function activeFilterCount(values: Record<string, unknown>): number {
  return Object.values(values).filter(
    (v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length),
  ).length;
}

/**
 * The inline filter bar above a list: declared fields, 查询 and 重置. On a phone it folds behind a 筛选 button, so
 * the rows, not the filters, fill the first screen.
 */
export function SearchForm({ fields, values, onSearch, onReset }: SearchFormProps) {
  const [form] = Form.useForm();
  const mobile = useSettingsStore((s) => s.device) === 'mobile';
  const [open, setOpen] = useState(false);
  useEffect(() => {
    form.setFieldsValue(values);
  }, [form, values]);
  const active = activeFilterCount(values);
  return (
    <>
      {mobile && (
        <Button
          icon={<FilterOutlined />}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          style={{ marginBottom: 8 }}
        >
          {open ? '收起筛选' : active ? `筛选（${active}）` : '筛选'}
        </Button>
      )}
      <Form
        style={mobile && !open ? { display: 'none' } : undefined}
        form={form}
        layout="inline"
        className="crud-search"
        initialValues={values}
        onFinish={(v) => onSearch(v as Record<string, unknown>)}
        role="search"
      >
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.type === 'checkbox' ? undefined : f.label}
            valuePropName={f.type === 'checkbox' ? 'checked' : 'value'}
          >
            <FieldControl
              field={{ ...f, props: { style: { minWidth: f.type === 'checkbox' ? undefined : (f.width ?? 180) } } }}
            />
          </Form.Item>
        ))}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, undefined])));
                onReset();
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}
