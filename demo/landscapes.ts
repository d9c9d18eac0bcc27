// Draws the demo photographs for a fresh install, procedurally, so the repository ships no
// third-party photos. Each photo's scene (scenes.ts) is painted as layered SVG (svg-layers.ts)
// and rasterised by sharp. Output is deterministic: same photo, same SVG, same JPEG bytes.
//
// This folder is not part of the server bundle: the seed imports it with import() only when a
// picture is missing from the demo cache (server/seed/demo-images.ts).

import sharp from 'sharp';
import { SCENES } from './scenes';
import { renderSceneSvg } from './svg-layers';

export type { Layer, LightName, SceneSpec } from './scene';

/** What the drawing needs to know of a demo photo: its scene (by slug) and its size in pixels. */
export interface Canvas {
  slug: string;
  width: number;
  height: number;
}

export function renderLandscapeSvg(photo: Canvas): string {
  const scene = SCENES[photo.slug];
  if (!scene) throw new Error(`No demo scene is drawn for "${photo.slug}".`);
  return renderSceneSvg(scene, photo.width, photo.height);
}

export async function renderLandscapeJpeg(photo: Canvas): Promise<Buffer> {
  const svg = renderLandscapeSvg(photo);
  return sharp(Buffer.from(svg), { limitInputPixels: false })
    .jpeg({ quality: 88, mozjpeg: false })
    .toBuffer();
}
