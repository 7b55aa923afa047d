import { checkPassword, MSG_PASSWORD_MISMATCH, type Rule as SharedRule, validate } from '@linli/shared';
import type { FormInstance, FormRule } from 'antd';
import type { ApiError } from '../app/request';

/** antd form rule running the shared spec §5 rule helper, so browser and server say the same thing. */
export function sharedRule(rule: SharedRule): FormRule {
  return {
    required: rule.required,
    validator: (_, value) => {
      const msg = validate(value, rule);
      return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
    },
  };
}

export const mobileRule = (message = '请输入手机号') => sharedRule({ required: true, format: 'mobile', message });

/** New password: 8–20 with letters and digits. */
export const passwordRule = (message = '请输入新密码'): FormRule => ({
  required: true,
  validator: (_, value: string | undefined) => {
    if (!value) return Promise.reject(new Error(message));
    const msg = checkPassword(value);
    return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
  },
});

/** Confirmation field: must equal the field `other`. */
export const samePasswordRule =
  (other: string, message = '请再次输入新密码'): FormRule =>
  ({ getFieldValue }) => ({
    required: true,
    validator: (_, value: string | undefined) => {
      if (!value) return Promise.reject(new Error(message));
      return value === getFieldValue(other) ? Promise.resolve() : Promise.reject(new Error(MSG_PASSWORD_MISMATCH));
    },
  });

/** Puts the server's `data.Errors` messages on the form fields they name. */
export function applyFieldErrors(form: FormInstance, error: unknown): void {
  const errors = (error as ApiError | undefined)?.fieldErrors;
  if (!errors) return;
  const known = new Set(Object.keys(form.getFieldsValue(true)));
  form.setFields(
    Object.entries(errors)
      .filter(([name]) => known.has(name))
      .map(([name, msg]) => ({ name, errors: [msg] })),
  );
}
