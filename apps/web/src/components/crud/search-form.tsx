import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { useEffect } from 'react';
import { FieldControl } from './field-control';
import type { SearchField } from './types';

export interface SearchFormProps {
  fields: readonly SearchField[];
  /** The applied values (owned by the list, so they survive tab switches). */
  values: Record<string, unknown>;
  onSearch(values: Record<string, unknown>): void;
  onReset(): void;
}

/** The inline filter bar above a list: declared fields, 查询 and 重置. */
export function SearchForm({ fields, values, onSearch, onReset }: SearchFormProps) {
  const [form] = Form.useForm();
  useEffect(() => {
    form.setFieldsValue(values);
  }, [form, values]);
  return (
    <Form
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
  );
}
