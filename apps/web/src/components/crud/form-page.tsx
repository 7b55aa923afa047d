import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Form, type FormInstance, type FormProps, Result, Space, Spin } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { invalidateAfterWrite } from '../../app/query-deps';
import { useTagsStore } from '../../app/stores/tags-store';
import { returnPath } from '../../app/tags-logic';
import { ui } from '../../app/ui-bridge';
import { fieldErrorEntries, reportUnexpected } from './form-errors';
import { leaveForm } from './leave-guard';
import { FormFields } from './form-fields';
import { fieldNames, fromFormValues, toFormValues } from './form-values';
import type { FormField } from './types';

/**
 * The record a form page edits, under `[resource, 'detail', id]`. Not kept once the page is gone (gcTime 0), so a
 * reopened form shows the server's current values. `loadNew`: Get with Id 0 answers a new record's defaults.
 */
export function useFormDetail<D>(resource: string, id: number, load: (id: number) => Promise<D>, loadNew = false) {
  return useQuery({
    queryKey: [resource, 'detail', id],
    queryFn: () => load(id),
    enabled: loadNew || id > 0,
    gcTime: 0,
  });
}

export interface FormPageProps<V extends object, D> {
  form: FormInstance<V>;
  /** 0 for a new record. */
  id: number;
  detail: UseQueryResult<D>;
  /** Invalidated after a save. */
  resource: string;
  /** Where 取消 and a save go (the page's own tab is closed), and 返回列表 after a failed load. */
  listPath: string;
  fields: readonly FormField<V>[];
  /** A new record's values when nothing is loaded for it; keep it stable, a new object resets the form. */
  blank?: Partial<V>;
  /** The loaded record as form values (before date strings become dayjs). */
  toValues?(data: D): Partial<V>;
  /** Saves every form value, dates as 'YYYY-MM-DD' and text trimmed. */
  onSave(values: V): Promise<unknown>;
  /** Server error names that are not declared fields → the form field showing them ({UnitId: 'Location'}). */
  errorFields?: Record<string, string>;
  title: ReactNode;
  /** Result title when the record cannot be loaded, e.g. '小区加载失败'. */
  loadError: string;
  formProps?: Omit<FormProps<V>, 'form' | 'layout'>;
  /** Drawn after the declared fields. */
  children?: ReactNode;
}

/** An add/edit page (a tab of its own): 取消 / 保存 in the card header, the declared fields, server errors on them. */
export function FormPage<V extends object, D>(props: FormPageProps<V, D>) {
  const { form, id, detail, blank } = props;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  // Fields change when a picker's options arrive; that must not wipe what the person has typed, so the form is
  // reset only for another record. While the record loads there is no form to type into: its arrival would reset it.
  const loading = detail.isLoading;
  const latest = useRef(props);
  // What the form showed before any typing: 取消 asks before dropping changes.
  const shown = useRef<unknown>({});
  latest.current = props;
  useEffect(() => {
    if (loading) return;
    const { fields, toValues = (d: D) => d as Partial<V> } = latest.current;
    form.resetFields();
    if (detail.data) form.setFieldsValue(toFormValues(fields as readonly FormField[], toValues(detail.data)) as never);
    else if (id === 0 && blank) form.setFieldsValue(blank as never);
    shown.current = form.getFieldsValue(true);
  }, [id, detail.data, blank, form, loading]);

  // Back to the list as its tab left it: `?communityId=3` kept, so the list keeps its filter after a save.
  const leave = () => {
    const tags = useTagsStore.getState();
    const back = returnPath(tags.views, props.listPath);
    tags.close(pathname, pathname);
    navigate(back);
  };
  const cancel = () => leaveForm(form, shown.current, leave);

  const save = async () => {
    if (!(await form.validateFields().catch(() => null))) return;
    setSaving(true);
    try {
      await props.onSave(fromFormValues(form.getFieldsValue(true) as V));
      ui.toast('success', '保存成功');
      await invalidateAfterWrite(queryClient, props.resource);
      leave();
    } catch (error) {
      if (reportUnexpected(error)) return;
      const aliases = props.errorFields ?? {};
      const known = [...fieldNames(props.fields as readonly FormField[]), ...Object.keys(aliases)];
      const errs = fieldErrorEntries(error, known).fields.map((e) => ({ ...e, name: aliases[e.name] ?? e.name }));
      form.setFields(errs as never);
    } finally {
      setSaving(false);
    }
  };

  if (detail.isError)
    return (
      <Result
        status="warning"
        title={props.loadError}
        extra={<Button onClick={() => navigate(props.listPath)}>返回列表</Button>}
      />
    );

  return (
    <Card
      title={props.title}
      extra={
        <Space>
          <Button onClick={cancel}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Spin spinning description="加载中…">
          <div style={{ minHeight: 160 }} />
        </Spin>
      ) : (
        <Form form={form} layout="vertical" {...props.formProps}>
          <FormFields fields={props.fields} editing={id > 0} />
          {props.children}
        </Form>
      )}
    </Card>
  );
}
