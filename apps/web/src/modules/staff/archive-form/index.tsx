import { birthDateOfIdCard } from '@linli/shared';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { FormPage, useFormDetail } from '../../../components/crud';
import { departmentOptions, useDepartmentTree } from '../../../components/pickers';
import { ARCHIVES, type ArchiveDetail, archiveGet, archiveSave } from './api';
import { archiveFields } from './columns';

/** 新增档案 / 编辑档案: the staff file in sections; the ID number fills the birth date. */
export default function ArchiveFormPage() {
  const { id } = useParams();
  const archiveId = Number(id ?? 0);
  const tree = useDepartmentTree();
  const fields = useMemo(() => archiveFields(departmentOptions(tree.data ?? [], false)), [tree.data]);
  const [form] = Form.useForm<ArchiveDetail>();
  // A new file asks Get with Id 0 for its defaults (the next 工号 E0001…).
  const detail = useFormDetail(ARCHIVES, archiveId, archiveGet, true);

  return (
    <FormPage
      form={form}
      id={archiveId}
      detail={detail}
      resource={ARCHIVES}
      listPath="/personnel/archives"
      fields={fields}
      toValues={(d) => ({ ...d, Gender: d.Gender || 1 })}
      onSave={(values) => archiveSave({ ...values, Id: archiveId } as never)}
      title={archiveId > 0 ? `编辑档案 ${detail.data?.Name ?? ''}` : '新增档案'}
      loadError="档案加载失败"
      formProps={{
        onValuesChange: (changed) => {
          if (!('IdCard' in changed)) return;
          const birth = birthDateOfIdCard(String(changed.IdCard ?? ''));
          if (birth) form.setFieldValue('BirthDate', dayjs(birth));
        },
      }}
    />
  );
}
