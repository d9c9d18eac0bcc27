import { describe, expect, it } from 'vitest';
import { isSignInPath } from '~/lib/server/auth-route';

describe("better-auth's sign-in routes", () => {
  it('are recognised in every spelling that might reach them', () => {
    for (const path of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-in/social',
      '/api/auth/sign-in/email/',
      '/api/auth//sign-in/email',
      '/api/auth/SIGN-IN/Email',
      '/api/auth/sign-in%2Femail',
      '/api/auth/%73ign-in/email',
    ])
      expect(isSignInPath(path), path).toBe(true);
  });

  it('leave the other routes alone', () => {
    for (const path of [
      '/api/auth/get-session',
      '/api/auth/sign-out',
      '/api/auth/sign-up/email',
      '/api/login',
    ])
      expect(isSignInPath(path), path).toBe(false);
  });
});
