import { describe, expect, it } from 'vitest';
import { type Admission, SignInLimiter, waitMessage } from '~/lib/platform/server/auth/sign-in-limit';

const MIN = 60_000;
const OWNER = 'owner@example.com';

/** One attempt that reaches the password check and fails; returns the admission. */
function fail(
  limiter: SignInLimiter,
  address: string,
  email: string,
  now: number,
  knownDevice = false,
): Admission {
  const a = limiter.admit(address, email, now, knownDevice);
  if (a.allowed) a.finish('failure');
  return a;
}

/** Whether an attempt would be let through now (it is then given back, as if malformed). */
function probe(limiter: SignInLimiter, address: string, email: string, now: number): boolean {
  const a = limiter.admit(address, email, now);
  if (a.allowed) a.finish('neither');
  return a.allowed;
}

const waitOf = (a: Admission) => (a.allowed ? 0 : a.retryAfterSeconds);

describe('SignInLimiter', () => {
  it('allows 10 failed attempts per address in 15 minutes, then refuses that address only', () => {
    const limiter = new SignInLimiter();
    for (let i = 0; i < 10; i++)
      expect(fail(limiter, '203.0.113.9', `u${i}@example.com`, i * 1000).allowed).toBe(true);
    const refused = limiter.admit('203.0.113.9', 'someone-new@example.com', 10_000);
    expect(refused.allowed).toBe(false);
    // The oldest failure (at 0 s) leaves the window at 15 minutes.
    expect(waitOf(refused)).toBe(15 * 60 - 10);
    expect(limiter.admit('198.51.100.1', 'someone-new@example.com', 10_000).allowed).toBe(true);
  });

  it('allows 10 failures per account from all addresses together, then makes the next attempt wait', () => {
    const limiter = new SignInLimiter();
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? OWNER : '  Owner@Example.COM ';
      expect(fail(limiter, `198.51.100.${i}`, email, i * 1000).allowed).toBe(true);
    }
    const refused = limiter.admit('203.0.113.50', OWNER, 9_000);
    expect(refused.allowed).toBe(false);
    expect(waitOf(refused)).toBe(60);
    // Other accounts are not affected.
    expect(limiter.admit('203.0.113.50', 'other@example.com', 9_000).allowed).toBe(true);
  });

  it('the wait grows with each further failure (1, 2, 4, 8 ... minutes), capped at an hour', () => {
    const limiter = new SignInLimiter({ accountWindowMs: 24 * 60 * MIN });
    let now = 0;
    for (let i = 0; i < 10; i++) fail(limiter, `10.0.0.${i}`, OWNER, now);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const early = limiter.admit(`10.0.1.${i}`, OWNER, now + 1000);
      waits.push(waitOf(early));
      now += waitOf(early) * 1000 + 1000;
      expect(fail(limiter, `10.0.1.${i}`, OWNER, now).allowed).toBe(true);
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600].map((s) => s - 1));
  });

  it('refuses the right password during the wait (it never reaches the check) and takes it after', () => {
    const limiter = new SignInLimiter({ firstDelayMs: 50 });
    for (let i = 0; i < 10; i++) fail(limiter, `10.0.0.${i}`, OWNER, 1000);
    expect(limiter.admit('10.0.9.9', OWNER, 1020).allowed).toBe(false);
    const later = limiter.admit('10.0.9.9', OWNER, 1050);
    expect(later.allowed).toBe(true);
    if (later.allowed) later.finish('success');
  });

  it('a successful sign-in clears the failures of its address', () => {
    const limiter = new SignInLimiter();
    for (let i = 0; i < 9; i++) fail(limiter, '203.0.113.9', `u${i}@example.com`, 0);
    const ok = limiter.admit('203.0.113.9', 'me@example.com', 0);
    expect(ok.allowed).toBe(true);
    if (ok.allowed) ok.finish('success');
    for (let i = 0; i < 10; i++)
      expect(fail(limiter, '203.0.113.9', `v${i}@example.com`, 1).allowed).toBe(true);
    expect(limiter.admit('203.0.113.9', 'w@example.com', 2).allowed).toBe(false);
  });

  it('time passing restores both limits', () => {
    const limiter = new SignInLimiter();
    for (let i = 0; i < 10; i++) fail(limiter, '203.0.113.9', OWNER, 0);
    expect(probe(limiter, '198.51.100.1', OWNER, 30_000)).toBe(false);
    expect(probe(limiter, '203.0.113.9', 'x@example.com', 14 * MIN)).toBe(false);
    expect(probe(limiter, '203.0.113.9', 'x@example.com', 15 * MIN)).toBe(true);
    // After its wait, one more failure for the account, then a longer wait.
    expect(fail(limiter, '198.51.100.1', OWNER, 2 * MIN).allowed).toBe(true);
    expect(probe(limiter, '198.51.100.2', OWNER, 3 * MIN)).toBe(false);
    // An hour after its last failure the account starts afresh: 10 failures before any wait.
    for (let i = 0; i < 10; i++) expect(fail(limiter, `10.0.0.${i}`, OWNER, 62 * MIN + i).allowed).toBe(true);
    expect(probe(limiter, '10.0.1.1', OWNER, 62 * MIN + 10)).toBe(false);
  });

  it('counts attempts still at the password check, so a burst in parallel cannot pass the limit', () => {
    const limiter = new SignInLimiter();
    const inFlight = Array.from({ length: 10 }, (_, i) => limiter.admit(`10.0.0.${i}`, OWNER, 0));
    expect(inFlight.every((a) => a.allowed)).toBe(true);
    expect(limiter.admit('10.0.0.99', OWNER, 0).allowed).toBe(false);
    // An attempt that turns out to be neither (a malformed request) gives its place back.
    for (const a of inFlight) if (a.allowed) a.finish('neither');
    expect(limiter.admit('10.0.0.99', OWNER, 0).allowed).toBe(true);
  });

  it("a browser the account signed in from passes the account's lock, not its address's limit, and its failures still count", () => {
    const limiter = new SignInLimiter();
    for (let i = 0; i < 10; i++) fail(limiter, `198.51.100.${i}`, OWNER, 0);
    expect(limiter.admit('203.0.113.9', OWNER, 1000).allowed).toBe(false);
    const known = limiter.admit('203.0.113.9', OWNER, 1000, true);
    expect(known.allowed).toBe(true);
    if (known.allowed) known.finish('failure');
    // That failure counted for the account: the wait after it is now 2 minutes, not 1.
    expect(waitOf(limiter.admit('203.0.113.10', OWNER, 1000))).toBe(120);
    // Nine more from the known browser's address, then its address's limit holds it too.
    for (let i = 0; i < 9; i++) expect(fail(limiter, '203.0.113.9', OWNER, 2000, true).allowed).toBe(true);
    const refused = limiter.admit('203.0.113.9', OWNER, 3000, true);
    expect(refused.allowed).toBe(false);
    expect(waitOf(refused)).toBe(15 * 60 - 2);
  });

  it('without an e-mail, only the address is limited', () => {
    const limiter = new SignInLimiter();
    for (let i = 0; i < 10; i++) fail(limiter, '203.0.113.9', '', 0);
    expect(limiter.admit('203.0.113.9', undefined, 0).allowed).toBe(false);
    expect(limiter.admit('203.0.113.10', undefined, 0).allowed).toBe(true);
  });

  it('says how long to wait in words', () => {
    expect(waitMessage(1)).toBe('Too many sign-in attempts. Please wait 1 second and try again.');
    expect(waitMessage(45)).toBe('Too many sign-in attempts. Please wait 45 seconds and try again.');
    expect(waitMessage(60)).toBe('Too many sign-in attempts. Please wait 1 minute and try again.');
    expect(waitMessage(61)).toBe('Too many sign-in attempts. Please wait 2 minutes and try again.');
  });
});
