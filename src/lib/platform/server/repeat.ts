// A background task run every `everyMs`: an error is logged (with what failed) and the next run
// goes on; the timer never keeps the process alive. A task that returns a promise (one that asks an
// outside service) is not started again while its last run is still going. Returns the function
// that stops it.
import { getLog } from './log';

export function repeatEvery(everyMs: number, failed: string, run: () => unknown): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    Promise.resolve()
      .then(run)
      .catch((err) => getLog().error({ err }, failed))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
