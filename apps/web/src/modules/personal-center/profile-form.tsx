import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@linli/shared';
import { Avatar, Button, Form, Input, Radio, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useUserStore } from '../../app/stores/user-store';
import { ui } from '../../app/ui-bridge';
import { fileExtension, uploadImage } from '../../app/upload';
import { applyFieldErrors, mobileRule, sharedRule } from '../../components/form-rules';
import { CodeButton } from '../account/code-button';
import { type ProfileValues, updateSelf } from './api';

const AVATAR_TYPES = ['jpg', 'jpeg', 'png'];
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

type InfoWithProfile = UserInfo & { Email?: string; Gender?: number };

/** 基本资料: account, department and positions are read-only; a new phone number needs an SMS code. */
export function ProfileForm() {
  const info = useUserStore((s) => s.info) as InfoWithProfile | null;
  const patchInfo = useUserStore((s) => s.patchInfo);
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const phone = Form.useWatch('Phone', form);
  const logo = Form.useWatch('Logo', form);
  const phoneChanged = Boolean(info && phone && phone.trim() !== info.Phone);

  useEffect(() => {
    if (!info) return;
    form.setFieldsValue({
      UserName: info.UserName,
      Phone: info.Phone,
      Email: info.Email ?? '',
      Gender: info.Gender ?? 0,
      Logo: info.Logo,
    });
  }, [info, form]);

  const upload = async (file: File) => {
    if (!AVATAR_TYPES.includes(fileExtension(file.name))) return ui.toast('error', '头像只能是 jpg、png 格式');
    if (file.size > AVATAR_MAX_BYTES) return ui.toast('error', '头像大小不能超过 2MB');
    setUploading(true);
    try {
      form.setFieldValue('Logo', (await uploadImage(file)).url);
    } catch {
      ui.toast('error', '上传图片失败!');
    } finally {
      setUploading(false);
    }
  };

  const submit = async (values: ProfileValues) => {
    setSaving(true);
    try {
      const body = { ...values, UserName: values.UserName.trim(), Phone: values.Phone.trim() };
      if (!phoneChanged) delete body.Code;
      await updateSelf(body);
      patchInfo({
        UserName: body.UserName,
        Phone: body.Phone,
        Logo: body.Logo,
        Email: body.Email,
        Gender: body.Gender,
      } as Partial<UserInfo>);
      form.setFieldValue('Code', undefined);
      ui.toast('success', '保存成功');
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit}>
      <Form.Item label="头像" name="Logo">
        <div className="avatar-field">
          <Avatar size={72} src={logo || undefined} icon={<UserOutlined />} alt="头像" />
          <Upload
            accept=".jpg,.jpeg,.png"
            showUploadList={false}
            beforeUpload={(f) => {
              void upload(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              更换头像
            </Button>
          </Upload>
          <span className="ant-form-item-extra">jpg/png，不超过 2MB，建议正方形</span>
        </div>
      </Form.Item>
      <Form.Item label="账号">
        <Input value={info?.UserAccount} disabled aria-label="账号" />
      </Form.Item>
      <Form.Item label="部门 / 岗位">
        <Input
          value={[info?.DptName, ...(info?.PositionNames ?? [])].filter(Boolean).join(' / ')}
          disabled
          aria-label="部门岗位"
        />
      </Form.Item>
      <Form.Item
        name="UserName"
        label="姓名"
        rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 20 }]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="Phone" label="手机" rules={[mobileRule()]}>
        <Input maxLength={11} inputMode="tel" />
      </Form.Item>
      {phoneChanged && (
        <Form.Item label="验证码" required>
          <Space.Compact block>
            <Form.Item name="Code" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
              <Input placeholder="新手机号收到的验证码" aria-label="验证码" maxLength={6} inputMode="numeric" />
            </Form.Item>
            <CodeButton purpose="bind" getPhone={async () => (await form.validateFields(['Phone'])).Phone.trim()} />
          </Space.Compact>
        </Form.Item>
      )}
      <Form.Item name="Email" label="邮箱" rules={[sharedRule({ format: 'email' })]}>
        <Input maxLength={60} inputMode="email" />
      </Form.Item>
      <Form.Item name="Gender" label="性别">
        <Radio.Group
          options={[
            { value: 1, label: '男' },
            { value: 2, label: '女' },
            { value: 0, label: '保密' },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
