import { describe, expect, it } from 'vitest';
import { isJsonBody, isSignInPath } from '~/lib/platform/server/auth/auth-route';

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

describe('the body a sign-in route takes', () => {
  it('is JSON, with or without parameters', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON ;charset=UTF-8',
    ])
      expect(isJsonBody(type), type).toBe(true);
  });

  it('is nothing else, however the type is dressed up', () => {
    for (const type of [
      null,
      '',
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=utf-8',
      'multipart/form-data; boundary=x',
      'text/plain',
      'text/plain; x=application/json',
      'application/vnd.api+json',
      'application/json-seq',
      'application/json, application/x-www-form-urlencoded',
    ])
      expect(isJsonBody(type), String(type)).toBe(false);
  });
});
