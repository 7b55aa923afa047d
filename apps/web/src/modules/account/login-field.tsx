import type { ReactNode } from 'react';

interface Props {
  id: string;
  error?: string | null;
  children: ReactNode;
}

/**
 * A login input with its error line. The login page validates by hand instead of using antd Form: Form and its
 * async validator would add ~15 KiB gzip to the page everybody loads first.
 */
export function LoginField({ id, error, children }: Props) {
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      {children}
      <div id={`${id}-error`} className="login-field-error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
