import type { FormRule } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

/** Filters, paging and sort as the list call receives them (PgIndex is 1-based). */
export type ListParams = Record<string, unknown> & { PgIndex: number; PgSize: number };

/** A list call's answer: the rows and the total count of the filtered list. */
export interface ListAnswer<T> {
  data: T[];
  count?: number;
  /** Sums of money fields over the whole filter, when the server answers them (the 合计 row). */
  totals?: Record<string, string | number>;
  /** The server stopped counting at `count`: more rows match (ask again with ExactCount=1 for the number). */
  countMore?: boolean;
}

export interface Option {
  value: string | number;
  label: ReactNode;
}

/** A tree option (department tree, community tree) for tree-selects. */
export interface TreeOption {
  value: string | number;
  title: ReactNode;
  disabled?: boolean;
  children?: TreeOption[];
}

/**
 * A table column: antd's column plus what the kit needs. `dataIndex` names the field; a field whose name contains
 * 'Money' is shown with 2 decimals (spec §5) unless the column renders itself. `sorter: true` sends
 * SortField/SortOrder to the server. `hideable: false` keeps the column out of 列设置.
 */
export type CrudColumn<T> = Omit<ColumnType<T>, 'dataIndex'> & {
  dataIndex?: keyof T & string;
  key?: string;
  title: string;
  hideable?: boolean;
  /** Hidden until the user shows it in 列设置. */
  defaultHidden?: boolean;
  /** A money column: 2 decimals, right-aligned, summed exactly in the 合计 row. */
  money?: boolean;
  /** Rows the 合计 row adds up (default: all): 短信充值 sums 已支付 orders, not 待支付 ones. */
  sumIf?: (row: T) => boolean;
};

type FieldKind =
  | 'input'
  | 'password'
  | 'textarea'
  | 'number'
  | 'select'
  | 'multiSelect'
  | 'radio'
  | 'checkbox'
  | 'switch'
  | 'date'
  | 'dateRange'
  | 'treeSelect';

/** A search-form field. A dateRange sends its two ends as `rangeNames` ('EntryFrom', 'EntryTo'). */
export interface SearchField {
  name: string;
  label: string;
  type?: FieldKind;
  options?: Option[];
  treeData?: TreeOption[];
  placeholder?: string;
  rangeNames?: [string, string];
  /** Width of the control in px (default 180). */
  width?: number;
  /** A checkbox's caption (e.g. 合同30天内到期). */
  text?: string;
}

/** A drawer/page form field, declared next to the columns. */
export interface FormField<V = Record<string, unknown>> {
  name: string;
  label: string;
  type?: FieldKind;
  options?: Option[];
  treeData?: TreeOption[];
  placeholder?: string;
  rules?: FormRule[];
  required?: boolean;
  maxLength?: number;
  /** Grid span out of 24 (default 24). */
  span?: number;
  /** Section title for long forms (基本信息, 合同信息 …): a heading is drawn where the section changes. */
  section?: string;
  extra?: ReactNode;
  disabled?: boolean | ((values: Partial<V>, editing: boolean) => boolean);
  /** Hidden (and not validated) when this answers true for the current values. */
  hidden?: (values: Partial<V>, editing: boolean) => boolean;
  /** Replaces the control (upload, custom picker …); gets antd's value/onChange through Form.Item. */
  render?: () => ReactNode;
  /** Other props for the control (min, max, allowClear …). */
  props?: Record<string, unknown>;
  /** Boolean controls use 'checked'. */
  valuePropName?: string;
}
