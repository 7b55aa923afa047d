// The request client loads when a code is first asked for, not with the login page.
const request = async <T>(call: string, body: Record<string, unknown>) =>
  (await import('../../app/request')).request<T>(call, body);

export type CodePurpose = 'login' | 'findpwd' | 'bind';

/** A client nonce tying the code request to the sign-in that uses it. */
export function newRandom(): string {
  return Math.random().toString(36).slice(2, 12);
}

/** Asks the server to text a code; answers the nonce to send back with the code (the server's, when it gives one). */
export async function sendPhoneCode(phone: string, type: CodePurpose, random = newRandom()): Promise<string> {
  const data = await request<unknown>('/SysHelp/GetPhoneCode', { Phone: phone, Type: type, Random: random });
  return typeof data === 'string' && data ? data : random;
}

export function checkPhoneCode(phone: string, code: string, type: CodePurpose): Promise<unknown> {
  return request('/SysHelp/CheckCode', { Phone: phone, Code: code, Type: type });
}
