// The one limit on password guesses, for every way in (the sign-in page and better-auth's own
// sign-in routes), kept in memory for this one process:
//  - per address: at most 10 failed attempts in 15 minutes;
//  - per account (the e-mail, trimmed and lower-cased), from all addresses together: 10 failures
//    in an hour, then each further attempt waits after the last failure, 1 minute, then 2, 4, 8 …
//    up to an hour, until the failures are an hour old. A browser the account has signed in from
//    before (device-cookie.ts) is not held by this lock, only by its address's limit; its
//    failures still count towards the account's.
// An attempt is counted as a failure from the moment it is let through, so that attempts sent in
// parallel cannot all pass before the first one fails; a success or a malformed request gives that
// place back, and a success clears its address's failures. A refused attempt is not counted.
// Hand-written: the rule (two keys, a growing wait, places held while the password is checked)
// is not what a generic rate limiter does, and a few maps of timestamps are enough.
import { registerInstance } from '../instances';

export interface SignInLimits {
  addressMax: number;
  addressWindowMs: number;
  accountMax: number;
  accountWindowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

const MINUTE = 60_000;
const DEFAULTS: SignInLimits = {
  addressMax: 10,
  addressWindowMs: 15 * MINUTE,
  accountMax: 10,
  accountWindowMs: 60 * MINUTE,
  firstDelayMs: MINUTE,
  maxDelayMs: 60 * MINUTE,
};

/** failure: the password check said no; neither: the request never reached it (malformed, error). */
export type SignInOutcome = 'success' | 'failure' | 'neither';

export type Admission =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; finish: (outcome: SignInOutcome) => void };

/** Failure times per key, kept only while they are inside the window. */
class Failures {
  private readonly times = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  recent(key: string, now: number): number[] {
    const kept = (this.times.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (kept.length === 0) this.times.delete(key);
    else this.times.set(key, kept);
    return kept;
  }

  add(key: string, at: number): void {
    if (this.times.size > 10_000) this.prune(at);
    this.times.set(key, [...(this.times.get(key) ?? []), at]);
  }

  remove(key: string, at: number): void {
    const list = this.times.get(key);
    const i = list?.indexOf(at) ?? -1;
    if (list && i >= 0) list.splice(i, 1);
  }

  clear(key: string): void {
    this.times.delete(key);
  }

  private prune(now: number): void {
    for (const key of [...this.times.keys()]) this.recent(key, now);
  }
}

export function accountKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
}

export class SignInLimiter {
  private readonly limits: SignInLimits;
  private readonly byAddress: Failures;
  private readonly byAccount: Failures;

  constructor(limits: Partial<SignInLimits> = {}) {
    this.limits = { ...DEFAULTS, ...limits };
    this.byAddress = new Failures(this.limits.addressWindowMs);
    this.byAccount = new Failures(this.limits.accountWindowMs);
  }

  /**
   * Refuses an attempt with the seconds to wait, or lets it through to the password check.
   * `knownDevice`: the browser has signed in to this account before, so the account's lock does
   * not hold it back.
   */
  admit(address: string, email: string | null | undefined, now = Date.now(), knownDevice = false): Admission {
    const account = accountKey(email);
    const accountWait = account && !knownDevice ? this.accountWait(account, now) : 0;
    const waitMs = Math.max(this.addressWait(address, now), accountWait);
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    this.byAddress.add(address, now);
    if (account) this.byAccount.add(account, now);
    let finished = false;
    const finish = (outcome: SignInOutcome) => {
      if (finished) return;
      finished = true;
      if (outcome === 'failure') return;
      if (account) this.byAccount.remove(account, now);
      if (outcome === 'success') this.byAddress.clear(address);
      else this.byAddress.remove(address, now);
    };
    return { allowed: true, finish };
  }

  private addressWait(address: string, now: number): number {
    const { addressMax, addressWindowMs } = this.limits;
    const times = this.byAddress.recent(address, now).sort((a, b) => a - b);
    if (times.length < addressMax) return 0;
    // Allowed again when enough of them have left the window to be under the limit.
    return (times[times.length - addressMax] as number) + addressWindowMs - now;
  }

  private accountWait(account: string, now: number): number {
    const { accountMax, firstDelayMs, maxDelayMs } = this.limits;
    const times = this.byAccount.recent(account, now);
    if (times.length < accountMax) return 0;
    const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** (times.length - accountMax));
    return Math.max(...times) + delay - now;
  }
}

/** What a refused visitor reads. */
export function waitMessage(seconds: number): string {
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many sign-in attempts. Please wait ${wait} and try again.`;
}

registerInstance('sign-in limit', import.meta.url);
const limiter = new SignInLimiter();

/** The process's one limiter, shared by every way in. */
export function getSignInLimiter(): SignInLimiter {
  return limiter;
}
