import { Alert, Button, Form } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { EditDrawer, FormFields, type Option } from '../../../components/crud';
import { fromIdCard, ID_CARD, MSG_ONE_PRIMARY } from '../shared/resident-logic';
import { checkDuplicate, RESIDENTS, residentGet, residentSave } from './api';
import { residentFields } from './form-fields';
import { newLink, toResidentForm, toSaveBody } from './form-logic';
import { LinksEditor } from './links-editor';

interface Props {
  /** 0 = new, a number = edit, null = closed. */
  id: number | null;
  tags: Option[];
  onClose(): void;
  /** Opens another resident (the duplicate the warning names). */
  onOpen(id: number): void;
}

type Dup = { field: string; Id: number; Name: string };

/** Saves; '主业主只能有一位' asks whether to move the flag to this person, then saves again with MovePrimary. */
async function saveAskingPrimary(body: Record<string, unknown>) {
  try {
    return await residentSave(body, { silent: true });
  } catch (e) {
    if (!(e instanceof ApiError) || e.message !== MSG_ONE_PRIMARY) {
      if (e instanceof ApiError && e.kind === 'ret') ui.toast('error', e.message);
      throw e;
    }
    const move = await new Promise<boolean>((resolve) =>
      ui.confirm({
        title: MSG_ONE_PRIMARY,
        content: '该房间已有主业主，是否改为由此人担任主业主？',
        okText: '改为主业主',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    if (!move) throw e;
    return residentSave({ ...body, MovePrimary: 1 });
  }
}

/** 新增/编辑住户: basic fields, the 房屋 sub-table, and a duplicate warning by mobile or ID before saving. */
export function ResidentDrawer({ id, tags, onClose, onOpen }: Props) {
  const [form] = Form.useForm();
  const [dup, setDup] = useState<Dup | null>(null);
  const editing = !!id;
  const idNo = Form.useWatch('IdNo', form) as string | undefined;
  const idType = Form.useWatch('IdType', form) as number | undefined;

  useEffect(() => setDup(null), [id]);

  // An 18-digit ID number fills in the birthday and gender.
  useEffect(() => {
    if ((idType ?? ID_CARD) !== ID_CARD) return;
    const got = fromIdCard(idNo);
    if (got) form.setFieldsValue({ Gender: got.Gender, Birthday: dayjs(got.Birthday) });
  }, [idNo, idType, form]);

  const check = async (field: 'Mobile' | 'IdNo') => {
    if (editing) return;
    const v = (form.getFieldValue(field) as string | undefined)?.trim();
    if (!v || form.getFieldError(field).length) return;
    try {
      const found = await checkDuplicate(field === 'Mobile' ? v : undefined, field === 'IdNo' ? v : undefined);
      setDup(found?.Id ? { field, ...found } : null);
    } catch {
      setDup(null);
    }
  };

  return (
    <EditDrawer
      open={id !== null}
      title={editing ? '编辑住户' : '新增住户'}
      form={form}
      width={720}
      editing={editing}
      initialValues={{ Gender: 0, IdType: ID_CARD, Rooms: [newLink()] }}
      load={editing ? () => residentGet(id).then(toResidentForm) : undefined}
      resource={RESIDENTS}
      onSubmit={(values) => saveAskingPrimary(toSaveBody(id ?? 0, values as Record<string, unknown>))}
      onClose={onClose}
    >
      <div
        onBlur={(e) => {
          const field = (e.target as HTMLElement).id;
          if (field === 'Mobile' || field === 'IdNo') void check(field);
        }}
      >
        <FormFields fields={residentFields(tags)} editing={editing} />
      </div>
      {dup && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            dup.field === 'Mobile'
              ? `该手机号已登记为住户 ${dup.Name}，请直接关联房屋`
              : `该身份证号已登记为住户 ${dup.Name}`
          }
          action={
            <Button size="small" onClick={() => onOpen(dup.Id)}>
              打开 {dup.Name}
            </Button>
          }
        />
      )}
      <div className="crud-form-section">房屋</div>
      <LinksEditor />
    </EditDrawer>
  );
}
