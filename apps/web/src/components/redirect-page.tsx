import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** /redirect/<path>?<query> re-opens <path> in place: how 刷新 remounts a page without reloading the app. */
export default function RedirectPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`${pathname.replace(/^\/redirect/, '') || '/'}${search}`, { replace: true });
  }, [pathname, search, navigate]);
  return null;
}
