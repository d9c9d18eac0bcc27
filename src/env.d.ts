/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./lib/platform/server/auth/auth').SessionUser | null;
    isAdmin: boolean;
    /** The socket's peer address, handed over by the front (absent under `astro dev`). */
    socketAddress?: string;
    /** Resolves when the client's socket has room for more (paced-body.ts); absent under `astro dev`. */
    waitForRoom?: import('./lib/platform/server/http/paced-body').WaitForRoom;
    /** The client's address for rate limits (rate-limit.ts, clientIp), set by the middleware. */
    clientIp: string;
  }
}
