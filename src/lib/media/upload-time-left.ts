// The time left of a batch of uploads, as the owner's uploader shows it. Uppy's own estimate
// smooths the speed over 2 seconds, which is far too short here: photos go up one at a time and
// each is processed by the server (seconds with no progress at all) before the next starts, so
// the speed it sees swings between full speed and nearly nothing, and its "time left" jumped
// between 17 minutes and 2 hours. This keeps an exponentially weighted average of the rate with
// a half-life of 30 seconds, taken over steps of at least a second and weighted by how long each
// step lasted, so that a processing pause counts for exactly its share of the time: the average
// settles on the batch's real pace (bytes over time, pauses included), and the words round it.
// Hand-written: a dozen lines, where a library would bring a whole stats toolkit for one average.

const HALF_LIFE_MS = 30_000;
/** Shorter steps are joined to the next: progress events come in bursts a few ms apart. */
const MIN_STEP_MS = 1000;
/** Nothing is said before this much of the batch has gone by: the first seconds say little. */
const WARM_UP_MS = 5000;

export interface TimeLeft {
  /** The bytes sent so far of the batch's total, at `nowMs`; answers the seconds left, or null. */
  update(sent: number, total: number, nowMs: number): number | null;
}

export function createTimeLeft(halfLifeMs = HALF_LIFE_MS): TimeLeft {
  let startMs = 0;
  let last: { t: number; sent: number; total: number } | null = null;
  let rate: number | null = null;
  return {
    update(sent, total, nowMs) {
      // A new batch (or a file taken out of it) starts the average again.
      if (!last || total !== last.total || sent < last.sent) {
        startMs = nowMs;
        last = { t: nowMs, sent, total };
        rate = null;
        return null;
      }
      const dt = nowMs - last.t;
      if (dt >= MIN_STEP_MS) {
        const stepRate = (sent - last.sent) / dt;
        const weight = 1 - 2 ** (-dt / halfLifeMs);
        rate = rate === null ? stepRate : rate + weight * (stepRate - rate);
        last = { t: nowMs, sent, total };
      }
      if (rate === null || rate <= 0 || nowMs - startMs < WARM_UP_MS) return null;
      return Math.max(0, total - sent) / rate / 1000;
    },
  };
}

/** The time left in words, rounded coarser the longer it is: to the minute, 5 minutes, a quarter hour. */
export function timeLeftInWords(seconds: number): string {
  if (seconds < 60) return 'Less than a minute left';
  const minutes = seconds / 60;
  const step = minutes < 10 ? 1 : minutes < 60 ? 5 : 15;
  const rounded = Math.round(minutes / step) * step;
  const h = Math.floor(rounded / 60);
  const m = rounded % 60;
  const words = [
    h ? `${h} hour${h === 1 ? '' : 's'}` : '',
    m ? `${m} minute${m === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return `About ${words.join(' ')} left`;
}
