// Paints a SceneSpec as layered SVG. Everything is gradients, opacity and plain shapes: no SVG
// filters, which are very slow in librsvg at 4000+ px. Small repeated shapes (heather, trees,
// ripples, sheep) are merged into a few <path> elements per paint.

import type {
  BeachLayer,
  BlobLayer,
  CoastLayer,
  Edge,
  FarmsLayer,
  FieldsLayer,
  ForestLayer,
  GroundBaseLayer,
  GroundView,
  HillLayer,
  LakeLayer,
  Layer,
  LighthouseLayer,
  LightName,
  LightsLayer,
  MastLayer,
  MistLayer,
  Palette,
  PatchworkLayer,
  PierLayer,
  RibbonLayer,
  RidgesLayer,
  RoundTowerLayer,
  SceneSpec,
  SeaLayer,
  StandingStonesLayer,
  TextureSpec,
  TrackLayer,
  TreesLayer,
  WaterfallLayer,
} from './scene';
import {
  Batch,
  clamp,
  darken,
  desaturate,
  ellipseD,
  gauss,
  hashSeed,
  lerp,
  lighten,
  mix,
  mulberry32,
  n1,
  n3,
  type Pt,
  pick,
  polyD,
  qop,
  type Rng,
  range,
  sampleSpline,
  smoothD,
  smoothstep,
} from './svg-kit';

// ---------------------------------------------------------------- light presets

interface LightPreset {
  /** Sky from zenith to horizon. */
  sky: readonly [string, string, string, string];
  sun: string;
  glow: string;
  glowStrength: number;
  haze: string;
  far: string;
  near: string;
  land: string;
  cloudLit: string;
  cloudShade: string;
  water: string;
  sea: string;
  tint: string;
  tintAmount: number;
  /** 1 = full daylight; lower darkens the land. */
  brightness: number;
  rim: string;
}

const LIGHTS: Record<LightName, LightPreset> = {
  dawn: {
    sky: ['#4d5c80', '#8c89a8', '#d4a9a8', '#f2c8a4'],
    sun: '#fff4de',
    glow: '#ffcf9c',
    glowStrength: 0.75,
    haze: '#cdb8bf',
    far: '#a19db8',
    near: '#262a38',
    land: '#56613f',
    cloudLit: '#f7d3c4',
    cloudShade: '#85799a',
    water: '#161a22',
    sea: '#4b5a74',
    tint: '#d9a39c',
    tintAmount: 0.14,
    brightness: 0.82,
    rim: '#ffc99a',
  },
  golden: {
    sky: ['#5a7ea8', '#9db1c3', '#e7c796', '#f6b673'],
    sun: '#fff3cf',
    glow: '#ffbe6a',
    glowStrength: 0.8,
    haze: '#dcc4a3',
    far: '#a9a4b2',
    near: '#2e2a26',
    land: '#6b6a3c',
    cloudLit: '#ffdcab',
    cloudShade: '#927f86',
    water: '#1c1f24',
    sea: '#4b6176',
    tint: '#eeaa5c',
    tintAmount: 0.2,
    brightness: 1,
    rim: '#ffc878',
  },
  mist: {
    sky: ['#98a3a9', '#b6bec1', '#d0d5d3', '#dfe1dc'],
    sun: '#f7f5ec',
    glow: '#f1eee2',
    glowStrength: 0.55,
    haze: '#d3d8d5',
    far: '#bcc4c6',
    near: '#3b4641',
    land: '#5b6a52',
    cloudLit: '#e9ebe8',
    cloudShade: '#a7afb1',
    water: '#263033',
    sea: '#6c7b82',
    tint: '#c5cfcf',
    tintAmount: 0.22,
    brightness: 0.9,
    rim: '#e8e9e2',
  },
  'blue-hour': {
    sky: ['#121a33', '#283a66', '#5d6d9e', '#c09ea8'],
    sun: '#f6f3e6',
    glow: '#aab4d8',
    glowStrength: 0.45,
    haze: '#67709a',
    far: '#4e5a82',
    near: '#0e1220',
    land: '#2a3340',
    cloudLit: '#626b96',
    cloudShade: '#222a48',
    water: '#0b0f1a',
    sea: '#1e2a44',
    tint: '#3a4a7a',
    tintAmount: 0.45,
    brightness: 0.45,
    rim: '#9aa3c8',
  },
  day: {
    sky: ['#4f82b9', '#7ea7cf', '#b5cde0', '#dde8ed'],
    sun: '#fffdf4',
    glow: '#fff7de',
    glowStrength: 0.5,
    haze: '#b7c9d4',
    far: '#8ba1b7',
    near: '#2e3d31',
    land: '#5e7a43',
    cloudLit: '#ffffff',
    cloudShade: '#b4c1cf',
    water: '#1c2830',
    sea: '#3e6580',
    tint: '#ffffff',
    tintAmount: 0,
    brightness: 1,
    rim: '#f4f1dc',
  },
  overcast: {
    sky: ['#6d777f', '#8e979c', '#afb4b4', '#c3c6c2'],
    sun: '#eeeee8',
    glow: '#d9d9d2',
    glowStrength: 0.3,
    haze: '#a9b0b0',
    far: '#8e999d',
    near: '#333d3a',
    land: '#55684b',
    cloudLit: '#cacdcc',
    cloudShade: '#798287',
    water: '#212a2d',
    sea: '#556a74',
    tint: '#9aa4a6',
    tintAmount: 0.18,
    brightness: 0.86,
    rim: '#cfd2cd',
  },
  dusk: {
    sky: ['#262f4e', '#6b5a7e', '#c98080', '#f19b63'],
    sun: '#ffe4b8',
    glow: '#ff9d5c',
    glowStrength: 0.8,
    haze: '#a87b88',
    far: '#7d6a8a',
    near: '#1b1723',
    land: '#4a4436',
    cloudLit: '#f3a27e',
    cloudShade: '#4e3b58',
    water: '#14121b',
    sea: '#3a3e5b',
    tint: '#d07860',
    tintAmount: 0.22,
    brightness: 0.68,
    rim: '#ffab70',
  },
};

// ---------------------------------------------------------------- context

interface Profile {
  x0: number;
  x1: number;
  ys: number[];
}

interface Silhouette {
  prof: Profile;
  color: string;
}

interface Projection {
  topdown: boolean;
  toScreen(u: number, v: number): Pt;
  fromScreen(x: number, y: number): Pt;
  /** Pixels per metre at depth v. */
  scale(v: number): number;
  bounds: { u0: number; u1: number; v0: number; v1: number };
  /** 0..1 atmospheric haze at depth v. */
  hazeAt(v: number): number;
  horizonY: number;
  /** Depth beyond which ground curves are sampled more coarsely. */
  vRef: number;
}

interface Ctx {
  W: number;
  H: number;
  /** Size factor relative to a 4200 px long side. */
  k: number;
  spec: SceneSpec;
  P: LightPreset;
  defs: string[];
  out: string[];
  ids: number;
  sils: Silhouette[];
  mists: MistLayer[];
  proj: Projection | null;
  sun: { x: number; y: number } | null;
}

type Stop = readonly [number, string, number?];

function stopsXml(stops: readonly Stop[]): string {
  let s = '';
  for (const [o, c, a] of stops) {
    const op = a === undefined || a >= 0.999 ? '' : ` stop-opacity="${n3(a)}"`;
    s += `<stop offset="${n3(o)}" stop-color="${c}"${op}/>`;
  }
  return s;
}

function linear(ctx: Ctx, x1: number, y1: number, x2: number, y2: number, stops: readonly Stop[]): string {
  const id = `l${ctx.ids++}`;
  ctx.defs.push(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n1(x1)}" y1="${n1(y1)}" x2="${n1(x2)}" y2="${n1(y2)}">${stopsXml(stops)}</linearGradient>`,
  );
  return `url(#${id})`;
}

function radial(ctx: Ctx, cx: number, cy: number, r: number, stops: readonly Stop[]): string {
  const id = `r${ctx.ids++}`;
  ctx.defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}">${stopsXml(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}

/** A radial gradient that stretches to whatever shape it fills (soft-edged ellipses). */
function radialBox(ctx: Ctx, stops: readonly Stop[], attrs = ''): string {
  const id = `b${ctx.ids++}`;
  ctx.defs.push(`<radialGradient id="${id}"${attrs}>${stopsXml(stops)}</radialGradient>`);
  return `url(#${id})`;
}

const at = (a: readonly number[], i: number): number => a[i] ?? 0;

/** Where something placed at x stands: the given y, or the top of the last painted silhouette. */
function standY(ctx: Ctx, xFrac: number, yFrac: number | undefined): number {
  if (yFrac !== undefined) return yFrac * ctx.H;
  const x = xFrac * ctx.W;
  for (let i = ctx.sils.length - 1; i >= 0; i--) {
    const s = ctx.sils[i];
    if (!s) continue;
    const y = profAt(s.prof, x);
    if (Number.isFinite(y)) return y + 0.004 * ctx.H;
  }
  return ctx.spec.horizon * ctx.H;
}

/** Land colour under this scene's light, optionally pushed into the haze. */
function tone(ctx: Ctx, base: string, distance = 0): string {
  const P = ctx.P;
  let c = mix(base, P.tint, P.tintAmount);
  c = darken(c, 1 - P.brightness);
  if (ctx.spec.light === 'overcast' || ctx.spec.light === 'mist') c = desaturate(c, 0.18);
  if (distance > 0) c = mix(c, P.haze, distance);
  return c;
}

// ---------------------------------------------------------------- profiles

/** Midpoint displacement on 2^n + 1 samples, normalised to 0..1. */
function mdProfile(rng: Rng, n: number, roughness: number): number[] {
  const size = 1 << n;
  const a = new Array<number>(size + 1).fill(0);
  a[0] = rng();
  a[size] = rng();
  let step = size;
  let amp = 1;
  while (step > 1) {
    const half = step >> 1;
    for (let i = half; i < size; i += step) {
      a[i] = (at(a, i - half) + at(a, i + half)) / 2 + (rng() * 2 - 1) * amp;
    }
    step = half;
    amp *= roughness;
  }
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of a) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const span = hi - lo || 1;
  return a.map((v) => (v - lo) / span);
}

function profAt(p: Profile, x: number): number {
  if (x < p.x0 || x > p.x1) return Number.POSITIVE_INFINITY;
  const n = p.ys.length - 1;
  const f = ((x - p.x0) / (p.x1 - p.x0 || 1)) * n;
  const i = Math.min(n - 1, Math.max(0, Math.floor(f)));
  const t = f - i;
  return at(p.ys, i) * (1 - t) + at(p.ys, i + 1) * t;
}

function profMin(p: Profile): number {
  let m = Number.POSITIVE_INFINITY;
  for (const y of p.ys) m = Math.min(m, y);
  return m;
}

function profPoints(p: Profile): Pt[] {
  const n = p.ys.length - 1;
  return p.ys.map((y, i) => [lerp(p.x0, p.x1, i / n), y] as const);
}

function profD(p: Profile, floor: number): string {
  const pts = profPoints(p);
  return polyD([[p.x0, floor], ...pts, [p.x1, floor]]);
}

/** Resample a spline (x increasing) onto n + 1 evenly spaced x positions. */
function resample(curve: readonly Pt[], x0: number, x1: number, n: number): number[] {
  const ys: number[] = [];
  let j = 0;
  for (let i = 0; i <= n; i++) {
    const x = lerp(x0, x1, i / n);
    while (j < curve.length - 2 && (curve[j + 1] as Pt)[0] < x) j++;
    const a = curve[j] as Pt;
    const b = (curve[j + 1] ?? a) as Pt;
    const t = b[0] === a[0] ? 0 : clamp((x - a[0]) / (b[0] - a[0]), 0, 1);
    ys.push(lerp(a[1], b[1], t));
  }
  return ys;
}

// ---------------------------------------------------------------- sky

function drawSky(ctx: Ctx, rng: Rng): void {
  const { W, H, P, spec } = ctx;
  const hy = spec.horizon * H;
  const sky = linear(ctx, 0, 0, 0, hy, [
    [0, P.sky[0]],
    [0.45, P.sky[1]],
    [0.8, P.sky[2]],
    [1, P.sky[3]],
  ]);
  ctx.out.push(`<rect width="${W}" height="${H}" fill="${sky}"/>`);

  const sunX = ctx.sun?.x ?? W / 2;
  // A broad band of warmth along the horizon, strongest under the sun.
  const band = radialBox(ctx, [
    [0, P.glow, P.glowStrength * 0.55],
    [0.6, P.glow, P.glowStrength * 0.18],
    [1, P.glow, 0],
  ]);
  ctx.out.push(
    `<ellipse cx="${n1(sunX)}" cy="${n1(hy)}" rx="${n1(W * 0.95)}" ry="${n1(hy * 0.55)}" fill="${band}"/>`,
  );

  if (spec.stars) {
    const b = new Batch();
    for (let i = 0; i < spec.stars; i++) {
      const x = rng() * W;
      const y = rng() ** 1.6 * hy * 0.75;
      const r = range(rng, 1, 3.2) * ctx.k;
      b.fill('#f4f2ea', qop(range(rng, 0.25, 0.95) * (1 - y / hy), 5), ellipseD(x, y, r, r));
    }
    ctx.out.push(b.toSvg());
  }

  const sun = spec.sun;
  if (sun && ctx.sun) {
    const { x, y } = ctx.sun;
    const gr = (sun.glow ?? 0.55) * W;
    const s = P.glowStrength;
    const glow = radial(ctx, x, y, gr, [
      [0, P.glow, s],
      [0.1, P.glow, s * 0.55],
      [0.35, P.glow, s * 0.2],
      [1, P.glow, 0],
    ]);
    ctx.out.push(`<circle cx="${n1(x)}" cy="${n1(y)}" r="${n1(gr)}" fill="${glow}"/>`);
    if (sun.disk !== false) {
      const r = (sun.size ?? 0.016) * W;
      const col = sun.moon ? '#f3f0e3' : P.sun;
      const disk = radial(ctx, x, y, r * 1.25, [
        [0, '#ffffff'],
        [0.55, col],
        [0.78, col, 0.95],
        [1, col, 0],
      ]);
      ctx.out.push(`<circle cx="${n1(x)}" cy="${n1(y)}" r="${n1(r * 1.25)}" fill="${disk}"/>`);
      if (sun.moon) {
        // A few soft maria so it reads as the moon, not a streetlamp.
        const b = new Batch();
        b.fill('#c9c5b6', 0.35, ellipseD(x - r * 0.25, y - r * 0.15, r * 0.3, r * 0.22));
        b.fill('#c9c5b6', 0.3, ellipseD(x + r * 0.2, y + r * 0.25, r * 0.22, r * 0.18));
        ctx.out.push(b.toSvg());
      }
    }
  }
  drawClouds(ctx, rng);
}

function drawClouds(ctx: Ctx, rng: Rng): void {
  const { W, H, P, spec } = ctx;
  const c = spec.clouds;
  if (!c || c.count <= 0) return;
  const top = (c.top ?? 0.04) * H;
  const bottom = (c.bottom ?? spec.horizon * 0.82) * H;
  const op = c.opacity ?? 0.75;
  const lit = radialBox(ctx, [
    [0, P.cloudLit, op],
    [0.5, P.cloudLit, op * 0.6],
    [1, P.cloudLit, 0],
  ]);
  const shade = radialBox(ctx, [
    [0, P.cloudShade, op * 0.85],
    [0.55, P.cloudShade, op * 0.45],
    [1, P.cloudShade, 0],
  ]);
  const sunX = ctx.sun?.x ?? W / 2;
  const stretch = c.stretch ?? 1;
  let shades = '';
  let lits = '';
  for (let i = 0; i < c.count; i++) {
    const u = rng() ** 0.85;
    const cy = lerp(top, bottom, u);
    const persp = 1 - 0.6 * u;
    const w = W * range(rng, 0.12, 0.32) * (c.scale ?? 1) * persp;
    const cx = range(rng, -0.1, 1.1) * W;
    const puffs = 5 + Math.floor(rng() * 6);
    const toward = Math.sign(sunX - cx);
    const tall = stretch < 1.5 ? range(rng, 0.5, 1) : 0.15;
    for (let p = 0; p < puffs; p++) {
      const u2 = p / (puffs - 1) - 0.5;
      const px = cx + u2 * w + gauss(rng) * w * 0.06;
      const rx = w * range(rng, 0.16, 0.3) * (1 - Math.abs(u2) * 0.5);
      const ry = (rx * range(rng, 0.22, 0.42)) / stretch;
      // Domed tops: puffs near the middle of the cloud sit higher.
      const py = cy - ry * tall * 1.4 * (1 - Math.abs(u2) * 2) + gauss(rng) * ry * 0.15;
      shades += `<ellipse cx="${n1(px)}" cy="${n1(py + ry * 0.4)}" rx="${n1(rx * 1.05)}" ry="${n1(ry * 0.9)}" fill="${shade}"/>`;
      lits += `<ellipse cx="${n1(px + toward * rx * 0.06)}" cy="${n1(py - ry * 0.12)}" rx="${n1(rx * 0.92)}" ry="${n1(ry * 0.85)}" fill="${lit}"/>`;
    }
  }
  ctx.out.push(shades, lits);
}

// ---------------------------------------------------------------- mountains and hills

interface SurfaceOpts {
  /** How far below the crest the sun/shade wash reaches, px. */
  depth: number;
  /** Strength of the wash (0 = none). */
  shading: number;
  /** Number of soft colour patches. */
  mottle: number;
  /** Patch size multiplier. */
  patchSize?: number;
  distance: number;
  /** The silhouette's own colour; patches vary around it. */
  base: string;
}

/**
 * Light, shade and colour variation inside a silhouette, clipped to it: slopes turned towards
 * the sun get a warm wash, the others a cool shadow, and soft patches of heather, bracken and
 * grass break up the flat fill. All soft-edged radial gradients, no filters.
 */
function drawSurface(
  ctx: Ctx,
  prof: Profile,
  floor: number,
  o: SurfaceOpts,
  rng: Rng,
  clipD?: string,
): string {
  const { W, H, P, k } = ctx;
  const id = `c${ctx.ids++}`;
  ctx.defs.push(`<clipPath id="${id}"><path d="${clipD ?? profD(prof, floor)}"/></clipPath>`);
  if (o.shading <= 0 && o.mottle <= 0) return id;
  let out = '';
  if (o.mottle > 0) {
    const base = o.base;
    const tints = [
      lighten(base, 0.1),
      darken(base, 0.25),
      mix(base, tone(ctx, '#6b4c63', o.distance), 0.45),
      mix(base, tone(ctx, '#8a6a3e', o.distance), 0.4),
      mix(base, tone(ctx, '#6f8a45', o.distance), 0.35),
    ];
    const fills = tints.map((col) =>
      radialBox(ctx, [
        [0, col, 0.5],
        [0.6, col, 0.25],
        [1, col, 0],
      ]),
    );
    for (let i = 0; i < o.mottle; i++) {
      const x = range(rng, prof.x0, prof.x1);
      const crest = profAt(prof, x);
      if (!Number.isFinite(crest)) continue;
      const y = range(rng, crest, Math.min(floor, H * 1.05));
      const persp = clamp((y - ctx.spec.horizon * H) / (H * 0.5), 0.25, 1.4);
      const rx = range(rng, 90, 300) * k * persp * (o.patchSize ?? 1);
      const ry = rx * range(rng, 0.2, 0.38);
      out += `<ellipse cx="${n1(x)}" cy="${n1(y)}" rx="${n1(rx)}" ry="${n1(ry)}" fill="${pick(rng, fills)}"/>`;
    }
  }
  if (o.shading > 0) {
    const ys = prof.ys;
    const n = ys.length - 1;
    const dx = (prof.x1 - prof.x0) / n;
    const sunX = ctx.sun?.x ?? W * 0.3;
    // Blobs overlap about three deep, so each carries a third of the target opacity.
    const rx = Math.max(o.depth * 0.45, 50 * k);
    const step = Math.max(1, Math.round((rx * 0.7) / dx));
    const win = Math.max(2, Math.round(step * 0.8));
    const litCol = mix(P.rim, P.haze, o.distance);
    const darkCol = mix(darken(P.near, 0.35), P.haze, o.distance);
    const lit = radialBox(ctx, [
      [0, litCol, 1],
      [0.55, litCol, 0.45],
      [1, litCol, 0],
    ]);
    const dark = radialBox(ctx, [
      [0, darkCol, 1],
      [0.55, darkCol, 0.45],
      [1, darkCol, 0],
    ]);
    for (let i = 0; i <= n; i += step) {
      const a = at(ys, Math.max(0, i - win));
      const b = at(ys, Math.min(n, i + win));
      const slope = (b - a) / (2 * win * dx);
      const x = prof.x0 + i * dx;
      const dir = clamp((sunX - x) / (W * 0.08), -1, 1);
      const f = clamp(slope * dir * 2.2, -1, 1);
      if (Math.abs(f) < 0.1) continue;
      const op = Math.abs(f) * o.shading * (f > 0 ? 0.12 : 0.2);
      out += `<ellipse cx="${n1(x)}" cy="${n1(at(ys, i) + o.depth * 0.25)}" rx="${n1(rx)}" ry="${n1(o.depth * 0.6)}" fill="${f > 0 ? lit : dark}" fill-opacity="${n3(Math.round(op * 50) / 50)}"/>`;
    }
  }
  ctx.out.push(`<g clip-path="url(#${id})">${out}</g>`);
  return id;
}

/** Outline of a silhouette, optionally bounded on one side by an edge curve instead of a vertical drop. */
function shapePoints(ctx: Ctx, top: readonly Pt[], floor: number, edge: Edge | undefined): Pt[] {
  const first = top[0] ?? ([0, floor] as const);
  const last = top[top.length - 1] ?? ([ctx.W, floor] as const);
  if (!edge) return [[first[0], floor], ...top, [last[0], floor]];
  const e = sampleSpline(
    edge.points.map(([x, y]) => [x * ctx.W, y * ctx.H] as const),
    12,
  );
  if (edge.side === 'right') return [[first[0], floor], ...top, ...e];
  return [...e.reverse(), ...top, [last[0], floor]];
}

function drawRidges(ctx: Ctx, L: RidgesLayer, rng: Rng): void {
  const { W, H, P } = ctx;
  const n = Math.max(1, L.count);
  const far = L.far ?? P.far;
  const near = L.near ?? P.near;
  const x0 = (L.x0 ?? 0) * W;
  const x1 = (L.x1 ?? 1) * W;
  const floor = (L.floor ?? 1) * H;
  const snow = L.snow ?? 0;
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 1 : i / (n - 1);
    const base = lerp(L.top, L.bottom, t) * H;
    const amp = (L.amplitude ?? 0.09) * H * lerp(0.6, 1, t);
    const rough = (L.roughness ?? 0.55) - 0.08 * (1 - t);
    const raw = mdProfile(rng, 9, rough);
    const ys = raw.map((v) => base - amp * v);
    for (const pk of L.peaks ?? []) {
      const idx = pk.ridge < 0 ? n + pk.ridge : pk.ridge;
      if (idx !== i) continue;
      for (let j = 0; j < ys.length; j++) {
        const x = lerp(x0, x1, j / (ys.length - 1)) / W;
        const d = Math.abs(x - pk.x) / pk.width;
        if (d >= 1) continue;
        const bump =
          pk.shape === 'dome'
            ? 0.5 + 0.5 * Math.cos(Math.PI * d)
            : (1 - d) ** 1.3 * (1 - 0.12 * Math.exp(-((d / 0.1) ** 2)));
        ys[j] = at(ys, j) - bump * pk.height * H * (1 + (at(raw, j) - 0.5) * 0.12);
      }
    }
    const prof: Profile = { x0, x1, ys };
    const top = profMin(prof);
    const color = mix(far, near, t ** 1.25);
    const foot = Math.min(floor, base + 0.16 * H);
    const faded = mix(color, P.haze, L.mist ?? 0.45);
    const fill = linear(ctx, 0, top, 0, foot, [
      [0, mix(color, P.rim, 0.1 * t)],
      [0.15, color],
      [1, faded],
    ]);
    ctx.out.push(`<path d="${profD(prof, floor)}" fill="${fill}"/>`);
    const haze = (1 - t) * 0.6;
    if (snow > 0) {
      // Snowcap: deeper where the crest stands higher above the snowline, ragged along gullies.
      const line = mdProfile(rng, 9, 0.62);
      const snowY = top + (base - top) * snow * 0.8;
      const pts = profPoints(prof);
      const lower = pts.map(([x, y], j) => {
        const above = snowY - y;
        if (above <= 0) return [x, y] as const;
        const rag = 0.55 + at(line, j) * 0.9;
        return [x, y + above * 1.5 * rag + amp * 0.02] as const;
      });
      const white = mix('#f1f3f6', P.haze, 0.1 + 0.35 * (1 - t));
      const sf = linear(ctx, 0, top, 0, snowY + amp * 0.2, [
        [0, lighten(white, 0.3)],
        [1, mix(white, P.sky[1], 0.25)],
      ]);
      ctx.out.push(`<path d="${polyD([...pts, ...lower.reverse()])}" fill="${sf}"/>`);
    }
    drawSurface(
      ctx,
      prof,
      floor,
      {
        depth: base - top + amp * 0.5,
        shading: lerp(0.45, 1, t),
        mottle: t > 0.3 ? Math.round(16 * t) : 0,
        distance: haze + 0.15,
        patchSize: 0.8,
        base: color,
      },
      rng,
    );
    ctx.sils.push({ prof, color });
  }
}

function hillProfile(ctx: Ctx, points: readonly Pt[], noise: number, roughness: number, rng: Rng): Profile {
  const { W, H } = ctx;
  const pts = points.map(([x, y]) => [x * W, y * H] as const);
  const first = pts[0] ?? ([0, H] as const);
  const last = pts[pts.length - 1] ?? ([W, H] as const);
  const curve = sampleSpline(pts, 32);
  const n = 512;
  const ys = resample(curve, first[0], last[0], n);
  if (noise > 0) {
    const nz = mdProfile(rng, 9, roughness);
    for (let i = 0; i <= n; i++) ys[i] = at(ys, i) + (at(nz, i) - 0.5) * noise * H;
  }
  return { x0: first[0], x1: last[0], ys };
}

function drawHill(ctx: Ctx, L: HillLayer, rng: Rng): void {
  const { H, P } = ctx;
  const prof = hillProfile(ctx, L.points, L.noise ?? 0.012, L.roughness ?? 0.55, rng);
  const floor = (L.floor ?? 1) * H;
  const color = tone(ctx, L.color ?? P.land, L.distance ?? 0);
  const top = profMin(prof);
  const fill = linear(ctx, 0, top, 0, floor, [
    [0, mix(color, P.rim, 0.12)],
    [0.3, color],
    [1, darken(color, L.shade ?? 0.35)],
  ]);
  const shape = polyD(shapePoints(ctx, profPoints(prof), floor, L.edge));
  ctx.out.push(`<path d="${shape}" fill="${fill}"/>`);
  const dist = L.distance ?? 0;
  const clip = drawSurface(
    ctx,
    prof,
    floor,
    {
      depth: Math.max(60 * ctx.k, (Math.min(floor, H) - top) * 0.6),
      shading: L.shading ?? 1,
      mottle: L.mottle ?? 26,
      distance: dist + 0.1,
      base: color,
    },
    rng,
    shape,
  );
  if (L.rim) {
    const b = new Batch();
    b.stroke(P.rim, 3.5 * ctx.k, 0.3, polyD(profPoints(prof), false), ' stroke-linejoin="round"');
    ctx.out.push(b.toSvg());
  }
  if (L.textures) {
    if (L.edge) ctx.out.push(`<g clip-path="url(#${clip})">`);
    drawTextures(ctx, rng, prof, floor, L.textures, L.distance ?? 0);
    if (L.edge) ctx.out.push('</g>');
  }
  ctx.sils.push({ prof, color });
}

const TEXTURE_COLORS: Record<string, readonly string[]> = {
  heather: ['#7a5a72', '#86637e', '#6d5068', '#94738c', '#5f4a5a'],
  gorse: ['#d4ae3c', '#e0bd4e', '#c29b32'],
  gorseBase: ['#3b4827', '#34421f', '#43512c'],
  grass: ['#7d8b4e', '#939a5a', '#6b7a42', '#a39f69'],
  marram: ['#b7ae7e', '#a19f6c', '#cbbf8c', '#8f8f60'],
  bracken: ['#8c5a31', '#a36b3b', '#7a4e2c'],
  rocks: ['#5f605c', '#6c6b65', '#525452'],
};

function tcol(ctx: Ctx, rng: Rng, key: string, distance: number): string {
  return tone(ctx, pick(rng, TEXTURE_COLORS[key] ?? ['#777777']), distance);
}

function drawTextures(
  ctx: Ctx,
  rng: Rng,
  prof: Profile,
  floor: number,
  textures: readonly TextureSpec[],
  distance: number,
): void {
  const { W, H, k } = ctx;
  const hy = ctx.spec.horizon * H;
  const b = new Batch();
  const widthShare = (prof.x1 - prof.x0) / W;
  const light = ctx.sun ? Math.sign(ctx.sun.x - W / 2) || -1 : -1;
  const persp = (y: number) => clamp(lerp(0.3, 1.5, (y - hy) / Math.max(1, H - hy)), 0.18, 1.7) * k;
  for (const tex of textures) {
    const count = Math.round(tex.count * widthShare * (W / 4200));
    const clustered = tex.kind === 'heather' || tex.kind === 'gorse' || tex.kind === 'bracken';
    let cx = 0;
    let cy = 0;
    let cr = 0;
    let left = 0;
    for (let i = 0; i < count; i++) {
      let x: number;
      let y: number;
      if (clustered) {
        if (left <= 0) {
          cx = range(rng, prof.x0, prof.x1);
          const crest = profAt(prof, cx);
          cy = crest + (floor - crest) * rng() ** 1.1 * (tex.depth ?? 1) + 10 * k;
          cr = range(rng, 60, 200) * persp(cy);
          left = 5 + Math.floor(rng() * 16);
        }
        left--;
        x = cx + gauss(rng) * cr;
        y = cy + gauss(rng) * cr * 0.3;
      } else {
        x = range(rng, prof.x0, prof.x1);
        const crest = profAt(prof, x);
        y = crest + (floor - crest) * rng() ** 1.15 * (tex.depth ?? 1) + 6 * k;
      }
      const crest = profAt(prof, x);
      if (!Number.isFinite(crest) || y < crest + 4 * k || y > H + 30 * k) continue;
      const s = persp(y);
      switch (tex.kind) {
        case 'heather':
        case 'bracken': {
          const r = range(rng, 12, 24) * s;
          b.fill(tone(ctx, '#2e2a24', distance), 0.3, ellipseD(x, y + r * 0.1, r * 1.2, r * 0.42));
          const dots = 4 + Math.floor(rng() * 4);
          for (let d = 0; d < dots; d++) {
            const rx = r * range(rng, 0.22, 0.42);
            b.fill(
              tcol(ctx, rng, tex.kind, distance),
              0.9,
              ellipseD(x + gauss(rng) * r * 0.5, y - r * 0.15 + gauss(rng) * r * 0.14, rx, rx * 0.7),
            );
          }
          break;
        }
        case 'gorse': {
          const r = range(rng, 16, 34) * s;
          b.fill(
            tone(ctx, '#26301b', distance),
            0.4,
            ellipseD(x - light * r * 0.2, y + r * 0.1, r * 1.1, r * 0.32),
          );
          for (let d = 0; d < 4; d++) {
            const rx = r * range(rng, 0.3, 0.55);
            b.fill(
              tcol(ctx, rng, 'gorseBase', distance),
              1,
              ellipseD(x + gauss(rng) * r * 0.4, y - r * 0.25 + gauss(rng) * r * 0.12, rx, rx * 0.7),
            );
          }
          const dots = 4 + Math.floor(rng() * 5);
          for (let d = 0; d < dots; d++) {
            const rx = r * range(rng, 0.12, 0.24);
            b.fill(
              tcol(ctx, rng, 'gorse', distance),
              0.95,
              ellipseD(
                x + gauss(rng) * r * 0.45 + light * r * 0.15,
                y - r * 0.4 + gauss(rng) * r * 0.18,
                rx,
                rx * 0.8,
              ),
            );
          }
          break;
        }
        case 'grass':
        case 'marram': {
          const h = (tex.kind === 'marram' ? range(rng, 40, 90) : range(rng, 16, 38)) * s;
          const blades = tex.kind === 'marram' ? 5 : 3;
          const col = tcol(ctx, rng, tex.kind, distance);
          let d = '';
          for (let j = 0; j < blades; j++) {
            const bx = x + gauss(rng) * h * 0.12;
            const lean = gauss(rng) * h * 0.35 + h * 0.1;
            d += `M${n1(bx)} ${n1(y)}q${n1(lean * 0.2)} ${n1(-h * 0.6)} ${n1(lean)} ${n1(-h)}`;
          }
          b.stroke(col, Math.max(1.2, 2.4 * s), 0.85, d);
          break;
        }
        case 'crags': {
          // Granite outcrops: a dark gully with a lit face beside it.
          const h = range(rng, 50, 180) * s;
          const w = h * range(rng, 0.2, 0.45);
          const lean = gauss(rng) * w * 0.3;
          b.fill(
            tone(ctx, '#24221f', distance),
            0.45,
            polyD([
              [x, y],
              [x + w * 0.25 + lean, y + h * 0.55],
              [x + lean * 2, y + h],
              [x - w * 0.2 + lean, y + h * 0.5],
            ]),
          );
          b.fill(
            tone(ctx, '#8d8a80', distance),
            0.28,
            polyD([
              [x + light * w * 0.15, y + h * 0.05],
              [x + light * w * 0.6 + lean, y + h * 0.45],
              [x + light * w * 0.35 + lean * 2, y + h * 0.8],
              [x + light * w * 0.1 + lean, y + h * 0.4],
            ]),
          );
          break;
        }
        case 'rocks': {
          const rx = range(rng, 18, 44) * s * (rng() < 0.12 ? 2.2 : 1);
          const ry = rx * range(rng, 0.35, 0.6);
          b.fill(
            tone(ctx, '#2d2f2e', distance),
            0.45,
            ellipseD(x - light * rx * 0.2, y + ry * 0.25, rx * 1.1, ry * 0.5),
          );
          b.fill(tcol(ctx, rng, 'rocks', distance), 1, ellipseD(x, y, rx, ry));
          b.fill(
            tone(ctx, '#a6a49a', distance),
            0.35,
            ellipseD(x + light * rx * 0.25, y - ry * 0.35, rx * 0.55, ry * 0.4),
          );
          break;
        }
      }
    }
  }
  ctx.out.push(b.toSvg());
}

// ---------------------------------------------------------------- water

function drawSea(ctx: Ctx, L: SeaLayer, rng: Rng): void {
  const { W, H, P, k } = ctx;
  const hy = L.horizon * H;
  const sea = L.color ?? P.sea;
  const horizonCol = mix(P.sky[3], sea, 0.45);
  const fill = linear(ctx, 0, hy, 0, H, [
    [0, horizonCol],
    [0.12, mix(P.sky[3], sea, 0.72)],
    [1, darken(sea, 0.3)],
  ]);
  ctx.out.push(`<rect x="0" y="${n1(hy)}" width="${W}" height="${n1(H - hy)}" fill="${fill}"/>`);

  const b = new Batch();
  const waves = Math.round((L.waves ?? 700) * (W / 4200));
  const light = lighten(mix(sea, P.sky[2], 0.5), 0.15);
  const dark = darken(sea, 0.35);
  for (let i = 0; i < waves; i++) {
    const u = rng() ** 1.7;
    const y = hy + (H - hy) * u + 2;
    const x = rng() * W;
    const len = lerp(8, 190, u) * range(rng, 0.4, 1.3) * k;
    const th = lerp(0.8, 7, u) * range(rng, 0.6, 1.2) * k;
    if (rng() < 0.55) b.fill(light, qop(range(rng, 0.12, 0.35), 4), ellipseD(x, y, len, th * 0.5));
    else b.fill(dark, qop(range(rng, 0.15, 0.4), 4), ellipseD(x, y + th * 0.6, len, th * 0.6));
  }
  const glitter = L.glitter ?? 1;
  if (ctx.sun && glitter > 0 && ctx.sun.y < hy) {
    const sx = ctx.sun.x;
    const col = ctx.spec.sun?.moon ? '#eef0f4' : lighten(P.sun, 0.1);
    const pool = radialBox(ctx, [
      [0, P.glow, 0.45 * glitter],
      [1, P.glow, 0],
    ]);
    ctx.out.push(
      `<ellipse cx="${n1(sx)}" cy="${n1(hy + (H - hy) * 0.06)}" rx="${n1(W * 0.22)}" ry="${n1((H - hy) * 0.12)}" fill="${pool}"/>`,
    );
    const count = Math.round(420 * glitter * (W / 4200));
    for (let i = 0; i < count; i++) {
      const u = rng() ** 1.35;
      const y = hy + 3 + (H - hy) * u;
      const spread = (W * 0.012 + (y - hy) * 0.16) * gauss(rng);
      const rx = lerp(3, 34, u) * range(rng, 0.4, 1.2) * k;
      const o = (1 - u * 0.7) * Math.exp(-((spread / (W * 0.03 + (y - hy) * 0.22)) ** 2));
      b.fill(col, qop(o * range(rng, 0.45, 1), 6), ellipseD(sx + spread, y, rx, Math.max(1, rx * 0.16)));
    }
  }
  ctx.out.push(b.toSvg());
}

function drawLake(ctx: Ctx, L: LakeLayer, rng: Rng): void {
  const { W, H, P, k } = ctx;
  const wy = L.top * H;
  const bottom = (L.bottom ?? 1) * H;
  const water = L.color ?? P.water;
  const fill = linear(ctx, 0, wy, 0, bottom, [
    [0, mix(P.sky[3], water, 0.55)],
    [0.35, mix(P.sky[1], water, 0.72)],
    [1, mix(P.sky[0], water, 0.85)],
  ]);
  ctx.out.push(`<rect x="0" y="${n1(wy)}" width="${W}" height="${n1(bottom - wy)}" fill="${fill}"/>`);

  // Mirror the silhouettes already painted (far to near) into the water.
  for (const s of ctx.sils) {
    const pts = profPoints(s.prof).map(([x, y]) => [x, y < wy ? Math.min(bottom, 2 * wy - y) : wy] as const);
    const first = pts[0];
    const last = pts[pts.length - 1];
    if (!first || !last) continue;
    const col = darken(mix(s.color, water, 0.3), 0.3);
    const refl = linear(ctx, 0, wy, 0, Math.min(bottom, wy + (wy - profMin(s.prof))), [
      [0, col, 0.85],
      [1, col, 0.6],
    ]);
    ctx.out.push(`<path d="${polyD([[first[0], wy], ...pts, [last[0], wy]])}" fill="${refl}"/>`);
  }

  for (const m of ctx.mists) {
    const my = m.y * H;
    const mh = m.height * H;
    if (my + mh / 2 > wy) continue;
    const fade = m.fade === 'down' ? 'up' : m.fade === 'up' ? 'down' : 'both';
    ctx.out.push(mistRect(ctx, m, 2 * wy - my - mh, fade, m.opacity * 0.6, wy));
  }
  const b = new Batch();
  if (ctx.sun && ctx.sun.y < wy) {
    const ry = 2 * wy - ctx.sun.y;
    if (ry < bottom) {
      const g = radialBox(ctx, [
        [0, P.glow, 0.5],
        [1, P.glow, 0],
      ]);
      ctx.out.push(
        `<ellipse cx="${n1(ctx.sun.x)}" cy="${n1(ry)}" rx="${n1(W * 0.06)}" ry="${n1((bottom - wy) * 0.22)}" fill="${g}"/>`,
      );
    }
  }
  const ripples = Math.round((L.ripples ?? 90) * (W / 4200));
  const rc = mix(P.sky[2], '#ffffff', 0.2);
  for (let i = 0; i < ripples; i++) {
    const u = rng();
    const y = wy + 4 + (bottom - wy) * u ** 1.3;
    const len = W * range(rng, 0.01, 0.1) * (0.4 + u);
    const th = lerp(0.8, 3, u) * k;
    b.fill(rc, qop(range(rng, 0.04, 0.14), 4), ellipseD(rng() * W, y, len, th));
  }
  b.stroke(lighten(P.sky[3], 0.2), 3 * k, 0.35, `M0 ${n1(wy + 1)}H${W}`);
  if (L.beach) {
    const cx = L.beach.x * W;
    const rw = L.beach.width * W;
    const sand = tone(ctx, '#cdb98f');
    b.fill(
      sand,
      1,
      `M${n1(cx - rw)} ${n1(wy + 1)}Q${n1(cx)} ${n1(wy - rw * 0.05)} ${n1(cx + rw)} ${n1(wy + 1)}Z`,
    );
    b.fill(mix(sand, P.sky[3], 0.3), 0.6, ellipseD(cx, wy + 3 * k, rw * 0.9, 6 * k));
  }
  ctx.out.push(b.toSvg());
}

function drawBeach(ctx: Ctx, L: BeachLayer, rng: Rng): void {
  const { W, H, P, k } = ctx;
  const prof = hillProfile(ctx, L.points, 0.004, 0.5, rng);
  const top = profMin(prof);
  const sand = tone(ctx, L.color ?? '#d4c29a');
  const wet = mix(darken(sand, 0.25), P.sky[2], 0.25);
  const fill = linear(ctx, 0, top, 0, H, [
    [0, wet],
    [0.12, mix(wet, sand, 0.6)],
    [0.3, sand],
    [1, darken(sand, 0.12)],
  ]);
  ctx.out.push(`<path d="${profD(prof, H)}" fill="${fill}"/>`);
  const b = new Batch();
  const surf = L.surf ?? 1;
  const pts = profPoints(prof);
  // Wind ripples and the odd footprint-dark patch in the sand.
  const ripples = Math.round(260 * (W / 4200));
  for (let i = 0; i < ripples; i++) {
    const x = rng() * W;
    const crest = profAt(prof, x);
    if (!Number.isFinite(crest)) continue;
    const u = rng();
    const y = crest + 30 * k + (H - crest) * u;
    const persp = clamp((y - top) / Math.max(1, H - top), 0.1, 1);
    const len = range(rng, 30, 160) * k * (0.3 + persp);
    b.fill(
      rng() < 0.5 ? darken(sand, 0.08) : lighten(sand, 0.1),
      qop(range(rng, 0.25, 0.6), 4),
      ellipseD(x, y, len, (1 + 3 * persp) * k),
    );
  }
  const foam = lighten(P.sky[3], 0.4);
  // Sheen of wet sand just below the waterline, then foam lines just above it.
  b.fill(
    lighten(P.sky[3], 0.1),
    0.35,
    polyD([
      ...pts.map(([x, y]) => [x, y + 4 * k] as const),
      ...pts.map(([x, y]) => [x, y + (14 + (y - top) * 0.06) * k] as const).reverse(),
    ]),
  );
  const offsets = [0, 10, 26, 55, 95];
  offsets.forEach((o, i) => {
    let d = '';
    let on = false;
    for (const [x, y] of pts) {
      const yy = y - (o * (0.35 + ((y - top) / Math.max(1, H - top)) * 1.5) + 1) * k;
      if (rng() < 0.08) on = !on;
      if (i === 0) on = true;
      d += `${on ? 'L' : 'M'}${n1(x)} ${n1(yy)}`;
    }
    b.stroke(foam, (i === 0 ? 7 : 4) * k, qop(surf * (0.75 - i * 0.13), 8), `M${d.slice(1)}`);
  });
  ctx.out.push(b.toSvg());
  ctx.sils.push({ prof, color: sand });
}

// ---------------------------------------------------------------- countryside

const FIELD_PALETTES: Record<Palette, { pasture: readonly string[]; crops: readonly string[] }> = {
  summer: {
    pasture: ['#5d7f3c', '#688a42', '#577a39', '#6f9048', '#4e7034', '#7a9550'],
    crops: ['#8aa653', '#c2ad6a', '#cdb46e', '#7c6247', '#747a4c'],
  },
  autumn: {
    pasture: ['#66793e', '#72803f', '#5d7038', '#7d8a48'],
    crops: ['#c7a96c', '#b89a5e', '#7a5a40', '#8c6a48', '#9c8650'],
  },
  spring: {
    pasture: ['#6a9a45', '#78a64c', '#5f8f3f', '#82ad55', '#5a8a3c'],
    crops: ['#c9bf55', '#80654a', '#9cb860', '#a8b45c'],
  },
};

function fieldColor(rng: Rng, palette: Palette): { color: string; crop: boolean } {
  const p = FIELD_PALETTES[palette];
  if (rng() < 0.72) return { color: pick(rng, p.pasture), crop: false };
  return { color: pick(rng, p.crops), crop: true };
}

function drawFields(ctx: Ctx, L: FieldsLayer, rng: Rng): void {
  const { W, H, P, k } = ctx;
  const K = Math.max(1, L.bands);
  const amp = (L.amplitude ?? 0.05) * H;
  const vp = (L.vanishX ?? 0.5) * W;
  const palette = L.palette ?? 'summer';
  const N = 128;
  const crests: Profile[] = [];
  for (let i = 0; i < K; i++) {
    const t = K === 1 ? 1 : i / (K - 1);
    const base = lerp(L.top, L.bottom, t ** 1.3) * H;
    const a = amp * lerp(0.35, 1, t);
    const raw = mdProfile(rng, 7, 0.42);
    crests.push({ x0: -0.02 * W, x1: 1.02 * W, ys: raw.map((v) => base - a * (v - 0.5) * 2) });
  }
  const hedge = tone(ctx, '#2f4226');
  const treeCols = ['#2c4626', '#35512c', '#27401f'].map((c) => tone(ctx, c));
  for (let i = 0; i < K; i++) {
    const t = K === 1 ? 1 : i / (K - 1);
    const crest = crests[i] as Profile;
    const next = crests[i + 1];
    let depth = 0;
    for (let j = 0; j <= N; j++) {
      const below = next ? at(next.ys, j) : H + 10;
      depth = Math.max(depth, below - at(crest.ys, j));
    }
    depth += 0.015 * H;
    const haze = (L.haze ?? 0.45) * (1 - t) ** 1.3;
    const rows = t < 0.35 ? 1 : t < 0.75 ? 2 : 3;
    const cols = Math.max(2, Math.round((L.columns ?? 5) * lerp(1.9, 1, t)));
    const slant = lerp(0.08, 0.4, t);
    const divs: number[] = [];
    for (let c = 0; c <= cols; c++)
      divs.push(lerp(-0.05 * W, 1.05 * W, (c + (c > 0 && c < cols ? gauss(rng) * 0.18 : 0)) / cols));
    const rowF: number[] = [0];
    for (let r = 1; r < rows; r++) rowF.push((r / rows) ** 0.9 * range(rng, 0.9, 1.1));
    rowF.push(1);
    const divX = (c: number, f: number) => {
      const x = at(divs, c);
      return x + (x - vp) * slant * f;
    };
    const rowY = (x: number, f: number) => profAt(crest, clamp(x, crest.x0, crest.x1)) + depth * f;
    const edge = (xa: number, xb: number, f: number): Pt[] => {
      const steps = Math.max(2, Math.ceil(Math.abs(xb - xa) / (W / 48)));
      const pts: Pt[] = [];
      for (let s = 0; s <= steps; s++) {
        const x = lerp(xa, xb, s / steps);
        pts.push([x, rowY(x, f)]);
      }
      return pts;
    };
    const hw = lerp(2, 9, t) * k;
    let band = '';
    const b = new Batch();
    for (let r = 0; r < rows; r++) {
      const f0 = at(rowF, r);
      const f1 = at(rowF, r + 1);
      for (let c = 0; c < cols; c++) {
        const topEdge = edge(divX(c, f0), divX(c + 1, f0), f0);
        const botEdge = edge(divX(c + 1, f1), divX(c, f1), f1);
        const poly = [...topEdge, ...botEdge];
        const fc = fieldColor(rng, palette);
        const col = tone(ctx, fc.color, haze);
        band += `<path d="${polyD(poly)}" fill="${col}" stroke="${mix(hedge, P.haze, haze)}" stroke-width="${n1(hw)}" stroke-linejoin="round"/>`;
        if (fc.crop && t > 0.3) {
          // Tractor lines running down the slope.
          const lines = 6 + Math.floor(rng() * 6);
          let d = '';
          for (let l = 1; l < lines; l++) {
            const u = l / lines;
            const xa = lerp(divX(c, f0), divX(c + 1, f0), u);
            const xb = lerp(divX(c, f1), divX(c + 1, f1), u);
            d += `M${n1(xa)} ${n1(rowY(xa, f0))}L${n1(xb)} ${n1(rowY(xb, f1))}`;
          }
          b.stroke(lighten(col, 0.12), hw * 0.35, 0.5, d);
        }
      }
    }
    ctx.out.push(band, b.toSvg());
    // Slope shading over the whole band: lit crest, darker hollows.
    const top = profMin(crest);
    const shade = linear(ctx, 0, top, 0, top + depth, [
      [0, P.rim, 0.12 * (1 - haze)],
      [0.3, '#000000', 0],
      [1, '#000000', 0.22 * (1 - haze)],
    ]);
    const shapePts = profPoints(crest);
    ctx.out.push(
      `<path d="${polyD([...shapePts, ...shapePts.map(([x, y]) => [x, y + depth] as const).reverse()])}" fill="${shade}"/>`,
    );
    // Hedgerow trees along the dividers and the row lines.
    const tb = new Batch();
    const treeR = lerp(3, 17, t) * k;
    const density = (L.trees ?? 1) * lerp(0.5, 1, t);
    const tree = (x: number, y: number) => {
      const r = treeR * range(rng, 0.6, 1.4);
      tb.fill(
        mix(darken(hedge, 0.3), P.haze, haze),
        0.6,
        ellipseD(x + r * 0.3, y + r * 0.2, r * 1.2, r * 0.6),
      );
      tb.fill(mix(pick(rng, treeCols), P.haze, haze), 1, ellipseD(x, y - r * 0.7, r, r * 0.95));
      tb.fill(
        mix(lighten(pick(rng, treeCols), 0.15), P.rim, 0.1),
        0.8,
        ellipseD(x - r * 0.25, y - r * 1.0, r * 0.55, r * 0.5),
      );
    };
    for (let c = 1; c < cols; c++) {
      const count = Math.floor(rng() * 5 * density);
      for (let j = 0; j < count; j++) {
        const f = rng();
        const x = divX(c, f);
        tree(x, rowY(x, f));
      }
    }
    for (let r = 0; r < rows; r++) {
      const count = Math.floor(rng() * 14 * density);
      for (let j = 0; j < count; j++) {
        const x = rng() * W;
        tree(x, rowY(x, at(rowF, r)));
      }
    }
    ctx.out.push(tb.toSvg());
    ctx.sils.push({ prof: crest, color: tone(ctx, '#5d7f3c', haze) });
  }
}

const TREE_PALETTES: Record<'summer' | 'autumn' | 'dark', readonly string[]> = {
  summer: ['#35552c', '#41632f', '#2d4a27', '#4a6b34'],
  autumn: ['#a0642c', '#b7823a', '#8a4f28', '#6f6a2e', '#c29a45'],
  dark: ['#1f3321', '#243a25', '#1a2b1c'],
};

function drawTrees(ctx: Ctx, L: TreesLayer, rng: Rng): void {
  const { W, H, P } = ctx;
  const [ax0, ay0, ax1, ay1] = L.area;
  const palette = TREE_PALETTES[L.palette ?? 'summer'];
  const dist = L.distance ?? 0;
  const trees: { x: number; y: number; h: number }[] = [];
  for (let i = 0; i < L.count; i++) {
    const v = rng();
    trees.push({
      x: lerp(ax0, ax1, rng()) * W,
      y: lerp(ay0, ay1, v) * H,
      h: lerp(L.size[0], L.size[1], v) * H * range(rng, 0.75, 1.25),
    });
  }
  trees.sort((a, b) => a.y - b.y);
  const lightDir = ctx.sun ? Math.sign(ctx.sun.x - W / 2) || -1 : -1;
  const b = new Batch();
  const trunk = tone(ctx, '#3b2f25', dist);
  for (const tr of trees) {
    const { x, y, h } = tr;
    const base = tone(ctx, pick(rng, palette), dist);
    if (L.kind === 'pine') {
      const w = h * 0.2;
      let d = `M${n1(x)} ${n1(y - h)}`;
      const tiers = 5;
      for (let s = 1; s <= tiers; s++) {
        const yy = y - h + (h * 0.92 * s) / tiers;
        const ww = (w * s) / tiers;
        d += `L${n1(x + ww)} ${n1(yy)}L${n1(x + ww * 0.45)} ${n1(yy - h * 0.04)}`;
      }
      for (let s = tiers; s >= 1; s--) {
        const yy = y - h + (h * 0.92 * s) / tiers;
        const ww = (w * s) / tiers;
        d += `L${n1(x - ww * 0.45)} ${n1(yy - h * 0.04)}L${n1(x - ww)} ${n1(yy)}`;
      }
      b.fill(darken(base, 0.25), 1, `${d}Z`);
    } else {
      // Broadleaf: short trunk, a big irregular crown, darker underneath, lit towards the sun.
      const r = h * 0.4;
      const cy = y - h + r * 1.05;
      b.fill(
        mix(P.near, P.haze, dist),
        0.3,
        ellipseD(x - lightDir * r * 0.5, y + r * 0.04, r * 1.2, r * 0.16),
      );
      b.stroke(trunk, Math.max(1.5, h * 0.045), 1, `M${n1(x)} ${n1(y)}L${n1(x)} ${n1(cy + r * 0.2)}`);
      b.stroke(
        trunk,
        Math.max(1, h * 0.02),
        1,
        `M${n1(x)} ${n1(cy + r * 0.45)}L${n1(x + r * 0.35)} ${n1(cy)}`,
      );
      const dark = darken(base, 0.28);
      for (let j = 0; j < 6; j++) {
        const a = (j / 6) * Math.PI * 2 + rng();
        b.fill(
          dark,
          1,
          ellipseD(
            x + Math.cos(a) * r * 0.45,
            cy + Math.sin(a) * r * 0.32 + r * 0.08,
            r * range(rng, 0.4, 0.58),
            r * range(rng, 0.36, 0.5),
          ),
        );
      }
      for (let j = 0; j < 5; j++) {
        b.fill(
          base,
          1,
          ellipseD(
            x + gauss(rng) * r * 0.3 + lightDir * r * 0.1,
            cy - r * range(rng, 0.05, 0.3),
            r * range(rng, 0.3, 0.46),
            r * range(rng, 0.26, 0.4),
          ),
        );
      }
      for (let j = 0; j < 3; j++) {
        b.fill(
          mix(lighten(base, 0.12), P.rim, 0.25),
          0.8,
          ellipseD(
            x + lightDir * r * range(rng, 0.2, 0.5),
            cy - r * range(rng, 0.15, 0.45),
            r * range(rng, 0.16, 0.28),
            r * range(rng, 0.14, 0.24),
          ),
        );
      }
    }
  }
  ctx.out.push(b.toSvg());
}

function drawForest(ctx: Ctx, L: ForestLayer, rng: Rng): void {
  const { H, P, k } = ctx;
  const prof = hillProfile(ctx, L.points, 0.006, 0.5, rng);
  const floor = (L.floor ?? 1) * H;
  const dist = L.distance ?? 0;
  const color = tone(ctx, L.color ?? '#22361f', dist);
  const w = L.tree * k;
  const pts: Pt[] = [];
  let x = prof.x0;
  while (x < prof.x1) {
    const tw = w * range(rng, 0.6, 1.3);
    const y = profAt(prof, Math.min(x + tw / 2, prof.x1));
    pts.push([x, y]);
    pts.push([x + tw * 0.5, y - tw * range(rng, 1.3, 2.4)]);
    x += tw;
  }
  pts.push([prof.x1, profAt(prof, prof.x1)]);
  const shape = polyD(shapePoints(ctx, pts, floor, L.edge));
  const top = profMin(prof) - w * 2.4;
  const fill = linear(ctx, 0, top, 0, floor, [
    [0, mix(color, P.rim, 0.08)],
    [0.4, color],
    [1, mix(darken(color, 0.25), P.haze, dist * 0.6)],
  ]);
  ctx.out.push(`<path d="${shape}" fill="${fill}"/>`);
  const clip = `c${ctx.ids++}`;
  if (L.edge) {
    ctx.defs.push(`<clipPath id="${clip}"><path d="${shape}"/></clipPath>`);
    ctx.out.push(`<g clip-path="url(#${clip})">`);
  }
  if (L.canopy) {
    // Conifer tops scattered down the slope, bigger towards the viewer.
    const b = new Batch();
    const hy = ctx.spec.horizon * H;
    const cols = [lighten(color, 0.06), darken(color, 0.22), mix(color, P.rim, 0.08), darken(color, 0.1)];
    const count = Math.round(L.canopy * ((prof.x1 - prof.x0) / ctx.W) * (ctx.W / 4200));
    for (let i = 0; i < count; i++) {
      const x = range(rng, prof.x0, prof.x1);
      const crest = profAt(prof, x);
      const y = crest + (Math.min(floor, H) - crest) * rng() ** 0.9 + w;
      const s = clamp(lerp(0.5, 1.6, (y - hy) / Math.max(1, H - hy)), 0.4, 1.8);
      const tw = w * s * range(rng, 0.35, 0.6);
      const th = tw * range(rng, 1.6, 2.4);
      b.fill(
        pick(rng, cols),
        0.85,
        `M${n1(x)} ${n1(y - th)}L${n1(x + tw / 2)} ${n1(y)}L${n1(x - tw / 2)} ${n1(y)}Z`,
      );
    }
    ctx.out.push(b.toSvg());
  }
  if (L.edge) ctx.out.push('</g>');
  drawSurface(
    ctx,
    prof,
    floor,
    {
      depth: (Math.min(floor, H) - profMin(prof)) * 0.5,
      shading: 0.6,
      mottle: 0,
      distance: dist,
      base: color,
    },
    rng,
    shape,
  );
  ctx.sils.push({ prof, color });
}

function mistRect(
  ctx: Ctx,
  L: MistLayer,
  y: number,
  fade: MistLayer['fade'],
  opacity: number,
  clipTop: number,
): string {
  const { W, P, H } = ctx;
  const h = L.height * H;
  const c = L.color ?? P.haze;
  const o = opacity;
  const stops: Stop[] =
    fade === 'down'
      ? [
          [0, c, o],
          [1, c, 0],
        ]
      : fade === 'up'
        ? [
            [0, c, 0],
            [1, c, o],
          ]
        : [
            [0, c, 0],
            [0.5, c, o],
            [1, c, 0],
          ];
  const g = linear(ctx, 0, y, 0, y + h, stops);
  const top = Math.max(y, clipTop);
  if (top >= y + h) return '';
  return `<rect x="0" y="${n1(top)}" width="${W}" height="${n1(y + h - top)}" fill="${g}"/>`;
}

function drawMist(ctx: Ctx, L: MistLayer): void {
  ctx.out.push(mistRect(ctx, L, L.y * ctx.H, L.fade, L.opacity, Number.NEGATIVE_INFINITY));
  ctx.mists.push(L);
}

// ---------------------------------------------------------------- landmarks

function drawRoundTower(ctx: Ctx, L: RoundTowerLayer, rng: Rng): void {
  const { W, H } = ctx;
  const dist = L.distance ?? 0;
  const h = L.height * H;
  const x = L.x * W;
  const y = standY(ctx, L.x, L.y);
  const wb = h * 0.165;
  const wt = h * 0.13;
  const capH = h * 0.19;
  const bodyTop = y - h + capH;
  const litLeft = (ctx.sun?.x ?? 0) < x;
  const lit = tone(ctx, '#a39d90', dist);
  const shade = tone(ctx, '#4a4842', dist);
  const g = linear(
    ctx,
    x - wb / 2,
    0,
    x + wb / 2,
    0,
    litLeft
      ? [
          [0, mix(lit, shade, 0.2)],
          [0.3, lit],
          [1, shade],
        ]
      : [
          [0, shade],
          [0.7, lit],
          [1, mix(lit, shade, 0.2)],
        ],
  );
  const body = polyD([
    [x - wb / 2, y],
    [x - wt / 2, bodyTop],
    [x + wt / 2, bodyTop],
    [x + wb / 2, y],
  ]);
  const capG = linear(
    ctx,
    x - wt / 2,
    0,
    x + wt / 2,
    0,
    litLeft
      ? [
          [0, darken(lit, 0.15)],
          [1, darken(shade, 0.2)],
        ]
      : [
          [0, darken(shade, 0.2)],
          [1, darken(lit, 0.15)],
        ],
  );
  const cap = polyD([
    [x - wt / 2 - h * 0.006, bodyTop + 2],
    [x, y - h],
    [x + wt / 2 + h * 0.006, bodyTop + 2],
  ]);
  const b = new Batch();
  const dark = tone(ctx, '#1d1c1a', dist);
  for (let c = 1; c < 60; c++) {
    const yy = y - (c / 60) * (h - capH);
    const ww = lerp(wb, wt, c / 60) / 2;
    b.stroke(
      dark,
      Math.max(1, h * 0.0025),
      qop(range(rng, 0.08, 0.2), 5),
      `M${n1(x - ww)} ${n1(yy)}L${n1(x + ww)} ${n1(yy)}`,
    );
  }
  for (const dx of [-0.22, 0.18]) {
    b.fill(
      dark,
      0.9,
      polyD([
        [x + dx * wt - wt * 0.06, bodyTop + h * 0.05],
        [x + dx * wt + wt * 0.06, bodyTop + h * 0.05],
        [x + dx * wt + wt * 0.06, bodyTop + h * 0.015],
        [x + dx * wt, bodyTop + h * 0.005],
        [x + dx * wt - wt * 0.06, bodyTop + h * 0.015],
      ]),
    );
  }
  b.fill(
    dark,
    0.85,
    polyD([
      [x - wb * 0.09, y - h * 0.12],
      [x + wb * 0.09, y - h * 0.12],
      [x + wb * 0.09, y - h * 0.19],
      [x - wb * 0.09, y - h * 0.19],
    ]),
  );
  b.fill(
    dark,
    0.7,
    `M${n1(x)} ${n1(y - h * 0.45)}h${n1(wb * 0.04)}v${n1(h * 0.03)}h${n1(-wb * 0.08)}v${n1(-h * 0.03)}Z`,
  );
  ctx.out.push(`<path d="${body}" fill="${g}"/><path d="${cap}" fill="${capG}"/>`, b.toSvg());
}

function drawTrack(ctx: Ctx, L: TrackLayer, rng: Rng): void {
  const { W, H, P } = ctx;
  const c = sampleSpline(
    L.points.map(([x, y]) => [x * W, y * H] as const),
    24,
  );
  if (c.length < 2) return;
  const nm = c.map((_, i) => {
    const a = (c[Math.max(0, i - 1)] ?? c[i]) as Pt;
    const b = (c[Math.min(c.length - 1, i + 1)] ?? c[i]) as Pt;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const l = Math.hypot(dx, dy) || 1;
    return [-dy / l, dx / l] as const;
  });
  const w0 = L.width * W;
  const side = (sgn: number, scale: number) =>
    c.map((p, i) => {
      const t = i / (c.length - 1);
      const w = (w0 / 2) * lerp(1, 0.06, t ** 0.7) * scale;
      const n = nm[i] as Pt;
      return [p[0] + n[0] * w * sgn, p[1] + n[1] * w * sgn] as const;
    });
  const col = tone(ctx, L.color ?? '#9a8f78');
  const top = Math.min(...c.map((p) => p[1]));
  const fill = linear(ctx, 0, top, 0, H, [
    [0, mix(col, P.haze, 0.4)],
    [1, col],
  ]);
  const edge = tone(ctx, '#3a3426');
  ctx.out.push(
    `<path d="${polyD([...side(1, 1.25), ...side(-1, 1.25).reverse()])}" fill="${edge}" fill-opacity="0.35"/>`,
    `<path d="${polyD([...side(1, 1), ...side(-1, 1).reverse()])}" fill="${fill}"/>`,
  );
  // Worn stones / sleepers across the near part.
  const b = new Batch();
  for (let i = 0; i < c.length; i += 2) {
    const t = i / (c.length - 1);
    if (rng() < 0.4) continue;
    const p = c[i] as Pt;
    const w = (w0 / 2) * lerp(1, 0.06, t ** 0.7);
    b.fill(
      darken(col, 0.18),
      0.5,
      ellipseD(p[0] + gauss(rng) * w * 0.3, p[1], w * range(rng, 0.2, 0.5), Math.max(1, w * 0.06)),
    );
  }
  ctx.out.push(b.toSvg());
}

function drawStones(ctx: Ctx, L: StandingStonesLayer, rng: Rng): void {
  const { W, H } = ctx;
  const b = new Batch();
  const stones: { x: number; y: number; s: number }[] = [];
  for (let i = 0; i < L.count; i++) {
    const v = rng();
    stones.push({
      x: (L.x + gauss(rng) * 0.09) * W,
      y: (L.y + v * 0.08) * H,
      s: L.size * H * lerp(0.6, 1.3, v) * range(rng, 0.7, 1.2),
    });
  }
  stones.sort((a, c) => a.y - c.y);
  for (const st of stones) {
    const { x, y, s } = st;
    const w = s * range(rng, 0.35, 0.55);
    const col = tone(ctx, pick(rng, ['#6d6b64', '#5e5d58', '#7a776e']));
    if (rng() < 0.4) {
      // High cross silhouette.
      b.fill(
        darken(col, 0.1),
        1,
        `M${n1(x - w * 0.18)} ${n1(y)}V${n1(y - s * 0.65)}H${n1(x - w * 0.6)}V${n1(y - s * 0.8)}H${n1(x - w * 0.18)}V${n1(y - s * 1.15)}H${n1(x + w * 0.18)}V${n1(y - s * 0.8)}H${n1(x + w * 0.6)}V${n1(y - s * 0.65)}H${n1(x + w * 0.18)}V${n1(y)}Z`,
      );
      b.fill(darken(col, 0.2), 0.9, ellipseD(x, y - s * 0.72, w * 0.32, w * 0.32));
    } else {
      b.fill(
        col,
        1,
        `M${n1(x - w / 2)} ${n1(y)}V${n1(y - s * 0.7)}Q${n1(x)} ${n1(y - s * 0.95)} ${n1(x + w / 2)} ${n1(y - s * 0.7)}V${n1(y)}Z`,
      );
    }
  }
  ctx.out.push(b.toSvg());
}

function drawLighthouse(ctx: Ctx, L: LighthouseLayer): void {
  const { W, H } = ctx;
  const h = L.height * H;
  const x = L.x * W;
  const y = standY(ctx, L.x, L.y);
  const wb = h * 0.3;
  const wt = h * 0.22;
  const towerTop = y - h * 0.78;
  const white = tone(ctx, '#ecebe4');
  const shade = tone(ctx, '#8f9197');
  const g = linear(ctx, x - wb / 2, 0, x + wb / 2, 0, [
    [0, shade],
    [0.45, white],
    [1, darken(shade, 0.2)],
  ]);
  const glowCol = '#ffe6a6';
  const lampY = y - h * 0.87;
  const out: string[] = [];
  if (L.beam) {
    const beam = linear(ctx, x, 0, x - W * 0.75, 0, [
      [0, glowCol, 0.45],
      [1, glowCol, 0],
    ]);
    out.push(
      `<path d="${polyD([
        [x, lampY - h * 0.015],
        [x - W * 0.75, lampY - h * 0.45],
        [x - W * 0.75, lampY + h * 0.22],
        [x, lampY + h * 0.015],
      ])}" fill="${beam}"/>`,
    );
  }
  // Keeper's cottage.
  const cw = h * 0.55;
  const ch = h * 0.18;
  const wall = linear(ctx, 0, y - ch, 0, y, [
    [0, white],
    [1, darken(white, 0.15)],
  ]);
  out.push(
    `<path d="${polyD([
      [x + wb * 0.3, y],
      [x + wb * 0.3, y - ch],
      [x + wb * 0.3 + cw, y - ch],
      [x + wb * 0.3 + cw, y],
    ])}" fill="${wall}"/>`,
    `<path d="${polyD([
      [x + wb * 0.25, y - ch],
      [x + wb * 0.3 + cw * 0.08, y - ch * 1.55],
      [x + wb * 0.3 + cw * 0.92, y - ch * 1.55],
      [x + wb * 0.35 + cw, y - ch],
    ])}" fill="${tone(ctx, '#3c4048')}"/>`,
  );
  out.push(
    `<path d="${polyD([
      [x - wb / 2, y],
      [x - wt / 2, towerTop],
      [x + wt / 2, towerTop],
      [x + wb / 2, y],
    ])}" fill="${g}"/>`,
  );
  const dark = tone(ctx, '#22252b');
  const b = new Batch();
  b.fill(
    dark,
    1,
    polyD([
      [x - wt * 0.65, towerTop],
      [x + wt * 0.65, towerTop],
      [x + wt * 0.65, towerTop - h * 0.025],
      [x - wt * 0.65, towerTop - h * 0.025],
    ]),
  );
  b.fill(
    glowCol,
    1,
    polyD([
      [x - wt * 0.38, towerTop - h * 0.025],
      [x + wt * 0.38, towerTop - h * 0.025],
      [x + wt * 0.38, towerTop - h * 0.11],
      [x - wt * 0.38, towerTop - h * 0.11],
    ]),
  );
  b.fill(
    dark,
    1,
    `M${n1(x - wt * 0.45)} ${n1(towerTop - h * 0.11)}Q${n1(x)} ${n1(towerTop - h * 0.2)} ${n1(x + wt * 0.45)} ${n1(towerTop - h * 0.11)}Z`,
  );
  for (const f of [0.3, 0.55]) b.fill(dark, 0.8, ellipseD(x + wb * 0.05, y - h * f, wb * 0.05, h * 0.025));
  out.push(b.toSvg());
  const glow = radial(ctx, x, lampY, h * 0.5, [
    [0, glowCol, 0.9],
    [0.15, glowCol, 0.45],
    [1, glowCol, 0],
  ]);
  out.push(`<circle cx="${n1(x)}" cy="${n1(lampY)}" r="${n1(h * 0.5)}" fill="${glow}"/>`);
  ctx.out.push(...out);
}

function drawWaterfall(ctx: Ctx, L: WaterfallLayer, rng: Rng): void {
  const { W, H, k } = ctx;
  const x = L.x * W;
  const top = L.top * H;
  const bottom = L.bottom * H;
  const w = L.width * W;
  const rock = tone(ctx, '#3a3d3a');
  const rockPts: Pt[] = [];
  const steps = 24;
  for (let s = 0; s <= steps; s++) {
    const f = s / steps;
    rockPts.push([x - w * lerp(0.8, 1.5, f) - rng() * w * 0.25, lerp(top - H * 0.01, bottom, f)]);
  }
  for (let s = steps; s >= 0; s--) {
    const f = s / steps;
    rockPts.push([x + w * lerp(0.8, 1.5, f) + rng() * w * 0.25, lerp(top - H * 0.01, bottom, f)]);
  }
  const rg = linear(ctx, x - w * 1.5, 0, x + w * 1.5, 0, [
    [0, darken(rock, 0.3)],
    [0.5, rock],
    [1, darken(rock, 0.45)],
  ]);
  ctx.out.push(`<path d="${polyD(rockPts)}" fill="${rg}"/>`);
  const b = new Batch();
  // Ledges in the rock.
  for (let i = 0; i < 40; i++) {
    const yy = lerp(top, bottom, rng());
    const xx = x + gauss(rng) * w * 0.6;
    b.fill(darken(rock, 0.4), 0.6, ellipseD(xx, yy, w * range(rng, 0.1, 0.3), H * 0.004));
  }
  const water = '#e9eef0';
  const strands = Math.round(150 * (W / 2800));
  for (let i = 0; i < strands; i++) {
    const x0 = x + gauss(rng) * w * 0.22;
    const x1 = x0 + (x0 - x) * range(rng, 1.2, 2.4) + gauss(rng) * w * 0.15;
    const y0 = top + rng() * (bottom - top) * 0.15;
    const y1 = bottom - rng() * (bottom - top) * 0.1;
    const mx = lerp(x0, x1, 0.5) + gauss(rng) * w * 0.08;
    const d = `M${n1(x0)} ${n1(y0)}Q${n1(mx)} ${n1(lerp(y0, y1, 0.5))} ${n1(x1)} ${n1(y1)}`;
    b.stroke(water, range(rng, 2, 11) * k, qop(range(rng, 0.12, 0.55), 6), d);
  }
  ctx.out.push(b.toSvg());
  const spray = radialBox(ctx, [
    [0, '#f1f4f4', 0.7],
    [0.6, '#e6ecee', 0.3],
    [1, '#e6ecee', 0],
  ]);
  ctx.out.push(
    `<ellipse cx="${n1(x)}" cy="${n1(bottom)}" rx="${n1(w * 2.4)}" ry="${n1(H * 0.05)}" fill="${spray}"/>`,
    `<ellipse cx="${n1(x)}" cy="${n1(bottom - H * 0.04)}" rx="${n1(w * 1.5)}" ry="${n1(H * 0.06)}" fill="${spray}"/>`,
  );
}

function drawMast(ctx: Ctx, L: MastLayer): void {
  const { W, H, k } = ctx;
  const x = L.x * W;
  const y = standY(ctx, L.x, L.y);
  const h = L.height * H;
  const col = tone(ctx, '#4c4f55', 0.35);
  const b = new Batch();
  b.stroke(col, 5 * k, 1, `M${n1(x)} ${n1(y)}L${n1(x)} ${n1(y - h)}`);
  for (const f of [0.25, 0.5, 0.75])
    b.stroke(col, 2 * k, 0.8, `M${n1(x - 9 * k)} ${n1(y - h * f)}L${n1(x + 9 * k)} ${n1(y - h * f)}`);
  b.fill('#e0463a', 1, ellipseD(x, y - h, 5 * k, 5 * k));
  ctx.out.push(b.toSvg());
  const glow = radial(ctx, x, y - h, 40 * k, [
    [0, '#ff6a55', 0.6],
    [1, '#ff6a55', 0],
  ]);
  ctx.out.push(`<circle cx="${n1(x)}" cy="${n1(y - h)}" r="${n1(40 * k)}" fill="${glow}"/>`);
}

function drawPier(ctx: Ctx, L: PierLayer, rng: Rng): void {
  const { W, H, k } = ctx;
  const x0 = L.x0 * W;
  const y0 = L.y0 * H;
  const x1 = L.x1 * W;
  const y1 = L.y1 * H;
  const t0 = L.thickness * H;
  const t1 = t0 * 0.25;
  const wall = lighten(tone(ctx, '#55585e'), 0.25);
  const face = linear(ctx, 0, y1 - t1, 0, y0, [
    [0, darken(wall, 0.2)],
    [1, darken(wall, 0.45)],
  ]);
  const topFace = lighten(tone(ctx, '#8c8f96'), 0.3);
  const b = new Batch();
  // The top of the wall (walkway) and its seaward face.
  b.fill(
    topFace,
    1,
    polyD([
      [x0, y0 - t0],
      [x1, y1 - t1],
      [x1, y1 - t1 * 1.25],
      [x0, y0 - t0 * 1.45],
    ]),
  );
  ctx.out.push(
    `<path d="${polyD([
      [x0, y0],
      [x0, y0 - t0],
      [x1, y1 - t1],
      [x1, y1],
    ])}" fill="${face}"/>`,
  );
  const lamp = '#ffd68a';
  const glows: string[] = [];
  for (let i = 0; i < L.lamps; i++) {
    const f = (i + 0.3) / L.lamps;
    const x = lerp(x0, x1, f);
    const yy = lerp(y0 - t0 * 1.2, y1 - t1 * 1.1, f);
    const sc = lerp(1, 0.25, f);
    const ph = 170 * k * sc;
    b.stroke(darken(wall, 0.5), 5 * k * sc, 1, `M${n1(x)} ${n1(yy)}L${n1(x)} ${n1(yy - ph)}`);
    b.fill(lamp, 1, ellipseD(x, yy - ph, 9 * k * sc, 9 * k * sc));
    const gr = 120 * k * sc;
    const gl = radial(ctx, x, yy - ph, gr, [
      [0, lamp, 0.6],
      [0.3, lamp, 0.2],
      [1, lamp, 0],
    ]);
    glows.push(`<circle cx="${n1(x)}" cy="${n1(yy - ph)}" r="${n1(gr)}" fill="${gl}"/>`);
    // Broken reflection below the wall.
    const base = lerp(y0, y1, f);
    for (let j = 0; j < 12; j++) {
      const ry = base + (8 + j * 22) * k * sc + rng() * 10 * k * sc;
      b.fill(
        lamp,
        qop(0.5 - j * 0.035, 6),
        ellipseD(x + gauss(rng) * 6 * k * sc, ry, range(rng, 8, 26) * k * sc, 3 * k * sc),
      );
    }
  }
  ctx.out.push(b.toSvg(), ...glows);
}

function drawLights(ctx: Ctx, L: LightsLayer, rng: Rng): void {
  const { W, H, k } = ctx;
  const b = new Batch();
  const warm = ['#ffd48a', '#ffe2a8', '#ffc878'];
  for (let i = 0; i < L.count; i++) {
    const x = lerp(L.x0, L.x1, rng()) * W;
    const y = L.y * H + gauss(rng) * 8 * k;
    const c = pick(rng, warm);
    b.fill(c, qop(range(rng, 0.6, 1), 4), ellipseD(x, y, range(rng, 2, 4.5) * k, range(rng, 2, 3.5) * k));
    if (L.reflect && rng() < 0.6) {
      const len = range(rng, 30, 120) * k;
      b.fill(c, 0.2, ellipseD(x, L.y * H + 18 * k + len / 2, 2.5 * k, len / 2));
    }
  }
  ctx.out.push(b.toSvg());
}

// ---------------------------------------------------------------- ground plane (aerial)

function makeProjection(view: GroundView, W: number, H: number): Projection {
  if (view.mode === 'topdown') {
    const s = W / view.metresAcross;
    return {
      topdown: true,
      toScreen: (u, v) => [u * s, v * s],
      fromScreen: (x, y) => [x / s, y / s],
      scale: () => s,
      bounds: { u0: (-0.08 * W) / s, u1: (1.08 * W) / s, v0: (-0.08 * H) / s, v1: (1.08 * H) / s },
      hazeAt: () => 0,
      horizonY: -1,
      vRef: Number.POSITIVE_INFINITY,
    };
  }
  const hy = view.horizon * H;
  const fov = ((view.fov ?? 70) * Math.PI) / 180;
  const f = W / (2 * Math.tan(fov / 2));
  const h = view.height;
  const vNear = (f * h) / (H - hy);
  const uFar = ((W / 2) * view.far * 1.05) / f;
  return {
    topdown: false,
    toScreen: (u, v) => [W / 2 + (f * u) / v, hy + (f * h) / v],
    fromScreen: (x, y) => {
      const v = (f * h) / Math.max(0.5, y - hy);
      return [((x - W / 2) * v) / f, v];
    },
    scale: (v) => f / v,
    bounds: { u0: -uFar, u1: uFar, v0: vNear * 0.85, v1: view.far },
    // Quantised so that batched shapes at similar depths share a paint.
    hazeAt: (v) => Math.round(12 * 0.85 * smoothstep(vNear * 1.2, view.far * 1.1, v) ** 0.6) / 12,
    horizonY: hy,
    vRef: vNear * 2,
  };
}

function needProj(ctx: Ctx): Projection {
  if (!ctx.proj) throw new Error('ground layers need scene.ground');
  return ctx.proj;
}

function onScreen(ctx: Ctx, pts: readonly Pt[], margin = 0.02): boolean {
  const { W, H } = ctx;
  let x0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of pts) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  return x1 >= -margin * W && x0 <= W * (1 + margin) && y1 >= -margin * H && y0 <= H * (1 + margin);
}

/** A ground curve from image-fraction control points, with meanders added in metres. */
function groundCurve(ctx: Ctx, points: readonly Pt[], meander: number, rng: Rng, step: number): Pt[] {
  const proj = needProj(ctx);
  // Interpolate where the points were authored (on screen), then lift onto the ground.
  const screen = sampleSpline(
    points.map(([x, y]) => [x * ctx.W, y * ctx.H] as const),
    60,
  );
  const dense = screen.map(([x, y]) => proj.fromScreen(x, y));
  const out: Pt[] = [];
  let carry = 0;
  for (let i = 0; i < dense.length - 1; i++) {
    const a = dense[i] as Pt;
    const b = dense[i + 1] as Pt;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    let s = carry;
    while (s < len && out.length < 4000) {
      const t = s / len;
      const p: Pt = [lerp(a[0], b[0], t), lerp(a[1], b[1], t)];
      out.push(p);
      // Far away, detail is lost anyway: step further.
      s += step * Math.max(1, p[1] / proj.vRef);
    }
    carry = s - len;
  }
  const last = dense[dense.length - 1];
  if (last) out.push(last);
  if (meander <= 0 || out.length < 3) return out;
  const p1 = rng() * 6.28;
  const p2 = rng() * 6.28;
  const p3 = rng() * 6.28;
  const w1 = range(rng, 8, 14) * meander;
  const w2 = range(rng, 3, 5) * meander;
  const normals = curveNormals(out);
  let s = 0;
  return out.map((p, i) => {
    if (i > 0) s += Math.hypot(p[0] - (out[i - 1] as Pt)[0], p[1] - (out[i - 1] as Pt)[1]);
    const off =
      meander *
      (Math.sin(s / w1 + p1) * 0.65 + Math.sin(s / w2 + p2) * 0.25 + Math.sin(s / (w2 * 0.45) + p3) * 0.1);
    const n = normals[i] ?? ([0, 0] as const);
    return [p[0] + n[0] * off, p[1] + n[1] * off] as const;
  });
}

function curveNormals(c: readonly Pt[]): Pt[] {
  return c.map((_, i) => {
    const a = (c[Math.max(0, i - 1)] ?? c[i]) as Pt;
    const b = (c[Math.min(c.length - 1, i + 1)] ?? c[i]) as Pt;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const l = Math.hypot(dx, dy) || 1;
    return [-dy / l, dx / l] as const;
  });
}

/** Screen polygon of the strip between two offsets of a ground curve. */
function strip(
  ctx: Ctx,
  c: readonly Pt[],
  normals: readonly Pt[],
  o1: number,
  o2: number,
  i0 = 0,
  i1 = c.length - 1,
): Pt[] {
  const proj = needProj(ctx);
  const a: Pt[] = [];
  const b: Pt[] = [];
  for (let i = i0; i <= i1; i++) {
    const p = c[i];
    const n = normals[i];
    if (!p || !n) continue;
    a.push(proj.toScreen(p[0] + n[0] * o1, p[1] + n[1] * o1));
    b.push(proj.toScreen(p[0] + n[0] * o2, p[1] + n[1] * o2));
  }
  return [...a, ...b.reverse()];
}

/** Clip a curve to the part in front of the camera (oblique views). */
function inFront(ctx: Ctx, c: readonly Pt[]): Pt[] {
  const proj = needProj(ctx);
  if (proj.topdown) return [...c];
  return c.filter((p) => p[1] > proj.bounds.v0 * 0.6);
}

function drawGroundBase(ctx: Ctx, L: GroundBaseLayer): void {
  const { W, H, P } = ctx;
  const proj = needProj(ctx);
  const base = tone(ctx, L.color ?? '#5a7a3e');
  if (proj.topdown) {
    ctx.out.push(`<rect width="${W}" height="${H}" fill="${base}"/>`);
    return;
  }
  const hy = proj.horizonY;
  const g = linear(ctx, 0, hy, 0, H, [
    [0, mix(base, P.haze, 0.85)],
    [0.25, mix(base, P.haze, 0.35)],
    [1, base],
  ]);
  ctx.out.push(`<rect x="0" y="${n1(hy)}" width="${W}" height="${n1(H - hy)}" fill="${g}"/>`);
}

function drawPatchwork(ctx: Ctx, L: PatchworkLayer, rng: Rng): void {
  const { P } = ctx;
  const proj = needProj(ctx);
  const { u0, u1, v0, v1 } = proj.bounds;
  const fs = L.field;
  const rot = ((L.rotation ?? 0) * Math.PI) / 180;
  const cs = Math.cos(rot);
  const sn = Math.sin(rot);
  const cu = (u0 + u1) / 2;
  const cv = (v0 + v1) / 2;
  const half = Math.hypot(u1 - u0, v1 - v0) / 2;
  const n = Math.ceil((2 * half) / fs) + 1;
  const palette = L.palette ?? 'summer';
  // Jittered grid, rotated about the centre of the visible ground.
  const grid: Pt[][] = [];
  for (let i = 0; i <= n; i++) {
    const row: Pt[] = [];
    for (let j = 0; j <= n; j++) {
      const a = -half + i * fs + gauss(rng) * fs * 0.14;
      const b = -half + j * fs + gauss(rng) * fs * 0.14;
      row.push([cu + a * cs - b * sn, cv + a * sn + b * cs]);
    }
    grid.push(row);
  }
  const g = (i: number, j: number): Pt => (grid[i]?.[j] ?? [0, 0]) as Pt;
  const hedgeW = L.hedge ?? 2.5;
  const hedge = tone(ctx, '#2c3f24');
  const treeCols = ['#2a4424', '#33502b', '#254020', '#3b5a2f'].map((c) => tone(ctx, c));
  const shadowCol = tone(ctx, '#14200f');
  const fieldsOut: string[] = [];
  const tex = new Batch();
  const trees = new Batch();
  const shadows = new Batch();
  const treeDensity = L.trees ?? 1;
  const sheepRate = L.sheep ?? 0.25;
  const lightU = -0.6;
  const lightV = -0.8;
  const visible = (poly: readonly Pt[]) => {
    if (!proj.topdown && poly.some((p) => p[1] < v0 * 0.75 || p[1] > v1 * 1.05)) return false;
    return true;
  };
  const addTree = (u: number, v: number, r: number, hz: number) => {
    const s = proj.scale(v);
    const rp = r * s;
    if (rp < (proj.topdown ? 0.9 : 1.8)) return;
    const [x, y] = proj.toScreen(u, v);
    const [sx, sy] = proj.toScreen(u - lightU * r * 0.9, v - lightV * r * 0.9);
    shadows.fill(
      mix(shadowCol, P.haze, hz),
      0.45,
      ellipseD(sx, sy, rp * 1.05, rp * (proj.topdown ? 1 : 0.8)),
    );
    trees.fill(mix(pick(rng, treeCols), P.haze, hz), 1, ellipseD(x, y, rp, rp * (proj.topdown ? 1 : 0.85)));
    if (rp > 3)
      trees.fill(
        mix(lighten(pick(rng, treeCols), 0.18), P.haze, hz),
        0.75,
        ellipseD(x + lightU * rp * 0.3, y + lightV * rp * 0.3, rp * 0.5, rp * 0.45),
      );
  };
  const field = (quad: readonly Pt[]) => {
    const scr = quad.map(([u, v]) => proj.toScreen(u, v));
    if (!onScreen(ctx, scr)) return;
    if (L.top !== undefined && Math.max(...scr.map((p) => p[1])) < L.top * ctx.H) return;
    const vm = quad.reduce((s, p) => s + p[1], 0) / quad.length;
    const um = quad.reduce((s, p) => s + p[0], 0) / quad.length;
    const hz = proj.hazeAt(vm);
    // Beyond this the haze hides individual fields; the ground base shows through.
    if (hz > 0.8) return;
    const fc = fieldColor(rng, palette);
    const col = mix(tone(ctx, fc.color), P.haze, hz);
    const hw = hedgeW * proj.scale(vm);
    fieldsOut.push(
      `<path d="${polyD(scr)}" fill="${col}" stroke="${mix(hedge, P.haze, hz)}" stroke-width="${n1(Math.max(0.6, hw))}" stroke-linejoin="round"/>`,
    );
    const q0 = quad[0] as Pt;
    const q1 = quad[1] as Pt;
    const q2 = quad[2] as Pt;
    const q3 = quad[3] as Pt;
    if (fc.crop && hw > 0.8) {
      // Tractor lines between two opposite edges.
      const lines = Math.round(Math.hypot(q1[0] - q0[0], q1[1] - q0[1]) / 4);
      let d = '';
      for (let l = 1; l < lines; l++) {
        const t = l / lines;
        const a = proj.toScreen(lerp(q0[0], q1[0], t), lerp(q0[1], q1[1], t));
        const b = proj.toScreen(lerp(q3[0], q2[0], t), lerp(q3[1], q2[1], t));
        d += `M${n1(a[0])} ${n1(a[1])}L${n1(b[0])} ${n1(b[1])}`;
      }
      if (d) tex.stroke(rng() < 0.5 ? lighten(col, 0.1) : darken(col, 0.1), Math.max(0.6, hw * 0.3), 0.55, d);
    } else if (!fc.crop && rng() < sheepRate) {
      const count = 8 + Math.floor(rng() * 25);
      const s = proj.scale(vm);
      if (s * 0.7 > 0.8) {
        for (let m = 0; m < count; m++) {
          const a = rng();
          const b = rng() * 0.8 + 0.1;
          const u = lerp(lerp(q0[0], q1[0], a), lerp(q3[0], q2[0], a), b);
          const v = lerp(lerp(q0[1], q1[1], a), lerp(q3[1], q2[1], a), b);
          const [x, y] = proj.toScreen(u, v);
          const r = 0.75 * proj.scale(v);
          tex.fill(mix('#f1efe6', P.haze, hz), 1, ellipseD(x, y, r * 1.3, r));
        }
      }
    } else if (rng() < 0.3) {
      // Rushes or clover patches: soft darker blotches.
      const [x, y] = proj.toScreen(um, vm);
      const r = fs * 0.2 * proj.scale(vm);
      tex.fill(
        darken(col, 0.08),
        0.5,
        ellipseD(x, y, r * range(rng, 0.8, 1.6), r * range(rng, 0.5, 1) * (proj.topdown ? 1 : 0.5)),
      );
    }
    // Trees along two of the edges (each grid edge belongs to one field here).
    for (const [a, b] of [
      [q0, q1],
      [q0, q3],
    ] as const) {
      if (rng() > 0.55 * treeDensity) continue;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const count = Math.floor((len / 9) * range(rng, 0.2, 1) * treeDensity);
      for (let m = 0; m < count; m++) {
        const t = rng();
        const u = lerp(a[0], b[0], t);
        const v = lerp(a[1], b[1], t);
        addTree(u, v, range(rng, 2.5, 5.5), proj.hazeAt(v));
      }
    }
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const quad = [g(i, j), g(i + 1, j), g(i + 1, j + 1), g(i, j + 1)];
      if (!visible(quad)) continue;
      if (rng() < 0.35) {
        // Split into two fields along the longer direction.
        const t1 = range(rng, 0.35, 0.65);
        const t2 = clamp(t1 + gauss(rng) * 0.08, 0.25, 0.75);
        const a = quad[0] as Pt;
        const b = quad[1] as Pt;
        const c = quad[2] as Pt;
        const d = quad[3] as Pt;
        const m1: Pt = [lerp(a[0], b[0], t1), lerp(a[1], b[1], t1)];
        const m2: Pt = [lerp(d[0], c[0], t2), lerp(d[1], c[1], t2)];
        field([a, m1, m2, d]);
        field([m1, b, c, m2]);
      } else field(quad);
    }
  }
  ctx.out.push(fieldsOut.join(''), tex.toSvg(), shadows.toSvg(), trees.toSvg());
}

function drawRibbon(ctx: Ctx, L: RibbonLayer, rng: Rng): void {
  const { P } = ctx;
  const proj = needProj(ctx);
  const c = inFront(ctx, groundCurve(ctx, L.points, L.meander ?? 0, rng, Math.max(2, L.width)));
  if (c.length < 2) return;
  const nm = curveNormals(c);
  const w = L.width / 2;
  const b = new Batch();
  // Split into chunks so haze can change with depth in oblique views.
  const chunk = proj.topdown ? c.length : 24;
  for (let i0 = 0; i0 < c.length - 1; i0 += chunk) {
    const i1 = Math.min(c.length - 1, i0 + chunk);
    const v = (c[Math.floor((i0 + i1) / 2)] as Pt)[1];
    const hz = proj.hazeAt(v);
    const q = (col: string) => mix(col, P.haze, Math.round(hz * 10) / 10);
    if (L.type === 'river') {
      b.fill(q(tone(ctx, '#263b22')), 1, polyD(strip(ctx, c, nm, -w * 3.2, w * 3.2, i0, i1)));
      b.fill(q(tone(ctx, '#8d8266')), 1, polyD(strip(ctx, c, nm, -w * 1.25, w * 1.25, i0, i1)));
      b.fill(q(mix(tone(ctx, '#3a5663'), P.sky[2], 0.2)), 1, polyD(strip(ctx, c, nm, -w, w, i0, i1)));
      b.fill(q(lighten(P.sky[2], 0.1)), 0.3, polyD(strip(ctx, c, nm, -w * 0.5, w * 0.1, i0, i1)));
    } else {
      b.fill(q(tone(ctx, '#2f3b27')), 0.6, polyD(strip(ctx, c, nm, -w * 1.8, w * 1.8, i0, i1)));
      b.fill(q(tone(ctx, '#7f7d76')), 1, polyD(strip(ctx, c, nm, -w, w, i0, i1)));
      b.fill(q(tone(ctx, '#96948b')), 0.6, polyD(strip(ctx, c, nm, -w * 0.55, w * 0.55, i0, i1)));
    }
  }
  ctx.out.push(b.toSvg());
}

function drawCoast(ctx: Ctx, L: CoastLayer, rng: Rng): void {
  const { W, H, P } = ctx;
  const proj = needProj(ctx);
  const c = inFront(ctx, groundCurve(ctx, L.points, L.meander ?? 25, rng, 4));
  if (c.length < 3) return;
  let nm = curveNormals(c);
  // Orient the normals so a positive offset points out to sea.
  const mid = c[Math.floor(c.length / 2)] as Pt;
  const mn = nm[Math.floor(c.length / 2)] as Pt;
  const a = proj.toScreen(mid[0], mid[1]);
  const b2 = proj.toScreen(mid[0] + mn[0] * 10, mid[1] + mn[1] * 10);
  const seaRight = L.sea === 'right';
  if (b2[0] > a[0] !== seaRight) nm = nm.map(([x, y]) => [-x, -y] as const);
  const scr = c.map(([u, v]) => proj.toScreen(u, v));
  const first = scr[0] as Pt;
  const last = scr[scr.length - 1] as Pt;
  const edgeX = seaRight ? W * 1.3 : -W * 0.3;

  const sand = tone(ctx, '#d7c7a1');
  const wetSand = mix(tone(ctx, '#a3957a'), P.sky[2], 0.15);
  const b = new Batch();
  const beach = L.beach;
  if (L.dunes) {
    const dune = tone(ctx, '#a6a278');
    b.fill(dune, 1, polyD(strip(ctx, c, nm, -beach - L.dunes, -beach * 0.9)));
  }
  if (beach > 0) {
    b.fill(sand, 1, polyD(strip(ctx, c, nm, -beach, 1)));
    b.fill(wetSand, 1, polyD(strip(ctx, c, nm, -beach * 0.3, 1)));
  } else {
    b.fill(tone(ctx, '#4d4943'), 1, polyD(strip(ctx, c, nm, -8, 1)));
    b.fill(tone(ctx, '#6e6a61'), 1, polyD(strip(ctx, c, nm, -8, -3)));
  }
  ctx.out.push(b.toSvg());

  // Dune texture: marram tufts.
  if (L.dunes) {
    const t = new Batch();
    const cols = ['#8c8a5c', '#bdb48a', '#7a7d52'].map((col) => tone(ctx, col));
    const count = Math.min(5000, Math.round((c.length * L.dunes) / 6));
    for (let i = 0; i < count; i++) {
      const idx = Math.floor(rng() * c.length);
      const p = c[idx] as Pt;
      const n = nm[idx] as Pt;
      const o = -beach - rng() * L.dunes;
      const u = p[0] + n[0] * o;
      const v = p[1] + n[1] * o;
      const s = proj.scale(v);
      const r = range(rng, 0.8, 2.2) * s;
      if (r < 0.8) continue;
      const [x, y] = proj.toScreen(u, v);
      t.fill(pick(rng, cols), 0.8, ellipseD(x, y, r, r * (proj.topdown ? 1 : 0.6)));
    }
    ctx.out.push(t.toSvg());
  }

  // The sea itself, then shallows, swell lines and surf, all following the coastline.
  const seaPoly: Pt[] = [...scr];
  if (!proj.topdown && last[1] > proj.horizonY) seaPoly.push([last[0], proj.horizonY]);
  seaPoly.push([edgeX, proj.topdown ? last[1] : proj.horizonY], [edgeX, first[1]]);
  const sea = P.sea;
  const fill = proj.topdown
    ? linear(ctx, a[0], 0, seaRight ? W : 0, 0, [
        [0, mix(sea, '#6f9a98', 0.45)],
        [0.35, sea],
        [1, darken(sea, 0.25)],
      ])
    : linear(ctx, 0, proj.horizonY, 0, H, [
        [0, mix(P.sky[3], sea, 0.45)],
        [0.15, mix(P.sky[3], sea, 0.75)],
        [1, darken(sea, 0.25)],
      ]);
  ctx.out.push(`<path d="${polyD(seaPoly)}" fill="${fill}"/>`);
  const w = new Batch();
  const shallow = mix(tone(ctx, '#7fa6a0'), P.sky[2], 0.1);
  w.fill(shallow, 0.35, polyD(strip(ctx, c, nm, 0, 90)));
  w.fill(shallow, 0.35, polyD(strip(ctx, c, nm, 0, 40)));
  w.fill(lighten(shallow, 0.15), 0.3, polyD(strip(ctx, c, nm, 0, 16)));
  const foam = '#f3f5f2';
  const dashed = (o1: number, o2: number, op: number, dash: number) => {
    let i = 0;
    while (i < c.length - 1) {
      const len = Math.floor(range(rng, 0.4, 1.6) * dash);
      const gap = Math.floor(range(rng, 0.1, 0.9) * dash);
      const j = Math.min(c.length - 1, i + len);
      if (j > i) {
        const v = (c[i] as Pt)[1];
        w.fill(
          mix(foam, P.haze, Math.round(proj.hazeAt(v) * 5) / 5),
          op,
          polyD(strip(ctx, c, nm, o1, o2, i, j)),
        );
      }
      i = j + gap;
    }
  };
  if (proj.topdown) for (const o of [320, 240, 170, 115]) dashed(o, o + 2.5, 0.08, 30);
  dashed(60, 62, proj.topdown ? 0.22 : 0.14, 16);
  if (proj.topdown) {
    dashed(30, 34, 0.35, 14);
    dashed(12, 17, 0.55, 22);
  } else {
    dashed(30, 31.5, 0.3, 14);
    dashed(12, 14, 0.5, 22);
  }
  w.fill(foam, 0.75, polyD(strip(ctx, c, nm, 0, 5)));
  if (L.cliffs) {
    // Rocks in the shallows with foam around them.
    for (let i = 0; i < 260; i++) {
      const idx = Math.floor(rng() * c.length);
      const p = c[idx] as Pt;
      const n = nm[idx] as Pt;
      const o = rng() ** 2.5 * 22;
      const u = p[0] + n[0] * o;
      const v = p[1] + n[1] * o;
      const s = proj.scale(v);
      const r = range(rng, 0.6, 2.2) * s;
      if (r < 0.8) continue;
      const [x, y] = proj.toScreen(u, v);
      const sq = proj.topdown ? 1 : 0.55;
      w.fill(foam, 0.2, ellipseD(x, y, r * 1.5, r * 1.5 * sq));
      w.fill(tone(ctx, '#4a4640'), 1, ellipseD(x, y, r, r * sq));
      w.fill(tone(ctx, '#6b665d'), 0.8, ellipseD(x - r * 0.2, y - r * 0.2 * sq, r * 0.55, r * 0.5 * sq));
    }
  }
  ctx.out.push(w.toSvg());
}

function blobPoints(ctx: Ctx, L: BlobLayer, rng: Rng): Pt[] {
  const proj = needProj(ctx);
  const [uc, vc] = proj.fromScreen(L.x * ctx.W, L.y * ctx.H);
  const rot = ((L.rotation ?? 0) * Math.PI) / 180;
  const n = 30;
  const p1 = rng() * 6.28;
  const p2 = rng() * 6.28;
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const r = 1 + 0.16 * Math.sin(a * 2 + p1) + 0.09 * Math.sin(a * 5 + p2) + gauss(rng) * 0.03;
    const du = Math.cos(a) * L.rx * r;
    const dv = Math.sin(a) * L.ry * r;
    pts.push([uc + du * Math.cos(rot) - dv * Math.sin(rot), vc + du * Math.sin(rot) + dv * Math.cos(rot)]);
  }
  return pts;
}

function drawBlob(ctx: Ctx, L: BlobLayer, rng: Rng): void {
  const { P } = ctx;
  const proj = needProj(ctx);
  const g = blobPoints(ctx, L, rng).filter((p) => proj.topdown || p[1] > proj.bounds.v0 * 0.5);
  const scr = g.map(([u, v]) => proj.toScreen(u, v));
  const vc = g.reduce((s, p) => s + p[1], 0) / Math.max(1, g.length);
  const uc = g.reduce((s, p) => s + p[0], 0) / Math.max(1, g.length);
  const hz = proj.hazeAt(vc);
  if (L.type === 'ground-lake') {
    const top = Math.min(...scr.map((p) => p[1]));
    const bottom = Math.max(...scr.map((p) => p[1]));
    const water = P.water;
    const fill = proj.topdown
      ? linear(ctx, 0, top, 0, bottom, [
          [0, mix(water, P.sky[1], 0.35)],
          [1, mix(water, P.sky[0], 0.2)],
        ])
      : linear(ctx, 0, top, 0, bottom, [
          [0, mix(P.sky[3], water, 0.35)],
          [1, mix(P.sky[1], water, 0.6)],
        ]);
    const shore = mix(tone(ctx, '#b5a47c'), P.haze, hz);
    const sw = 3 * proj.scale(vc);
    ctx.out.push(
      `<path d="${smoothD(scr, true)}" fill="${fill}" stroke="${shore}" stroke-width="${n1(sw)}" stroke-opacity="0.7"/>`,
    );
    return;
  }
  const base = mix(tone(ctx, '#22381f'), P.haze, hz);
  ctx.out.push(`<path d="${smoothD(scr, true)}" fill="${base}"/>`);
  // Crowns inside the wood (rejection-sample the ellipse in ground space).
  const b = new Batch();
  const cols = ['#2b4625', '#35532c', '#264021', '#3f5f31'].map((c) => mix(tone(ctx, c), P.haze, hz));
  const count = Math.min(2500, Math.round((L.rx * L.ry) / 10));
  const rot = ((L.rotation ?? 0) * Math.PI) / 180;
  for (let i = 0; i < count; i++) {
    const a = rng() * Math.PI * 2;
    const r = Math.sqrt(rng()) * 0.88;
    const du = Math.cos(a) * L.rx * r;
    const dv = Math.sin(a) * L.ry * r;
    const u = uc + du * Math.cos(rot) - dv * Math.sin(rot);
    const v = vc + du * Math.sin(rot) + dv * Math.cos(rot);
    if (!proj.topdown && v < proj.bounds.v0 * 0.5) continue;
    const rp = range(rng, 2.5, 5) * proj.scale(v);
    if (rp < 1) continue;
    const [x, y] = proj.toScreen(u, v);
    const sq = proj.topdown ? 1 : 0.85;
    b.fill(darken(base, 0.35), 0.5, ellipseD(x + rp * 0.35, y + rp * 0.35, rp, rp * sq));
    b.fill(pick(rng, cols), 1, ellipseD(x, y, rp, rp * sq));
  }
  ctx.out.push(b.toSvg());
}

function drawFarms(ctx: Ctx, L: FarmsLayer, rng: Rng): void {
  const { P } = ctx;
  const proj = needProj(ctx);
  const b = new Batch();
  const roofs = ['#55595c', '#8a4d3c', '#d6d3ca', '#4a5257', '#6d6f68'].map((c) => tone(ctx, c));
  for (let f = 0; f < L.count; f++) {
    const near = pick(rng, L.near);
    const [uc, vc] = proj.fromScreen(
      (near[0] + gauss(rng) * 0.04) * ctx.W,
      (near[1] + gauss(rng) * 0.04) * ctx.H,
    );
    if (!proj.topdown && vc < proj.bounds.v0) continue;
    const rot = rng() * Math.PI;
    const hz = proj.hazeAt(vc);
    const rect = (du: number, dv: number, l: number, w: number, r: number): Pt[] =>
      [
        [-l / 2, -w / 2],
        [l / 2, -w / 2],
        [l / 2, w / 2],
        [-l / 2, w / 2],
      ].map(([x, y]) => {
        const xx = (x ?? 0) * Math.cos(r) - (y ?? 0) * Math.sin(r) + du;
        const yy = (x ?? 0) * Math.sin(r) + (y ?? 0) * Math.cos(r) + dv;
        return proj.toScreen(uc + xx, vc + yy);
      });
    b.fill(mix(tone(ctx, '#8b877a'), P.haze, hz), 1, polyD(rect(0, 0, 55, 40, rot)));
    const buildings = 2 + Math.floor(rng() * 3);
    for (let i = 0; i < buildings; i++) {
      const du = gauss(rng) * 12;
      const dv = gauss(rng) * 10;
      const l = range(rng, 12, 32);
      const w = range(rng, 6, 11);
      const r = rot + (rng() < 0.5 ? 0 : Math.PI / 2);
      b.fill(mix(tone(ctx, '#10160c'), P.haze, hz), 0.4, polyD(rect(du + 2.5, dv + 2.5, l, w, r)));
      const roof = mix(pick(rng, roofs), P.haze, hz);
      b.fill(roof, 1, polyD(rect(du, dv, l, w, r)));
      b.fill(
        darken(roof, 0.2),
        1,
        polyD(rect(du + (w / 4) * -Math.sin(r), dv + (w / 4) * Math.cos(r), l, w / 2, r)),
      );
    }
  }
  ctx.out.push(b.toSvg());
}

// ---------------------------------------------------------------- entry point

function drawLayer(ctx: Ctx, layer: Layer, rng: Rng): void {
  switch (layer.type) {
    case 'ridges':
      drawRidges(ctx, layer, rng);
      break;
    case 'hill':
      drawHill(ctx, layer, rng);
      break;
    case 'sea':
      drawSea(ctx, layer, rng);
      break;
    case 'beach':
      drawBeach(ctx, layer, rng);
      break;
    case 'lake':
      drawLake(ctx, layer, rng);
      break;
    case 'fields':
      drawFields(ctx, layer, rng);
      break;
    case 'trees':
      drawTrees(ctx, layer, rng);
      break;
    case 'forest':
      drawForest(ctx, layer, rng);
      break;
    case 'mist':
      drawMist(ctx, layer);
      break;
    case 'round-tower':
      drawRoundTower(ctx, layer, rng);
      break;
    case 'stones':
      drawStones(ctx, layer, rng);
      break;
    case 'track':
      drawTrack(ctx, layer, rng);
      break;
    case 'lighthouse':
      drawLighthouse(ctx, layer);
      break;
    case 'waterfall':
      drawWaterfall(ctx, layer, rng);
      break;
    case 'mast':
      drawMast(ctx, layer);
      break;
    case 'pier':
      drawPier(ctx, layer, rng);
      break;
    case 'lights':
      drawLights(ctx, layer, rng);
      break;
    case 'ground-base':
      drawGroundBase(ctx, layer);
      break;
    case 'patchwork':
      drawPatchwork(ctx, layer, rng);
      break;
    case 'river':
    case 'road':
      drawRibbon(ctx, layer, rng);
      break;
    case 'coast':
      drawCoast(ctx, layer, rng);
      break;
    case 'woods':
    case 'ground-lake':
      drawBlob(ctx, layer, rng);
      break;
    case 'farms':
      drawFarms(ctx, layer, rng);
      break;
  }
}

/** The whole picture as SVG text; deterministic for a given spec and size. */
export function renderSceneSvg(spec: SceneSpec, width: number, height: number): string {
  const W = Math.round(width);
  const H = Math.round(height);
  const ctx: Ctx = {
    W,
    H,
    k: Math.max(W, H) / 4200,
    spec,
    P: LIGHTS[spec.light],
    defs: [],
    out: [],
    ids: 0,
    sils: [],
    mists: [],
    proj: spec.ground ? makeProjection(spec.ground, W, H) : null,
    sun: spec.sun ? { x: spec.sun.x * W, y: spec.sun.y * H } : null,
  };
  if (spec.ground?.mode !== 'topdown') drawSky(ctx, mulberry32(hashSeed(spec.seed, 'sky')));
  spec.layers.forEach((layer, i) => {
    drawLayer(ctx, layer, mulberry32(hashSeed(spec.seed, i, layer.type)));
  });
  const v = spec.vignette ?? 0.28;
  if (v > 0) {
    const vg = radialBox(
      ctx,
      [
        [0.5, '#000000', 0],
        [0.8, '#000000', v * 0.45],
        [1, '#000000', v],
      ],
      ' r="0.72"',
    );
    ctx.out.push(`<rect width="${W}" height="${H}" fill="${vg}"/>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${ctx.defs.join('')}</defs>${ctx.out.join('')}</svg>`
  );
}
