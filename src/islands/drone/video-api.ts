// The drone media list as GET /api/drone-media answers it, and the Videos tab's query key.

import { read } from '~/lib/platform/client/query';
import type { DroneMediaType } from '~/lib/site/constants';

export interface DroneMediaItem {
  id: string;
  type: DroneMediaType;
  url: string;
  title: string | null;
  description: string | null;
  isActive: boolean;
  isFeatured: boolean;
  /** A video's poster frame (a JPEG derivative), or null when none was made. */
  poster: string | null;
}

export const DRONE_MEDIA_PATH = '/api/drone-media';
export const droneMediaKey = [DRONE_MEDIA_PATH] as const;

export async function readDroneVideos(): Promise<DroneMediaItem[]> {
  const all = (await read<DroneMediaItem[]>(DRONE_MEDIA_PATH)) ?? [];
  return all.filter((m) => m.type === 'video');
}

export const videoName = (v: Pick<DroneMediaItem, 'title'>) => v.title?.trim() || 'Untitled video';
