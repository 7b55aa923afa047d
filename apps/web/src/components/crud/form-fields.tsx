import { Col, Form, Row } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { FieldControl } from './field-control';
import { rangeRule, splitRange } from './number-range';
import type { FormField } from './types';

function Item<V>({ field, editing, values }: { field: FormField<V>; editing: boolean; values: Partial<V> }) {
  if (field.hidden?.(values, editing)) return null;
  const disabled = typeof field.disabled === 'function' ? field.disabled(values, editing) : field.disabled;
  const boolean = field.type === 'switch' || field.type === 'checkbox';
  return (
    <Col xs={24} md={field.span ?? 24}>
      <Form.Item
        name={field.name}
        label={field.label}
        rules={
          // A declared rule (the shared zod schema) states the range itself; otherwise the widget's min/max do.
          field.type === 'number' && !field.rules?.length
            ? rangeRule(field.label, splitRange(field.props).range)
            : field.rules
        }
        required={field.required}
        extra={field.extra}
        valuePropName={field.valuePropName ?? (boolean ? 'checked' : 'value')}
      >
        {field.render ? field.render() : <FieldControl field={field} disabled={disabled} />}
      </Form.Item>
    </Col>
  );
}

/**
 * Declared form fields in a 24-column grid (one column on phones). A heading is drawn where `section` changes.
 * Fields with `hidden`/`disabled` functions re-render as the values change.
 */
export function FormFields<V>({
  fields,
  editing = false,
}: {
  fields: readonly FormField<V>[];
  editing?: boolean;
}): ReactNode {
  let section: string | undefined;
  const rows: ReactNode[] = [];
  let current: ReactNode[] = [];
  const flush = (key: string) => {
    if (current.length)
      rows.push(
        <Row key={key} gutter={16}>
          {current}
        </Row>,
      );
    current = [];
  };
  fields.forEach((f, i) => {
    if (f.section && f.section !== section) {
      flush(`row-${i}`);
      section = f.section;
      rows.push(
        <div key={`section-${f.section}`} className="crud-form-section">
          {f.section}
        </div>,
      );
    }
    const dynamic = typeof f.hidden === 'function' || typeof f.disabled === 'function';
    current.push(
      dynamic ? (
        <Form.Item key={f.name} noStyle shouldUpdate>
          {({ getFieldsValue }) => <Item field={f} editing={editing} values={getFieldsValue(true) as Partial<V>} />}
        </Form.Item>
      ) : (
        <Fragment key={f.name}>
          <Item field={f} editing={editing} values={{}} />
        </Fragment>
      ),
    );
  });
  flush('row-end');
  return <>{rows}</>;
}
