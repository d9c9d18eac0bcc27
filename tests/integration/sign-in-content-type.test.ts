// better-auth's sign-in route takes only JSON, the one kind of body the site's sign-in limit reads
// the e-mail from: a form (which better-auth itself would take) or any other kind is refused with
// 415 before the password is checked, so no kind of body can guess past the account's lock or
// sign in during it. The site's own ways in keep working: JSON here, the form at /api/login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawResponse, rawRequest } from '../helpers/raw-http';
import { type RunningServer, startServer } from '../helpers/server';
import { attempt, OWNER, RIGHT_PASSWORD, signsIn } from '../helpers/sign-in-attempt';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const BOUNDARY = 'wicklow-boundary';
const form = (password: string) => new URLSearchParams({ email: OWNER, password }).toString();
const json = (password: string) => JSON.stringify({ email: OWNER, password });
const multipart = (password: string) =>
  [
    ...Object.entries({ email: OWNER, password }).flatMap(([name, value]) => [
      `--${BOUNDARY}`,
      `Content-Disposition: form-data; name="${name}"`,
      '',
      value,
    ]),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');

/** Every kind of body other than JSON, each carrying a sign-in. */
const OTHER_KINDS: { type: string | null; body: (password: string) => string }[] = [
  { type: 'application/x-www-form-urlencoded', body: form },
  { type: 'application/x-www-form-urlencoded; charset=utf-8', body: form },
  { type: 'Application/X-WWW-Form-Urlencoded;charset=UTF-8', body: form },
  { type: 'multipart/form-data; boundary=wicklow-boundary', body: multipart },
  { type: 'text/plain', body: json },
  { type: 'text/plain; x=application/x-www-form-urlencoded', body: form },
  { type: 'application/vnd.api+json', body: json },
  { type: null, body: json },
];
const JSON_KINDS = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON;charset=UTF-8'];

function send(type: string | null, body: string, localAddress: string): Promise<RawResponse> {
  return rawRequest(`${server.url}/api/auth/sign-in/email`, {
    headers: type === null ? {} : { 'content-type': type },
    prefix: body,
    localAddress,
  });
}

const REFUSED = '415 Sign in with a JSON body (Content-Type: application/json).';

/**
 * The right password sent as every kind of body, and through the sign-in page's form, each from a
 * fresh address so that only the account's lock can refuse it: what each answers, and whether it
 * signs in, with the message of a refusal (415).
 */
async function rightPasswordByEveryKind(firstAddress: number): Promise<Record<string, string>> {
  const kinds = [...OTHER_KINDS, ...JSON_KINDS.map((type) => ({ type, body: json }))];
  const answers: Record<string, string> = {};
  const note = (label: string, res: RawResponse) => {
    const refusal = res.status === 415 ? ` ${(JSON.parse(res.body) as { message: string }).message}` : '';
    answers[label] = `${res.status}${refusal}${signsIn(res) ? ' signed in' : ''}`;
  };
  for (const [i, kind] of kinds.entries()) {
    note(String(kind.type), await send(kind.type, kind.body(RIGHT_PASSWORD), `127.0.0.${firstAddress + i}`));
  }
  const localAddress = `127.0.0.${firstAddress + kinds.length}`;
  note('/api/login', await attempt(server.url, 'login', OWNER, RIGHT_PASSWORD, { localAddress }));
  return answers;
}

const expected = (others: string, json: string, page: string) =>
  Object.fromEntries([
    ...OTHER_KINDS.map((kind) => [String(kind.type), others]),
    ...JSON_KINDS.map((type) => [type, json]),
    ['/api/login', page],
  ]);

describe('the kinds of body /api/auth/sign-in/email takes', () => {
  it('JSON with or without a charset signs in; every other kind is refused with 415 before the password is checked', async () => {
    expect(await rightPasswordByEveryKind(10)).toEqual(expected(REFUSED, '200 signed in', '303 signed in'));
  });

  it('while the account is locked, no kind of body signs in with the right password', async () => {
    // Ten wrong JSON passwords from ten addresses lock the account (not any one address).
    for (let i = 0; i < 10; i++) {
      const res = await send('application/json', json('wrong-password'), `127.0.0.${50 + i}`);
      expect(res.status).toBe(401);
    }
    expect(await rightPasswordByEveryKind(70)).toEqual(expected(REFUSED, '429', '429'));
  });
});
