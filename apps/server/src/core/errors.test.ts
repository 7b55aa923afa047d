import { describe, expect, it } from 'vitest';
import { isUniqueViolation, pgErrorCode } from './errors';

describe('database error codes', () => {
  // drizzle rethrows the driver's error as a DrizzleQueryError whose cause carries the SQLSTATE.
  const wrapped = Object.assign(new Error('Failed query: update "jobs" …'), {
    cause: Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'jobs_lock_running_uq' }),
  });

  it('reads the code on the error or on its cause', () => {
    expect(pgErrorCode(wrapped)).toBe('23505');
    expect(pgErrorCode(Object.assign(new Error('x'), { code: '22P02' }))).toBe('22P02');
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
  });

  it('tells a unique violation of the named constraint from another one', () => {
    expect(isUniqueViolation(wrapped, 'jobs_lock_running_uq')).toBe(true);
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'fee_payments_request_uq')).toBe(false);
    // A driver that names no constraint (PGlite) matches any.
    expect(isUniqueViolation({ code: '23505' }, 'jobs_lock_running_uq')).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
  });
});
