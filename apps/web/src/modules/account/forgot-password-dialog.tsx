import { Form, Input, Modal, Space, Steps } from 'antd';
import { useState } from 'react';
import { request } from '../../app/request';
import { ui } from '../../app/ui-bridge';
import { applyFieldErrors, mobileRule, passwordRule, samePasswordRule } from '../../components/form-rules';
import { CodeButton } from './code-button';
import { checkPhoneCode } from './phone-code';

interface Values {
  Phone: string;
  Code: string;
  NewPwd: string;
  ConfirmPwd: string;
}

/** 忘记密码: a phone code proves the owner (step 1), then the new password twice (step 2). */
export default function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);

  const close = () => {
    form.resetFields();
    setStep(0);
    onClose();
  };

  const next = async () => {
    setBusy(true);
    try {
      if (step === 0) {
        const { Phone, Code } = await form.validateFields(['Phone', 'Code']);
        await checkPhoneCode(Phone.trim(), Code.trim(), 'findpwd');
        setStep(1);
      } else {
        const values = await form.validateFields();
        await request('/user/UserFindPwd', {
          Phone: values.Phone.trim(),
          Code: values.Code.trim(),
          NewPwd: values.NewPwd,
          ConfirmPwd: values.ConfirmPwd,
        });
        ui.toast('success', '密码重置成功，请使用新密码登录');
        close();
      }
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="忘记密码"
      open={open}
      onCancel={close}
      onOk={next}
      okText={step === 0 ? '下一步' : '重置密码'}
      confirmLoading={busy}
      forceRender
      destroyOnHidden={false}
    >
      <Steps size="small" current={step} items={[{ title: '验证手机' }, { title: '设置新密码' }]} />
      <Form form={form} layout="vertical" style={{ marginTop: 24 }} preserve>
        <div hidden={step !== 0}>
          <Form.Item name="Phone" label="手机号" rules={[mobileRule()]}>
            <Input placeholder="请输入绑定的手机号" maxLength={11} inputMode="tel" />
          </Form.Item>
          <Form.Item label="验证码" required>
            <Space.Compact block>
              <Form.Item name="Code" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
                <Input placeholder="请输入验证码" aria-label="短信验证码" maxLength={6} inputMode="numeric" />
              </Form.Item>
              <CodeButton
                purpose="findpwd"
                getPhone={async () => (await form.validateFields(['Phone'])).Phone.trim()}
              />
            </Space.Compact>
          </Form.Item>
        </div>
        {step === 1 && (
          <>
            <Form.Item name="NewPwd" label="新密码" rules={[passwordRule()]} extra="8-20位，需包含字母和数字">
              <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="ConfirmPwd"
              label="确认密码"
              dependencies={['NewPwd']}
              rules={[samePasswordRule('NewPwd')]}
            >
              <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
