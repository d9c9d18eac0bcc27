// An uploaded video, processed once like a photo:
// - its metadata is removed by a remux: global, stream and chapter metadata dropped, only the
//   video and audio streams kept (data and subtitle tracks can carry GPS), stream copy so nothing is
//   re-encoded. That also drops the INFO chunks of an AVI, and ffmpeg's own encoder tag.
// - a poster frame is taken at 1 s (the first frame of a shorter clip) and goes through the one
//   image module as derivatives, so a page shows a picture before the video plays.
// When ffmpeg cannot run, the file is left as it came and there is no poster; the caller decides.
import { rename, rm, stat } from 'node:fs/promises';
import { type ProcessedPhoto, processPhoto } from '~/lib/media/images.server';
import { type MediaAccess, tmpPath } from '~/lib/platform/server/storage/storage';
import { runFfmpeg } from './ffmpeg.server';

export type VideoExt = 'mp4' | 'mov' | 'avi';

export interface ProcessedVideo {
  /** True when the metadata-free remux replaced the file. */
  remuxed: boolean;
  /** The poster frame's derivatives, or null when none could be made. */
  poster: ProcessedPhoto | null;
  /** Why a step did not happen, for the log. */
  problems: string[];
}

/** The container of a detected video type (MP4 unless it is MOV or AVI). */
export function videoExt(ext: string): VideoExt {
  return ext === 'mov' || ext === 'avi' ? ext : 'mp4';
}

const MUXER: Record<VideoExt, string> = { mp4: 'mp4', mov: 'mov', avi: 'avi' };
const POSTER_AT_SECONDS = '1';

/** The arguments of the remux of `input` into `output` (both paths made by the server). */
export function remuxArgs(input: string, output: string, ext: VideoExt): string[] {
  return [
    '-y',
    '-i',
    input,
    '-map',
    '0:v',
    '-map',
    '0:a?',
    '-map_metadata',
    '-1',
    '-map_metadata:s:v',
    '-1',
    '-map_metadata:s:a',
    '-1',
    '-map_chapters',
    '-1',
    '-c',
    'copy',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    ...(ext === 'avi' ? [] : ['-write_tmcd', '0', '-movflags', '+faststart']),
    '-f',
    MUXER[ext],
    output,
  ];
}

/** Removes the metadata of the video at `file` in place; the reason (file untouched) when ffmpeg fails. */
export async function remuxWithoutMetadata(file: string, ext: VideoExt): Promise<string | null> {
  const out = tmpPath('remux');
  const run = await runFfmpeg(remuxArgs(file, out, ext));
  if (!run.ok || !(await nonEmpty(out))) {
    await rm(out, { force: true });
    return run.message || 'the remux produced no file';
  }
  await rename(out, file);
  return null;
}

/** One frame of the video as a PNG file: at 1 s, or the first frame of a shorter clip. */
async function grabFrame(file: string): Promise<{ png: string | null; problem: string | null }> {
  const png = tmpPath('poster');
  let problem: string | null = null;
  for (const seek of [['-ss', POSTER_AT_SECONDS], []]) {
    const run = await runFfmpeg([
      '-y',
      ...seek,
      '-i',
      file,
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      png,
    ]);
    if (run.ok && (await nonEmpty(png))) return { png, problem: null };
    problem = run.message || 'the video has no frame to show';
    await rm(png, { force: true });
  }
  return { png: null, problem };
}

/** `posterAccess`: where the poster's derivatives are kept ('private' for a client gallery's video). */
export async function processVideo(
  file: string,
  ext: VideoExt,
  posterAccess: MediaAccess = 'public',
): Promise<ProcessedVideo> {
  const problems: string[] = [];
  const remuxProblem = await remuxWithoutMetadata(file, ext);
  if (remuxProblem) {
    problems.push(`metadata remux: ${remuxProblem}`);
    // Without a remux ffmpeg did not read the file; a poster would fail the same way.
    return { remuxed: false, poster: null, problems };
  }
  const frame = await grabFrame(file);
  if (!frame.png) {
    problems.push(`poster frame: ${frame.problem}`);
    return { remuxed: true, poster: null, problems };
  }
  try {
    const poster = await processPhoto(frame.png, { avif: 'defer', access: posterAccess });
    return { remuxed: true, poster, problems };
  } catch (err) {
    problems.push(`poster frame: ${err instanceof Error ? err.message : String(err)}`);
    return { remuxed: true, poster: null, problems };
  } finally {
    await rm(frame.png, { force: true });
  }
}

async function nonEmpty(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  return Boolean(info && info.size > 0);
}
