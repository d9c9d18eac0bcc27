// What a visitor who is not signed in gets for an owner page: a 401 with a line saying why, and
// the sign-in page 500 ms later (a meta refresh, so it works without JavaScript).

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signInRequired(returnTo: string): Response {
  const target = escapeHtml(`/api/login?next=${encodeURIComponent(returnTo)}`);
  const html = `<!doctype html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta http-equiv="refresh" content="0.5;url=${target}">
<title>Please sign in · Wicklow Light</title>
<style>body{margin:0;font:1.0625rem/1.6 system-ui,sans-serif;color:#1c2227;background:#f6f5f2}main{max-width:32rem;margin:20vh auto;padding:0 1.5rem}h1{font-weight:600}a{color:#1c2227}</style>
</head><body><main><h1>Please sign in</h1>
<p>This page is for the site owner. Taking you to the sign-in page…</p>
<p><a href="${target}">Sign in</a></p></main></body></html>`;
  return new Response(html, {
    status: 401,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}
