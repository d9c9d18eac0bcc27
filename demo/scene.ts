// Scene description for the procedural demo landscapes. A scene is a light preset plus an
// ordered list of layers painted back to front. All positions are fractions of the image
// (x of the width, y of the height) unless a field says otherwise.

import type { Pt } from './svg-kit';

export type LightName = 'dawn' | 'golden' | 'mist' | 'blue-hour' | 'day' | 'overcast' | 'dusk';

export interface SunSpec {
  x: number;
  y: number;
  /** Disk radius as a fraction of the width (default 0.016). */
  size?: number;
  moon?: boolean;
  /** Glow radius as a fraction of the width (default 0.55). */
  glow?: number;
  /** Draw the disk itself (default true); false = only a diffuse brightening. */
  disk?: boolean;
}

export interface CloudSpec {
  count: number;
  /** Vertical band (fractions of the height) the clouds sit in. */
  top?: number;
  bottom?: number;
  /** Size multiplier (default 1). */
  scale?: number;
  opacity?: number;
  /** Width/height stretch (default 1; > 1 = flatter, streakier). */
  stretch?: number;
}

/** How ground-plane layers (patchwork, river, coast seen from the air) are projected. */
export type GroundView =
  | { mode: 'topdown'; metresAcross: number }
  | { mode: 'oblique'; horizon: number; height: number; far: number; fov?: number };

export type Texture = 'heather' | 'gorse' | 'grass' | 'marram' | 'rocks' | 'bracken' | 'crags';

export interface TextureSpec {
  kind: Texture;
  /** Number of clumps for a full-width hill at 4200 px (scaled by area). */
  count: number;
  /** Restrict to the part of the hill from the crest down to this fraction (0..1, default 1). */
  depth?: number;
}

export interface Peak {
  /** Which ridge (0 = farthest; negative counts from the nearest). */
  ridge: number;
  x: number;
  /** Half width, fraction of the image width. */
  width: number;
  /** Height, fraction of the image height. */
  height: number;
  shape?: 'cone' | 'dome';
}

export interface RidgesLayer {
  type: 'ridges';
  count: number;
  /** Valley line of the farthest ridge and of the nearest one. */
  top: number;
  bottom: number;
  /** Crest relief, fraction of the height (default 0.09). */
  amplitude?: number;
  roughness?: number;
  /** Where the fill stops (default 1 = image bottom). */
  floor?: number;
  peaks?: readonly Peak[];
  /** Snowline: 0 = none, 1 = everything white. Applies to the upper part of each ridge. */
  snow?: number;
  /** How strongly each ridge's foot fades into the haze (default 0.45). */
  mist?: number;
  far?: string;
  near?: string;
  /** Horizontal extent (default whole width). */
  x0?: number;
  x1?: number;
}

/** A side boundary for a hill or forest (a valley wall seen from above), from the crest end down. */
export interface Edge {
  side: 'left' | 'right';
  points: readonly Pt[];
}

export interface HillLayer {
  type: 'hill';
  /** Crest control points, left to right. */
  points: readonly Pt[];
  noise?: number;
  roughness?: number;
  color?: string;
  /** 0 = foreground, 1 = lost in haze. */
  distance?: number;
  /** Darkening towards the bottom (default 0.35). */
  shade?: number;
  textures?: readonly TextureSpec[];
  /** Bottom of the fill (default 1). */
  floor?: number;
  /** Paint the crest with a thin sunlit rim. */
  rim?: boolean;
  /** Soft colour patches (default 22). */
  mottle?: number;
  /** Strength of the sun/shade slope wash (default 1). */
  shading?: number;
  edge?: Edge;
}

export interface SeaLayer {
  type: 'sea';
  horizon: number;
  color?: string;
  glitter?: number;
  waves?: number;
}

export interface BeachLayer {
  type: 'beach';
  /** Shoreline control points (left to right). Sand fills below it. */
  points: readonly Pt[];
  color?: string;
  surf?: number;
}

export interface LakeLayer {
  type: 'lake';
  top: number;
  bottom?: number;
  color?: string;
  ripples?: number;
  /** A pale beach on the far shore (Lough Tay). */
  beach?: { x: number; width: number };
}

export interface FieldsLayer {
  type: 'fields';
  top: number;
  bottom: number;
  bands: number;
  amplitude?: number;
  columns?: number;
  vanishX?: number;
  trees?: number;
  palette?: Palette;
  /** Haze on the farthest band (default 0.45). */
  haze?: number;
}

export type Palette = 'summer' | 'autumn' | 'spring';

export interface TreesLayer {
  type: 'trees';
  kind: 'round' | 'pine';
  count: number;
  /** x0, y0, x1, y1: trees' feet fall inside this box; size grows from y0 to y1. */
  area: readonly [number, number, number, number];
  /** Tree height at y0 and y1, fraction of the image height. */
  size: readonly [number, number];
  palette?: 'summer' | 'autumn' | 'dark';
  distance?: number;
}

export interface ForestLayer {
  type: 'forest';
  points: readonly Pt[];
  /** Tree width in px at 4200 wide. */
  tree: number;
  distance?: number;
  floor?: number;
  color?: string;
  /** Conifer tops scattered over the slope (count at 4200 px wide). */
  canopy?: number;
  edge?: Edge;
}

export interface MistLayer {
  type: 'mist';
  y: number;
  height: number;
  opacity: number;
  color?: string;
  /** both = soft band, down = opaque at y fading downwards, up = opaque at y + height fading upwards. */
  fade?: 'both' | 'down' | 'up';
}

export interface RoundTowerLayer {
  type: 'round-tower';
  x: number;
  /** Omitted: stands on the last painted silhouette. */
  y?: number;
  height: number;
  distance?: number;
}

export interface LighthouseLayer {
  type: 'lighthouse';
  x: number;
  /** Omitted: stands on the last painted silhouette. */
  y?: number;
  height: number;
  beam?: boolean;
}

export interface WaterfallLayer {
  type: 'waterfall';
  x: number;
  top: number;
  bottom: number;
  width: number;
}

export interface MastLayer {
  type: 'mast';
  x: number;
  /** Omitted: stands on the last painted silhouette. */
  y?: number;
  height: number;
}

export interface PierLayer {
  type: 'pier';
  /** Near end (bottom of the wall) and far end, image fractions. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Wall height at the near end, fraction of the image height. */
  thickness: number;
  lamps: number;
}

export interface LightsLayer {
  type: 'lights';
  x0: number;
  x1: number;
  y: number;
  count: number;
  reflect?: boolean;
}

/** A footpath, boardwalk or lane leading into the picture (screen space, tapering away). */
export interface TrackLayer {
  type: 'track';
  /** From the viewer outwards. */
  points: readonly Pt[];
  /** Width at the near end, fraction of the image width. */
  width: number;
  color?: string;
}

export interface StandingStonesLayer {
  type: 'stones';
  x: number;
  y: number;
  count: number;
  size: number;
}

// ---- ground-plane layers (drawn through the scene's GroundView) ----

export interface GroundBaseLayer {
  type: 'ground-base';
  color?: string;
}

export interface PatchworkLayer {
  type: 'patchwork';
  /** Mean field size in metres. */
  field: number;
  rotation?: number;
  palette?: Palette;
  hedge?: number;
  trees?: number;
  sheep?: number;
  /** Skip fields lying wholly above this image fraction (hidden behind hills anyway). */
  top?: number;
}

export interface RibbonLayer {
  type: 'river' | 'road';
  /** Control points in image fractions (unprojected onto the ground). */
  points: readonly Pt[];
  /** Width in metres. */
  width: number;
  meander?: number;
}

export interface CoastLayer {
  type: 'coast';
  points: readonly Pt[];
  sea: 'left' | 'right';
  /** Beach width in metres (0 = rocky). */
  beach: number;
  dunes?: number;
  meander?: number;
  cliffs?: boolean;
}

export interface BlobLayer {
  type: 'woods' | 'ground-lake';
  /** Centre in image fractions. */
  x: number;
  y: number;
  /** Radii in metres (along the ground's x and depth). */
  rx: number;
  ry: number;
  rotation?: number;
}

export interface FarmsLayer {
  type: 'farms';
  count: number;
  /** Where the yards cluster, image fractions. */
  near: readonly Pt[];
}

export type Layer =
  | RidgesLayer
  | HillLayer
  | SeaLayer
  | BeachLayer
  | LakeLayer
  | FieldsLayer
  | TreesLayer
  | ForestLayer
  | MistLayer
  | RoundTowerLayer
  | LighthouseLayer
  | WaterfallLayer
  | MastLayer
  | PierLayer
  | LightsLayer
  | StandingStonesLayer
  | TrackLayer
  | GroundBaseLayer
  | PatchworkLayer
  | RibbonLayer
  | CoastLayer
  | BlobLayer
  | FarmsLayer;

export interface SceneSpec {
  seed: number;
  light: LightName;
  /** Where the sky gradient meets the land or sea (fraction of the height). */
  horizon: number;
  sun?: SunSpec;
  clouds?: CloudSpec;
  stars?: number;
  ground?: GroundView;
  layers: readonly Layer[];
  /** Corner darkening, 0..1 (default 0.28). */
  vignette?: number;
}
