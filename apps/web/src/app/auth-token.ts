import { COOKIE_TOKEN } from '@linli/shared';
import Cookies from 'js-cookie';

export function getToken(): string | undefined {
  return Cookies.get(COOKIE_TOKEN) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(COOKIE_TOKEN, token);
}

export function removeToken(): void {
  Cookies.remove(COOKIE_TOKEN);
}
