// better-auth's own routes (get-session, sign-out, ...). Sign-up is disabled in its config.
import type { APIRoute } from 'astro';
import { getAuth } from '../../../lib/server/auth';

export const ALL: APIRoute = ({ request }) => getAuth().handler(request);
