// The time left of a batch of uploads, as the admin shows it under the uploader.
// Uppy's own estimate follows the speed of the last two seconds: a batch of photos, each sent and
// then processed by the server (a pause with no bytes moving), makes it swing between minutes and
// hours. This one divides what is left by the pace of the whole batch so far (bytes done over the
// time since the batch started, pauses included), which settles after the first files and stays
// put; the words then move in steps (minutes, then 5 minutes, then quarter hours), so they change
// only when the estimate really does.

export interface BatchProgress {
  /** When the batch started (ms). */
  startedAt: number;
  now: number;
  /** Bytes sent so far, finished files counted whole. */
  doneBytes: number;
  totalBytes: number;
}

/** Too early to say anything honest: the first seconds of a batch. */
const SETTLING_MS = 3000;

/** Seconds left at the batch's pace so far, or null when it cannot be told yet (or nothing is left). */
export function secondsLeft({ startedAt, now, doneBytes, totalBytes }: BatchProgress): number | null {
  const elapsed = now - startedAt;
  const left = totalBytes - doneBytes;
  if (left <= 0 || doneBytes <= 0 || elapsed < SETTLING_MS) return null;
  return (left * elapsed) / doneBytes / 1000;
}

/** The estimate in words, in steps coarse enough not to flicker. */
export function timeLeftWords(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return 'Less than a minute left';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 20) return minutes === 1 ? 'About a minute left' : `About ${minutes} minutes left`;
  if (minutes < 60) return `About ${Math.ceil(minutes / 5) * 5} minutes left`;
  const quarters = Math.ceil(minutes / 15);
  const hours = Math.floor(quarters / 4);
  const rest = (quarters % 4) * 15;
  const h = hours === 1 ? '1 hour' : `${hours} hours`;
  return rest === 0 ? `About ${h} left` : `About ${h} ${rest} minutes left`;
}
