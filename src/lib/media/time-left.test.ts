// The time left of a batch of photo uploads: each file is sent, then the server processes it while
// no byte moves. The estimate must settle after the first files and then stay near the truth, where
// an estimate from the last two seconds' speed swings from minutes to hours at every pause.
import { describe, expect, it } from 'vitest';
import { secondsLeft, timeLeftWords } from '~/lib/media/time-left';

const FILES = 40;
const FILE_BYTES = 25 * 1024 ** 2;
const SEND_S = 10; // 2.5 MB/s
const PROCESS_S = 15;

/** Bytes done at second t of the batch (a file counts once it is sent). */
function doneAt(t: number): number {
  const perFile = SEND_S + PROCESS_S;
  const whole = Math.min(FILES, Math.floor(t / perFile));
  const into = t - whole * perFile;
  const sending = whole < FILES ? Math.min(1, into / SEND_S) * FILE_BYTES : 0;
  return whole * FILE_BYTES + sending;
}

const TOTAL_S = FILES * (SEND_S + PROCESS_S);
const TOTAL_BYTES = FILES * FILE_BYTES;

/** Each second from the fourth file until two files before the end: the estimate and the truth. */
function settledSeconds() {
  const out: { t: number; estimate: number | null; truth: number }[] = [];
  for (let t = 4 * (SEND_S + PROCESS_S); t < TOTAL_S - 2 * (SEND_S + PROCESS_S); t++) {
    const estimate = secondsLeft({
      startedAt: 0,
      now: t * 1000,
      doneBytes: doneAt(t),
      totalBytes: TOTAL_BYTES,
    });
    out.push({ t, estimate, truth: TOTAL_S - t });
  }
  return out;
}

describe('the time left of a batch of uploads', () => {
  it('says nothing in the first seconds, or before a byte is sent', () => {
    expect(secondsLeft({ startedAt: 0, now: 2000, doneBytes: 5, totalBytes: 10 })).toBeNull();
    expect(secondsLeft({ startedAt: 0, now: 9000, doneBytes: 0, totalBytes: 10 })).toBeNull();
    expect(secondsLeft({ startedAt: 0, now: 9000, doneBytes: 10, totalBytes: 10 })).toBeNull();
  });

  it('stays within a third of the truth from the fourth file on, through every pause', () => {
    for (const { t, estimate, truth } of settledSeconds()) {
      expect(estimate, `at ${t} s`).not.toBeNull();
      expect(
        Math.abs((estimate as number) - truth) / truth,
        `at ${t} s: ${estimate} s for ${truth} s`,
      ).toBeLessThan(1 / 3);
    }
  });

  it('never doubles or halves from one second to the next once settled, where the last seconds’ speed does', () => {
    let previous: number | null = null;
    let worstRatio = 1;
    // Uppy's way: the speed of the last moments, smoothed with a 2-second half-life.
    let speed: number | null = null;
    let worstUppyRatio = 1;
    let previousUppy: number | null = null;
    for (const { t, estimate } of settledSeconds()) {
      if (previous !== null && estimate !== null)
        worstRatio = Math.max(worstRatio, estimate / previous, previous / estimate);
      previous = estimate;
      const instant = doneAt(t) - doneAt(t - 1);
      speed = speed === null ? instant : speed * 0.5 ** (1 / 2) + instant * (1 - 0.5 ** (1 / 2));
      const uppy = speed > 0 ? (TOTAL_BYTES - doneAt(t)) / speed : Number.POSITIVE_INFINITY;
      if (previousUppy !== null && Number.isFinite(uppy) && Number.isFinite(previousUppy))
        worstUppyRatio = Math.max(worstUppyRatio, uppy / previousUppy, previousUppy / uppy);
      previousUppy = uppy;
    }
    expect(worstRatio).toBeLessThan(1.1);
    expect(worstUppyRatio).toBeGreaterThan(2);
  });

  it('is told in steps: minutes, then fives, then quarter hours', () => {
    expect(timeLeftWords(null)).toBeNull();
    expect(timeLeftWords(30)).toBe('Less than a minute left');
    expect(timeLeftWords(61)).toBe('About 2 minutes left');
    expect(timeLeftWords(60)).toBe('About a minute left');
    expect(timeLeftWords(17 * 60 - 5)).toBe('About 17 minutes left');
    expect(timeLeftWords(21 * 60)).toBe('About 25 minutes left');
    expect(timeLeftWords(60 * 60)).toBe('About 1 hour left');
    expect(timeLeftWords(61 * 60)).toBe('About 1 hour 15 minutes left');
    expect(timeLeftWords(2 * 3600 + 20 * 60)).toBe('About 2 hours 30 minutes left');
  });
});
