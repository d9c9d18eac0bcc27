// better-auth's own routes (get-session, sign-out, sign-in, ...), with every body capped and the
// sign-in routes under the site's one sign-in limit. Sign-up is disabled in its config.
import type { APIRoute } from 'astro';
import { handleAuthRoute } from '~/lib/platform/server/auth/auth-route';
import { handle } from '~/lib/platform/server/http/http';

export const ALL: APIRoute = handle(({ request, locals }) => handleAuthRoute(request, locals.clientIp));
