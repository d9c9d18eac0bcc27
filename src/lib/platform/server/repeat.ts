// A background task run every `everyMs`: an error is logged (with what failed) and the next run
// goes on; the timer never keeps the process alive. Returns the function that stops it.
import { getLog } from './log';

export function repeatEvery(everyMs: number, failed: string, run: () => unknown): () => void {
  const timer = setInterval(() => {
    try {
      run();
    } catch (err) {
      getLog().error({ err }, failed);
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
