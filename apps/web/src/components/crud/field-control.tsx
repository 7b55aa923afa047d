import { Checkbox, DatePicker, Input, InputNumber, Radio, Select, Switch, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { splitRange } from './number-range';
import type { FormField, SearchField } from './types';

type Field = Pick<FormField, 'type' | 'options' | 'treeData' | 'placeholder' | 'maxLength' | 'props' | 'label'> &
  Pick<SearchField, 'text'>;

/**
 * The control of a declared field. Form.Item passes value/onChange; this only picks the widget. Labels double as
 * accessible names so tests and screen readers find fields by their Chinese label.
 */
export function FieldControl({ field, disabled, ...rest }: { field: Field; disabled?: boolean }): ReactNode {
  const { type = 'input', options, placeholder, props } = field;
  const common = { disabled, 'aria-label': field.label, ...rest, ...props };
  switch (type) {
    case 'password':
      return (
        <Input.Password placeholder={placeholder} maxLength={field.maxLength} autoComplete="new-password" {...common} />
      );
    case 'textarea':
      return (
        <Input.TextArea
          placeholder={placeholder}
          maxLength={field.maxLength}
          showCount={!!field.maxLength}
          rows={3}
          {...common}
        />
      );
    case 'number':
      // No min/max on the widget: it would clamp silently; FormFields turns the range into a rule.
      return <InputNumber placeholder={placeholder} style={{ width: '100%' }} {...splitRange(common).rest} />;
    case 'select':
      return (
        <Select
          placeholder={placeholder ?? '请选择'}
          options={options}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          {...common}
        />
      );
    case 'multiSelect':
      return (
        <Select
          mode="multiple"
          placeholder={placeholder ?? '请选择'}
          options={options}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
          {...common}
        />
      );
    case 'radio':
      return <Radio.Group options={options} {...common} />;
    case 'checkbox':
      return <Checkbox {...common}>{field.text}</Checkbox>;
    case 'switch':
      return <Switch {...common} />;
    case 'date':
      return <DatePicker placeholder={placeholder} style={{ width: '100%' }} {...common} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={{ width: '100%' }} {...common} />;
    case 'treeSelect':
      return (
        <TreeSelect
          placeholder={placeholder ?? '请选择'}
          treeData={field.treeData}
          allowClear
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          {...common}
        />
      );
    default:
      return <Input placeholder={placeholder} maxLength={field.maxLength} allowClear {...common} />;
  }
}
