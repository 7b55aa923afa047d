import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, type FormInstance, Space, Spin } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { invalidateAfterWrite } from '../../app/query-deps';
import { ui } from '../../app/ui-bridge';
import { fieldErrorEntries, reportUnexpected } from './form-errors';
import { leaveForm } from './leave-guard';
import { FormFields } from './form-fields';
import { fieldNames, fromFormValues, toFormValues } from './form-values';
import type { FormField } from './types';

export interface EditDrawerProps<V extends object> {
  open: boolean;
  title: ReactNode;
  /** Declared fields; or pass `children` (Form.Items) for a hand-made layout. */
  fields?: readonly FormField<V>[];
  children?: ReactNode;
  /** Values of a new record, or the row being edited. */
  initialValues?: Partial<V>;
  /** Loads the full record when opened (edit); its answer replaces initialValues. */
  load?(): Promise<Partial<V>>;
  /** Editing an existing record (fields may be fixed after creation). */
  editing?: boolean;
  /** Saves; a rejection with `data.Errors` puts each message on its field. */
  onSubmit(values: V): Promise<unknown>;
  onClose(): void;
  onSaved?(result: unknown): void;
  /** Invalidated after a save, so lists and details of it reload. */
  resource?: string;
  successText?: string;
  width?: number;
  form?: FormInstance<V>;
  okText?: string;
}

/** Create/edit in a drawer: loads, validates (client rules from the shared schema), saves, shows server field errors. */
export function EditDrawer<V extends object>(props: EditDrawerProps<V>) {
  const [own] = Form.useForm<V>();
  const form = props.form ?? own;
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const fields = props.fields ?? [];

  // The values this opening set (a new record's defaults, then the loaded record). The drawer mounts its fields
  // anew on every opening after the first, and list fields (身份 and 入住日期 of 新增住户) came up blank: once the
  // drawer is in place the same values are set again on the fields nobody has touched yet.
  const shown = useRef<Partial<V>>({});
  const show = (values: Partial<V>) => {
    shown.current = { ...shown.current, ...values };
    form.setFieldsValue(values as never);
  };

  // Reload only when the drawer opens, not on every parent render.
  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    shown.current = {};
    show(toFormValues(fields as FormField[], props.initialValues ?? {}));
    if (!props.load) return;
    setLoading(true);
    props
      .load()
      .then((data) => show(toFormValues(fields as FormField[], data)))
      .catch(() => props.onClose())
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open]);
  const close = () => leaveForm(form, shown.current, props.onClose);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const all = { ...(form.getFieldsValue(true) as V), ...values };
      const result = await props.onSubmit(fromFormValues(all));
      ui.toast('success', props.successText ?? '保存成功');
      if (props.resource) void invalidateAfterWrite(queryClient, props.resource);
      props.onSaved?.(result);
      props.onClose();
    } catch (error) {
      if (reportUnexpected(error)) return;
      const known = [...fieldNames(fields as FormField[]), ...Object.keys(form.getFieldsValue(true) ?? {})];
      const { fields: errs } = fieldErrorEntries(error, known);
      form.setFields(errs as never);
    } finally {
      setSaving(false);
    }
  };

  const width = Math.min(props.width ?? 560, window.innerWidth);
  return (
    <Drawer
      title={props.title}
      open={props.open}
      onClose={close}
      afterOpenChange={(opened) => {
        if (!opened) return;
        // Only fields nobody has typed into: a quick hand may already be filling the form while it slides in.
        const untouched = Object.entries(shown.current).filter(([name]) => !form.isFieldTouched(name as never));
        form.setFieldsValue(Object.fromEntries(untouched) as never);
      }}
      size={width}
      // No forceRender: a hidden drawer would stay on the Esc stack and take the Esc meant for the open one.
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {props.okText ?? '保存'}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" onFinish={() => void submit()} preserve={false}>
          {props.fields && <FormFields fields={props.fields} editing={props.editing} />}
          {props.children}
        </Form>
      </Spin>
    </Drawer>
  );
}
