// Test clips made by the ffmpeg that comes with npm: a colour test pattern with a tone, and on
// request the things a remux must remove: a location and title, a stream handler name, a
// subtitle track (MP4/MOV), a timecode data track (MOV) and INFO chunks (AVI).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remuxArgs } from '~/lib/media/video/process-video.server';

export const ffmpegBin = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
  .path;

export const SECRET_LOCATION = '+53.0123-006.3123/';

export interface ClipOptions {
  seconds?: number;
  /** Location, title, subtitle and data tracks to be removed. */
  tagged?: boolean;
}

export function makeClip(
  ext: 'mp4' | 'mov' | 'avi',
  { seconds = 2, tagged = false }: ClipOptions = {},
): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'clip-'));
  try {
    const out = join(dir, `clip.${ext}`);
    const srt = join(dir, 'gps.srt');
    writeFileSync(srt, '1\n00:00:00,000 --> 00:00:01,000\nGPS 53.0123N 6.3123W\n');
    const inputs = [
      ...['-f', 'lavfi', '-i', `testsrc=size=320x180:rate=10:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=duration=${seconds}`],
      ...(tagged && ext !== 'avi' ? ['-i', srt] : []),
    ];
    const codecs =
      ext === 'avi'
        ? ['-map', '0', '-map', '1', '-c:v', 'mpeg4', '-c:a', 'pcm_s16le']
        : [
            ...['-map', '0', '-map', '1', ...(tagged ? ['-map', '2'] : [])],
            ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
            ...(tagged ? ['-c:s', 'mov_text'] : []),
          ];
    const tags = tagged
      ? [
          ...['-metadata', `location=${SECRET_LOCATION}`, '-metadata', 'title=Secret flight'],
          ...['-metadata', 'comment=GPS 53.0123N', '-metadata:s:v', 'handler_name=GPSHandler'],
          ...(ext === 'mov' ? ['-timecode', '00:00:00:00'] : []),
        ]
      : [];
    execFileSync(ffmpegBin, ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, ...codecs, ...tags, out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The stream kinds ffmpeg reads in a file, in order (e.g. ['Video', 'Audio']). */
export function streamKinds(file: string): string[] {
  let text = '';
  try {
    execFileSync(ffmpegBin, ['-hide_banner', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    // ffmpeg -i without an output exits 1 after describing the input.
    text = String((err as { stderr?: Buffer }).stderr ?? '');
  }
  return [...text.matchAll(/Stream #0:\d+(?:\(\w+\))?: (\w+):/g)].map((m) => m[1] ?? '');
}

/** A clip remuxed without its metadata as the site's processing does (remuxArgs). */
export function remuxedClip(clip: Buffer, ext: 'mp4' | 'mov' | 'avi'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'remux-'));
  try {
    const [input, output] = [join(dir, `in.${ext}`), join(dir, `out.${ext}`)];
    writeFileSync(input, clip);
    execFileSync(ffmpegBin, ['-hide_banner', '-loglevel', 'error', ...remuxArgs(input, output, ext)]);
    return readFileSync(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
