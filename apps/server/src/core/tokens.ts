import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe; only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
