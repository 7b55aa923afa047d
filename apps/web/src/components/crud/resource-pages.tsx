import { PlusOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ui } from '../../app/ui-bridge';
import { Auth } from '../auth';
import { invalidateAfterWrite } from '../../app/query-deps';
import { FormPage, type FormPageProps, useFormDetail } from './form-page';
import { ListPage, type ListPageProps } from './list-page';
import type { Resource } from './resource';
import { type RowAction, RowActions } from './row-actions';

type Keyed = { Id: number; Name?: string };

/** A row action, or the kit's 编辑 (btn edit, opens the form page) and 删除 (btn del, asks, deletes, refreshes). */
export type ResourceAction<Row> = RowAction<Row> | 'edit' | 'delete';

export interface ResourceListProps<Row extends Keyed, Values extends object = object> extends Omit<
  ListPageProps<Row>,
  'resource' | 'fetch' | 'rowActions' | 'exportCall' | 'exportName' | 'importConfig'
> {
  resource: Resource<Row, Values>;
  actions?: readonly ResourceAction<Row>[];
  /** How many actions stay inline before 更多 (3). */
  inlineActions?: number;
  /** 新增 (btn add) opening the form page; on by default when the resource has a form page. */
  add?: boolean;
}

/**
 * A resource's list screen: ListPage fed by the declaration (its List call, query key, Export, Import, 新增) with
 * declared row actions.
 */
export function ResourceList<Row extends Keyed, Values extends object>({
  resource,
  actions = [],
  inlineActions = 3,
  add = !!resource.formPath,
  toolbar,
  ...rest
}: ResourceListProps<Row, Values>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidate = (name: string) => invalidateAfterWrite(queryClient, name);
  const declared: RowAction<Row>[] = actions.map((a) => {
    if (a === 'edit') return { label: '编辑', btn: 'edit', onClick: (r) => navigate(resource.formUrl(r.Id)) };
    if (a !== 'delete') return a;
    return {
      label: '删除',
      btn: 'del',
      danger: true,
      confirm: (r) => `确定删除${resource.title}「${r.Name ?? ''}」吗？`,
      onClick: async (r) => {
        await resource.remove(r.Id);
        ui.toast('success', '删除成功');
        await invalidate(resource.name);
      },
    };
  });
  const cells = Math.min(declared.length, inlineActions + 1);
  return (
    <ListPage<Row>
      resource={resource.name}
      fetch={resource.list}
      exportCall={resource.exportCall}
      exportName={resource.title}
      importConfig={resource.importConfig}
      toolbar={(ctx) => (
        <>
          {add && (
            <Auth btn="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(resource.formUrl())}>
                新增
              </Button>
            </Auth>
          )}
          {toolbar?.(ctx)}
        </>
      )}
      actionsWidth={40 + 50 * cells}
      rowActions={
        declared.length ? (row) => <RowActions row={row} actions={declared} inline={inlineActions} /> : undefined
      }
      {...rest}
    />
  );
}

export interface ResourceFormProps<Row extends Keyed, Values extends object> extends Pick<
  FormPageProps<Values, Row>,
  'blank' | 'toValues' | 'errorFields' | 'formProps'
> {
  resource: Resource<Row, Values>;
  fields: FormPageProps<Values, Row>['fields'];
  children?: ReactNode;
}

/** A resource's add/edit page (`?id=` edits): 新增小区 / 编辑小区 阳光花园, loads with Get, saves with Save. */
export function ResourceForm<Row extends Keyed, Values extends object>({
  resource,
  ...rest
}: ResourceFormProps<Row, Values>) {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const [form] = Form.useForm<Values>();
  const detail = useFormDetail(resource.name, id, resource.get);
  return (
    <FormPage<Values, Row>
      form={form}
      id={id}
      detail={detail}
      resource={resource.name}
      listPath={resource.listPath}
      onSave={(values) => resource.save({ ...values, Id: id })}
      title={id ? `编辑${resource.title} ${detail.data?.Name ?? ''}` : `新增${resource.title}`}
      loadError={`${resource.title}加载失败`}
      {...rest}
    />
  );
}
