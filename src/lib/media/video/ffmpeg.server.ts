// Runs ffmpeg: the binary named by FFMPEG_PATH, or else the static one that comes with the npm
// package @ffmpeg-installer/ffmpeg. Every run has a time limit and keeps at most a few KiB of its
// messages; arguments are built by the caller from paths it made itself, never from request input.
// One run at a time: encoding is heavy on a small box, and uploads and the seed can wait for it.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { getConfig } from '~/lib/platform/server/config';
import { registerInstance } from '~/lib/platform/server/instances';

registerInstance('ffmpeg', import.meta.url);

export const FFMPEG_TIMEOUT_MS = 120_000;
const MAX_MESSAGE_BYTES = 8 * 1024;

export interface FfmpegRun {
  ok: boolean;
  /** ffmpeg's own last words (bounded), for the log. */
  message: string;
}

/** The binary to run, or null when none is configured or bundled. */
export function ffmpegPath(): string | null {
  const configured = getConfig().ffmpegPath;
  if (configured) return configured;
  try {
    // Resolved at run time: the package finds its platform's binary next to itself.
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: string };
    return installer.path ?? null;
  } catch {
    return null;
  }
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs ffmpeg with these arguments; resolves (never rejects) with whether it succeeded. */
export function runFfmpeg(args: readonly string[], timeoutMs = FFMPEG_TIMEOUT_MS): Promise<FfmpegRun> {
  const run = queue.then(() => spawnOnce(args, timeoutMs));
  queue = run.catch(() => {});
  return run;
}

function spawnOnce(args: readonly string[], timeoutMs: number): Promise<FfmpegRun> {
  const bin = ffmpegPath();
  if (!bin) return Promise.resolve({ ok: false, message: 'ffmpeg is not installed' });
  return new Promise((resolve) => {
    let message = '';
    let settled = false;
    const done = (result: FfmpegRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const child = spawn(bin, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done({ ok: false, message: `ffmpeg took longer than ${timeoutMs / 1000} s and was stopped` });
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      message = (message + chunk.toString('utf8')).slice(-MAX_MESSAGE_BYTES);
    });
    child.on('error', (err) => done({ ok: false, message: `ffmpeg could not run: ${err.message}` }));
    child.on('close', (code) => done({ ok: code === 0, message: message.trim() }));
  });
}

/** True when ffmpeg can run here (it answers -version). */
export async function hasFfmpeg(): Promise<boolean> {
  return (await runFfmpeg(['-version'], 10_000)).ok;
}
