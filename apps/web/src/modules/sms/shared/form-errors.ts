import type { FormInstance } from 'antd';
import { fieldErrorsOf } from '../../../components/crud';

/** Puts the server's field errors on the form's fields (the request client already toasted the message). */
export function showFieldErrors(form: FormInstance, error: unknown) {
  const errors = fieldErrorsOf(error) ?? {};
  form.setFields(Object.entries(errors).map(([name, msg]) => ({ name, errors: [String(msg)] })));
}
