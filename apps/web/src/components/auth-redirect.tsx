import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { acceptToken } from '../app/session';

/**
 * Landing page of an external sign-in (single sign-on, the desktop host): /auth-redirect?token=…&redirect=/path
 * stores the token and continues; the guard then loads the user.
 */
export default function AuthRedirect() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const token = params.get('token');
    if (token) acceptToken(token);
    navigate(token ? params.get('redirect') || '/' : '/login', { replace: true });
  }, [params, navigate]);
  return null;
}
