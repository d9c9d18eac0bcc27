// Signs the owner in through the real sign-in page and returns the session cookie.
export async function signIn(
  baseUrl: string,
  email = 'owner@example.com',
  password = 'integration-password',
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (res.status !== 303) throw new Error(`sign-in failed with ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return cookies.join('; ');
}
