// Small, dependency-free helpers for the procedural demo landscapes: a seeded PRNG, colour
// mixing, compact number/path formatting and a batcher that merges many small shapes of the
// same paint into one <path> element (librsvg is much faster with few elements).

export type Rng = () => number;
export type Pt = readonly [number, number];

/** mulberry32: tiny, fast, good enough for graphics, and fully deterministic. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the parts, so every layer gets its own independent stream. */
export function hashSeed(...parts: readonly (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = `${part}|`;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h >>> 0;
}

export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
export const smoothstep = (e0: number, e1: number, x: number): number => {
  const t = clamp((x - e0) / (e1 - e0), 0, 1);
  return t * t * (3 - 2 * t);
};
export const range = (rng: Rng, a: number, b: number): number => a + (b - a) * rng();
/** Roughly normal, mean 0, sd ~1 (sum of uniforms; deterministic and cheap). */
export const gauss = (rng: Rng): number => (rng() + rng() + rng() + rng() - 2) * 1.73;
export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length) % items.length];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

// ---------------------------------------------------------------- numbers and paths

/** One decimal is plenty at 4000 px and keeps the SVG small. */
export function n1(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

export function n3(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
}

export function polyD(pts: readonly Pt[], close = true): string {
  let d = '';
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i] as Pt;
    d += `${i === 0 ? 'M' : 'L'}${n1(p[0])} ${n1(p[1])}`;
  }
  return close ? `${d}Z` : d;
}

/** Catmull-Rom through the points, as cubic Béziers (open or closed). */
export function smoothD(pts: readonly Pt[], closed: boolean, tension = 1): string {
  const n = pts.length;
  if (n < 3) return polyD(pts, closed);
  const at = (i: number): Pt => {
    if (closed) return pts[((i % n) + n) % n] as Pt;
    return pts[clamp(i, 0, n - 1)] as Pt;
  };
  const first = at(0);
  let d = `M${n1(first[0])} ${n1(first[1])}`;
  const segs = closed ? n : n - 1;
  const k = tension / 6;
  for (let i = 0; i < segs; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1x = p1[0] + (p2[0] - p0[0]) * k;
    const c1y = p1[1] + (p2[1] - p0[1]) * k;
    const c2x = p2[0] - (p3[0] - p1[0]) * k;
    const c2y = p2[1] - (p3[1] - p1[1]) * k;
    d += `C${n1(c1x)} ${n1(c1y)} ${n1(c2x)} ${n1(c2y)} ${n1(p2[0])} ${n1(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** Densely sample a Catmull-Rom curve (for profiles and ribbons). */
export function sampleSpline(pts: readonly Pt[], perSegment: number): Pt[] {
  const n = pts.length;
  if (n < 2) return [...pts];
  const at = (i: number): Pt => pts[clamp(i, 0, n - 1)] as Pt;
  const out: Pt[] = [];
  for (let i = 0; i < n - 1; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    for (let s = 0; s < perSegment; s++) {
      const t = s / perSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      const c = (a: number, b: number, cc: number, dd: number) =>
        0.5 * (2 * b + (-a + cc) * t + (2 * a - 5 * b + 4 * cc - dd) * t2 + (-a + 3 * b - 3 * cc + dd) * t3);
      out.push([c(p0[0], p1[0], p2[0], p3[0]), c(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(at(n - 1));
  return out;
}

/** An ellipse as a sub-path, so thousands of them fit in one <path>. */
export function ellipseD(cx: number, cy: number, rx: number, ry: number): string {
  const x0 = n1(cx - rx);
  const w = n1(2 * rx);
  const r = `${n1(rx)} ${n1(ry)}`;
  return `M${x0} ${n1(cy)}a${r} 0 1 0 ${w} 0a${r} 0 1 0 -${w} 0Z`;
}

// ---------------------------------------------------------------- colour

type Rgb = readonly [number, number, number];

function parseHex(c: string): Rgb {
  const h = c.startsWith('#') ? c.slice(1) : c;
  const full = h.length === 3 ? h.replace(/./g, (ch) => ch + ch) : h;
  const v = Number.parseInt(full, 16);
  if (full.length !== 6 || Number.isNaN(v)) throw new Error(`bad colour ${c}`);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function toHex(c: Rgb): string {
  const h = (v: number) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0');
  return `#${h(c[0])}${h(c[1])}${h(c[2])}`;
}

export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  const k = clamp(t, 0, 1);
  return toHex([lerp(ca[0], cb[0], k), lerp(ca[1], cb[1], k), lerp(ca[2], cb[2], k)]);
}

export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

/** Pull a colour towards its own grey (t = 1 → fully grey). */
export function desaturate(c: string, t: number): string {
  const [r, g, b] = parseHex(c);
  const l = 0.3 * r + 0.59 * g + 0.11 * b;
  return toHex([lerp(r, l, t), lerp(g, l, t), lerp(b, l, t)]);
}

// ---------------------------------------------------------------- batching

/**
 * Collects sub-paths keyed by their paint attributes and emits one <path> per key,
 * in first-use order (deterministic).
 */
export class Batch {
  private readonly groups = new Map<string, string[]>();

  add(attrs: string, d: string): void {
    const list = this.groups.get(attrs);
    if (list) list.push(d);
    else this.groups.set(attrs, [d]);
  }

  fill(color: string, opacity: number, d: string): void {
    const op = opacity >= 0.995 ? '' : ` fill-opacity="${n3(opacity)}"`;
    this.add(`fill="${color}"${op}`, d);
  }

  stroke(color: string, width: number, opacity: number, d: string, extra = ''): void {
    const op = opacity >= 0.995 ? '' : ` stroke-opacity="${n3(opacity)}"`;
    this.add(
      `fill="none" stroke="${color}" stroke-width="${n1(width)}" stroke-linecap="round"${op}${extra}`,
      d,
    );
  }

  get size(): number {
    return this.groups.size;
  }

  toSvg(): string {
    let out = '';
    for (const [attrs, parts] of this.groups) out += `<path ${attrs} d="${parts.join('')}"/>`;
    return out;
  }
}

/** Quantise an opacity so similar shapes share a batch. */
export const qop = (v: number, steps = 8): number => Math.max(1, Math.round(clamp(v, 0, 1) * steps)) / steps;
