// Demo photographs for a fresh install, drawn procedurally so the repository ships no
// third-party photos. Each photo is a SceneSpec painted as layered SVG (see svg-layers.ts)
// and rasterised by sharp. Output is deterministic: same photo, same SVG, same JPEG bytes.

import sharp from 'sharp';
import type { SceneSpec } from './scene';
import { renderSceneSvg } from './svg-layers';

export type { Layer, LightName, SceneSpec } from './scene';

export type Category = 'coastal' | 'mountains' | 'countryside' | 'aerial' | 'other';

export interface DemoPhoto {
  slug: string;
  title: string;
  description: string;
  category: Category;
  location: string;
  featured: boolean;
  homepageHero: boolean;
  scene: SceneSpec;
  width: number;
  height: number;
}

const LANDSCAPE = { width: 4200, height: 2800 } as const;
const PANORAMA = { width: 4800, height: 2700 } as const;
const PORTRAIT = { width: 2800, height: 4200 } as const;

export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  {
    slug: 'lough-tay-first-light',
    title: 'Lough Tay at First Light',
    description:
      'The first warm light spilling over the Luggala ridge while the lake below is still in shadow. I waited a cold hour on the Sally Gap road for the mist to lift off the water.',
    category: 'mountains',
    location: 'Lough Tay, Co. Wicklow',
    featured: true,
    homepageHero: true,
    ...LANDSCAPE,
    scene: {
      seed: 1101,
      light: 'dawn',
      horizon: 0.5,
      sun: { x: 0.3, y: 0.37, size: 0.014, glow: 0.6 },
      clouds: { count: 14, top: 0.04, bottom: 0.34, stretch: 1.6, opacity: 0.65 },
      layers: [
        { type: 'ridges', count: 4, top: 0.41, bottom: 0.5, amplitude: 0.085, roughness: 0.52, mist: 0.6, floor: 0.67 },
        { type: 'mist', y: 0.46, height: 0.12, opacity: 0.45 },
        {
          type: 'hill',
          points: [
            [0.44, 0.67],
            [0.55, 0.54],
            [0.68, 0.38],
            [0.8, 0.34],
            [0.92, 0.35],
            [1, 0.38],
          ],
          color: '#30352a',
          distance: 0.1,
          shade: 0.5,
          floor: 0.67,
          noise: 0.035,
          roughness: 0.62,
          textures: [
            { kind: 'crags', count: 160, depth: 0.8 },
            { kind: 'heather', count: 120 },
          ],
        },
        {
          type: 'forest',
          points: [
            [0, 0.585],
            [0.12, 0.61],
            [0.24, 0.645],
            [0.34, 0.672],
          ],
          tree: 24,
          distance: 0.22,
          floor: 0.672,
        },
        { type: 'lake', top: 0.67, ripples: 190, beach: { x: 0.385, width: 0.05 } },
        {
          type: 'hill',
          points: [
            [0, 0.74],
            [0.1, 0.77],
            [0.22, 0.85],
            [0.32, 0.95],
            [0.38, 1.04],
          ],
          color: '#3f4632',
          rim: true,
          noise: 0.02,
          textures: [
            { kind: 'heather', count: 700 },
            { kind: 'grass', count: 350 },
            { kind: 'rocks', count: 10 },
          ],
        },
        {
          type: 'hill',
          points: [
            [0.7, 1.04],
            [0.84, 0.93],
            [1, 0.87],
          ],
          color: '#3f4632',
          textures: [
            { kind: 'gorse', count: 260 },
            { kind: 'heather', count: 200 },
          ],
        },
      ],
    },
  },
  {
    slug: 'sugarloaf-golden-hour',
    title: 'Great Sugar Loaf, Golden Hour',
    description:
      'Gorse in flower above Kilmacanogue, with the Sugar Loaf catching the last sun of a long June evening.',
    category: 'mountains',
    location: 'Great Sugar Loaf, Co. Wicklow',
    featured: true,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 2207,
      light: 'golden',
      horizon: 0.55,
      sun: { x: 0.8, y: 0.41, size: 0.017, glow: 0.6 },
      clouds: { count: 11, top: 0.05, bottom: 0.36, stretch: 1.3 },
      layers: [
        { type: 'ridges', count: 2, top: 0.47, bottom: 0.52, amplitude: 0.05, roughness: 0.5, floor: 0.7 },
        {
          type: 'ridges',
          count: 1,
          top: 0.58,
          bottom: 0.58,
          amplitude: 0.04,
          roughness: 0.45,
          floor: 0.75,
          far: '#7b6f72',
          near: '#5d5855',
          mist: 0.55,
          peaks: [{ ridge: 0, x: 0.4, width: 0.15, height: 0.25, shape: 'cone' }],
        },
        { type: 'mist', y: 0.56, height: 0.08, opacity: 0.3 },
        { type: 'fields', top: 0.63, bottom: 0.73, bands: 3, amplitude: 0.025, columns: 6, palette: 'summer', haze: 0.5 },
        {
          type: 'hill',
          points: [
            [0, 0.79],
            [0.3, 0.81],
            [0.6, 0.86],
            [1, 0.82],
          ],
          rim: true,
          textures: [
            { kind: 'gorse', count: 900 },
            { kind: 'grass', count: 500 },
            { kind: 'heather', count: 150 },
          ],
        },
      ],
    },
  },
  {
    slug: 'lugnaquilla-under-snow',
    title: 'Lugnaquilla Under Snow',
    description:
      "A clear January morning from the Glen of Imaal, the summit plateau white above the brown winter moor. Days like this don't come often in Wicklow.",
    category: 'mountains',
    location: 'Lugnaquilla, Glen of Imaal',
    featured: true,
    homepageHero: false,
    ...PANORAMA,
    scene: {
      seed: 3313,
      light: 'day',
      horizon: 0.5,
      sun: { x: 0.14, y: 0.12, size: 0.011, glow: 0.4 },
      clouds: { count: 9, top: 0.04, bottom: 0.3, stretch: 1.8, opacity: 0.6 },
      layers: [
        {
          type: 'ridges',
          count: 4,
          top: 0.37,
          bottom: 0.52,
          amplitude: 0.11,
          roughness: 0.5,
          snow: 0.5,
          mist: 0.25,
          far: '#8e9ab0',
          near: '#4f4538',
          peaks: [{ ridge: 2, x: 0.58, width: 0.28, height: 0.07, shape: 'dome' }],
        },
        {
          type: 'hill',
          points: [
            [0, 0.6],
            [0.3, 0.57],
            [0.55, 0.61],
            [0.8, 0.59],
            [1, 0.62],
          ],
          color: '#6f6848',
          distance: 0.2,
          noise: 0.01,
        },
        {
          type: 'hill',
          points: [
            [0, 0.72],
            [0.4, 0.68],
            [0.7, 0.74],
            [1, 0.7],
          ],
          color: '#7d6f4a',
          textures: [
            { kind: 'grass', count: 1100 },
            { kind: 'rocks', count: 35 },
            { kind: 'bracken', count: 250 },
          ],
        },
      ],
    },
  },
  {
    slug: 'mist-in-the-wicklow-gap',
    title: 'Mist in the Wicklow Gap',
    description:
      'Cloud pouring through the pass between Tonelagee and Camaderry. Everything went quiet and grey for ten minutes, then the hills came back one by one.',
    category: 'mountains',
    location: 'Wicklow Gap',
    featured: false,
    homepageHero: false,
    ...PORTRAIT,
    scene: {
      seed: 4421,
      light: 'mist',
      horizon: 0.45,
      sun: { x: 0.62, y: 0.2, disk: false, glow: 0.6 },
      clouds: { count: 10, top: 0.05, bottom: 0.35, stretch: 2.2, opacity: 0.5 },
      layers: [
        { type: 'ridges', count: 4, top: 0.34, bottom: 0.47, amplitude: 0.07, roughness: 0.5, mist: 0.85 },
        { type: 'mist', y: 0.42, height: 0.1, opacity: 0.55 },
        {
          type: 'hill',
          points: [
            [0, 0.42],
            [0.15, 0.44],
            [0.35, 0.52],
            [0.5, 0.6],
            [0.56, 0.64],
          ],
          distance: 0.45,
          noise: 0.008,
          floor: 0.7,
        },
        {
          type: 'hill',
          points: [
            [0.44, 0.66],
            [0.6, 0.58],
            [0.8, 0.49],
            [1, 0.46],
          ],
          distance: 0.4,
          noise: 0.008,
          floor: 0.7,
        },
        { type: 'mist', y: 0.55, height: 0.14, opacity: 0.7 },
        {
          type: 'hill',
          points: [
            [0, 0.62],
            [0.25, 0.66],
            [0.5, 0.74],
            [0.75, 0.79],
            [1, 0.77],
          ],
          distance: 0.15,
          noise: 0.01,
          textures: [{ kind: 'rocks', count: 30, depth: 0.5 }],
        },
        {
          type: 'hill',
          points: [
            [0, 0.82],
            [0.3, 0.86],
            [0.6, 0.84],
            [1, 0.88],
          ],
          rim: true,
          textures: [
            { kind: 'heather', count: 500 },
            { kind: 'grass', count: 500 },
            { kind: 'rocks', count: 18 },
          ],
        },
      ],
    },
  },
  {
    slug: 'heather-on-djouce',
    title: 'Heather on Djouce',
    description:
      'Late August on the Wicklow Way, the heather at its best and the sun going down behind War Hill.',
    category: 'mountains',
    location: 'Djouce Mountain',
    featured: false,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 5531,
      light: 'dusk',
      horizon: 0.55,
      sun: { x: 0.52, y: 0.49, size: 0.02, glow: 0.6 },
      clouds: { count: 13, top: 0.04, bottom: 0.42, stretch: 2.4, opacity: 0.7 },
      layers: [
        { type: 'ridges', count: 3, top: 0.49, bottom: 0.56, amplitude: 0.07, roughness: 0.5, mist: 0.5 },
        {
          type: 'hill',
          points: [
            [0, 0.63],
            [0.3, 0.57],
            [0.6, 0.61],
            [1, 0.66],
          ],
          distance: 0.25,
          noise: 0.012,
        },
        {
          type: 'hill',
          points: [
            [0, 0.75],
            [0.45, 0.71],
            [0.75, 0.76],
            [1, 0.8],
          ],
          rim: true,
          textures: [
            { kind: 'heather', count: 1700 },
            { kind: 'grass', count: 250 },
            { kind: 'rocks', count: 22 },
          ],
        },
      ],
    },
  },
  {
    slug: 'bray-head-sunrise',
    title: 'Bray Head at Sunrise',
    description:
      'Sunrise over the Irish Sea from the cliff walk, the headland still dark and the gorse just starting to glow.',
    category: 'coastal',
    location: 'Bray Head, Co. Wicklow',
    featured: true,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 6607,
      light: 'dawn',
      horizon: 0.5,
      sun: { x: 0.74, y: 0.43, size: 0.016, glow: 0.65 },
      clouds: { count: 12, top: 0.04, bottom: 0.4, stretch: 2, opacity: 0.7 },
      layers: [
        { type: 'sea', horizon: 0.5, glitter: 1 },
        {
          type: 'hill',
          points: [
            [0, 0.35],
            [0.1, 0.33],
            [0.21, 0.39],
            [0.31, 0.49],
            [0.39, 0.61],
            [0.45, 0.78],
            [0.49, 1.04],
          ],
          color: '#3f4530',
          distance: 0.05,
          shade: 0.55,
          noise: 0.03,
          roughness: 0.62,
          textures: [
            { kind: 'gorse', count: 420 },
            { kind: 'crags', count: 90 },
          ],
        },
        {
          type: 'hill',
          points: [
            [0, 0.83],
            [0.2, 0.86],
            [0.35, 0.94],
            [0.46, 1.04],
          ],
          rim: true,
          textures: [
            { kind: 'gorse', count: 350 },
            { kind: 'grass', count: 300 },
          ],
        },
      ],
    },
  },
  {
    slug: 'brittas-bay-late-summer',
    title: 'Brittas Bay, Late Summer',
    description:
      'Marram grass on the dunes and the long curve of the strand on a bright, breezy afternoon in early September.',
    category: 'coastal',
    location: 'Brittas Bay, Co. Wicklow',
    featured: false,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 7717,
      light: 'day',
      horizon: 0.45,
      sun: { x: 0.28, y: 0.09, size: 0.01, glow: 0.35 },
      clouds: { count: 16, top: 0.03, bottom: 0.38, scale: 1.1, opacity: 0.85 },
      layers: [
        { type: 'sea', horizon: 0.45, glitter: 0.35 },
        {
          type: 'hill',
          points: [
            [0.6, 0.452],
            [0.72, 0.432],
            [0.86, 0.425],
            [1, 0.43],
          ],
          floor: 0.452,
          distance: 0.6,
          noise: 0.003,
        },
        {
          type: 'beach',
          points: [
            [0, 0.76],
            [0.3, 0.66],
            [0.6, 0.56],
            [0.85, 0.495],
            [1, 0.47],
          ],
        },
        {
          type: 'hill',
          points: [
            [0, 0.6],
            [0.12, 0.585],
            [0.26, 0.66],
            [0.4, 0.83],
            [0.5, 1.04],
          ],
          color: '#a19c72',
          noise: 0.012,
          shade: 0.25,
          textures: [{ kind: 'marram', count: 1300 }],
        },
      ],
    },
  },
  {
    slug: 'greystones-blue-hour',
    title: 'Greystones Harbour, Blue Hour',
    description:
      'The harbour lights coming on under a rising moon, with Bray Head a dark shape across the bay.',
    category: 'coastal',
    location: 'Greystones, Co. Wicklow',
    featured: false,
    homepageHero: false,
    ...PANORAMA,
    scene: {
      seed: 8803,
      light: 'blue-hour',
      horizon: 0.55,
      sun: { x: 0.7, y: 0.24, moon: true, size: 0.01, glow: 0.28 },
      stars: 240,
      clouds: { count: 7, top: 0.25, bottom: 0.48, stretch: 2.5, opacity: 0.55 },
      layers: [
        { type: 'sea', horizon: 0.55, glitter: 0.8, waves: 650 },
        {
          type: 'hill',
          points: [
            [0, 0.46],
            [0.08, 0.45],
            [0.18, 0.5],
            [0.3, 0.552],
          ],
          floor: 0.552,
          distance: 0.15,
          noise: 0.006,
        },
        { type: 'lights', x0: 0.1, x1: 0.3, y: 0.548, count: 45, reflect: true },
        {
          type: 'beach',
          points: [
            [0, 0.9],
            [0.5, 0.93],
            [1, 0.89],
          ],
          color: '#8a8478',
          surf: 0.5,
        },
        { type: 'pier', x0: 0.03, y0: 0.93, x1: 0.6, y1: 0.615, thickness: 0.06, lamps: 6 },
      ],
    },
  },
  {
    slug: 'avoca-valley-morning',
    title: 'Avoca Valley, Morning',
    description:
      'Mist settling in the valley below Castlemacadam while the sun climbs over the hedgerows. The fields looked freshly painted.',
    category: 'countryside',
    location: 'Avoca, Co. Wicklow',
    featured: false,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 9907,
      light: 'dawn',
      horizon: 0.42,
      sun: { x: 0.66, y: 0.32, size: 0.015, glow: 0.6 },
      clouds: { count: 8, top: 0.04, bottom: 0.3, stretch: 1.8, opacity: 0.55 },
      layers: [
        { type: 'ridges', count: 3, top: 0.36, bottom: 0.44, amplitude: 0.07, roughness: 0.48, mist: 0.6 },
        { type: 'fields', top: 0.49, bottom: 0.8, bands: 5, amplitude: 0.045, columns: 5, palette: 'summer', trees: 1.2 },
        { type: 'mist', y: 0.44, height: 0.14, opacity: 0.65 },
        { type: 'mist', y: 0.56, height: 0.1, opacity: 0.3 },
        {
          type: 'trees',
          kind: 'round',
          count: 3,
          area: [0.84, 0.88, 0.98, 0.92],
          size: [0.2, 0.26],
          palette: 'summer',
        },
        {
          type: 'hill',
          points: [
            [0, 0.9],
            [0.5, 0.93],
            [1, 0.89],
          ],
          color: '#5f7a3f',
          rim: true,
          textures: [{ kind: 'grass', count: 800 }],
        },
      ],
    },
  },
  {
    slug: 'fields-below-kippure',
    title: 'Fields Below Kippure',
    description:
      'Silage cut and the hedgerows thick with summer. Kippure and its mast on the skyline above Manor Kilbride.',
    category: 'countryside',
    location: 'Kippure, Co. Wicklow',
    featured: false,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 10_103,
      light: 'day',
      horizon: 0.45,
      sun: { x: 0.82, y: 0.1, size: 0.01, glow: 0.35 },
      clouds: { count: 17, top: 0.03, bottom: 0.36, scale: 1.1, opacity: 0.85 },
      layers: [
        {
          type: 'ridges',
          count: 2,
          top: 0.4,
          bottom: 0.46,
          amplitude: 0.08,
          roughness: 0.45,
          peaks: [{ ridge: 1, x: 0.32, width: 0.22, height: 0.05, shape: 'dome' }],
        },
        { type: 'mast', x: 0.32, height: 0.05 },
        { type: 'fields', top: 0.5, bottom: 0.86, bands: 6, amplitude: 0.05, columns: 5, palette: 'summer', trees: 1.3 },
      ],
    },
  },
  {
    slug: 'powerscourt-in-autumn',
    title: 'Powerscourt in Autumn',
    description:
      'The old parkland trees turning gold below the Sugar Loaf. A still October evening with hardly a breath of wind.',
    category: 'countryside',
    location: 'Powerscourt, Enniskerry',
    featured: true,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 11_119,
      light: 'golden',
      horizon: 0.5,
      sun: { x: 0.18, y: 0.36, size: 0.016, glow: 0.6 },
      clouds: { count: 10, top: 0.04, bottom: 0.34, stretch: 1.6 },
      layers: [
        {
          type: 'ridges',
          count: 2,
          top: 0.47,
          bottom: 0.53,
          amplitude: 0.05,
          roughness: 0.45,
          peaks: [{ ridge: 1, x: 0.64, width: 0.11, height: 0.16, shape: 'cone' }],
          floor: 0.7,
        },
        { type: 'fields', top: 0.57, bottom: 0.66, bands: 3, amplitude: 0.02, columns: 6, palette: 'autumn', haze: 0.5 },
        {
          type: 'hill',
          points: [
            [0, 0.71],
            [0.5, 0.68],
            [1, 0.72],
          ],
          color: '#6a773c',
          textures: [{ kind: 'grass', count: 400 }],
        },
        {
          type: 'trees',
          kind: 'round',
          count: 26,
          area: [0, 0.68, 1, 0.8],
          size: [0.06, 0.15],
          palette: 'autumn',
        },
        {
          type: 'hill',
          points: [
            [0, 0.87],
            [0.5, 0.89],
            [1, 0.86],
          ],
          color: '#6f7d3f',
          rim: true,
          textures: [{ kind: 'grass', count: 700 }],
        },
      ],
    },
  },
  {
    slug: 'roundwood-from-above',
    title: 'Fields near Roundwood from Above',
    description:
      'Straight down from 120 metres over the farmland north of Roundwood: hedgerows, silage lines and a small river finding its way through.',
    category: 'aerial',
    location: 'Roundwood, Co. Wicklow',
    featured: true,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 12_211,
      light: 'day',
      horizon: 0,
      ground: { mode: 'topdown', metresAcross: 900 },
      vignette: 0.2,
      layers: [
        { type: 'ground-base', color: '#587a3c' },
        { type: 'patchwork', field: 110, rotation: 12, palette: 'summer', trees: 1, sheep: 0.3 },
        {
          type: 'woods',
          x: 0.82,
          y: 0.18,
          rx: 120,
          ry: 80,
          rotation: 20,
        },
        {
          type: 'river',
          points: [
            [-0.05, 0.22],
            [0.3, 0.42],
            [0.62, 0.55],
            [1.05, 0.86],
          ],
          width: 9,
          meander: 14,
        },
        {
          type: 'road',
          points: [
            [0.12, -0.05],
            [0.22, 0.45],
            [0.5, 1.05],
          ],
          width: 6,
          meander: 5,
        },
        { type: 'farms', count: 2, near: [[0.26, 0.55]] },
      ],
    },
  },
  {
    slug: 'brittas-bay-from-above',
    title: 'Brittas Bay from Above',
    description:
      'The dunes and the strand from the air on a calm morning, the surf drawing a neat white line along the coast.',
    category: 'aerial',
    location: 'Brittas Bay, Co. Wicklow',
    featured: false,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 13_313,
      light: 'day',
      horizon: 0,
      ground: { mode: 'topdown', metresAcross: 700 },
      vignette: 0.2,
      layers: [
        { type: 'ground-base', color: '#5d7d40' },
        { type: 'patchwork', field: 120, rotation: -8, palette: 'summer', trees: 0.8, sheep: 0.2 },
        {
          type: 'road',
          points: [
            [0.22, -0.05],
            [0.28, 0.5],
            [0.24, 1.05],
          ],
          width: 6,
          meander: 4,
        },
        {
          type: 'coast',
          points: [
            [0.6, -0.05],
            [0.56, 0.4],
            [0.62, 0.72],
            [0.58, 1.05],
          ],
          sea: 'right',
          beach: 40,
          dunes: 70,
          meander: 14,
        },
      ],
    },
  },
  {
    slug: 'glendalough-from-the-air',
    title: 'Glendalough from the Air',
    description:
      'Looking up the glacial valley over the Upper Lake, with the forestry on both sides and the Spinc catching the light.',
    category: 'aerial',
    location: 'Glendalough, Co. Wicklow',
    featured: false,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 14_401,
      light: 'golden',
      horizon: 0.26,
      sun: { x: 0.85, y: 0.12, size: 0.013, glow: 0.5 },
      clouds: { count: 8, top: 0.02, bottom: 0.2, stretch: 2 },
      ground: { mode: 'oblique', horizon: 0.26, height: 260, far: 3000 },
      layers: [
        { type: 'ground-base', color: '#4e6a36' },
        { type: 'patchwork', field: 80, rotation: 5, palette: 'summer', trees: 1.2, sheep: 0.15, top: 0.44 },
        { type: 'ground-lake', x: 0.5, y: 0.6, rx: 170, ry: 250, rotation: 4 },
        { type: 'woods', x: 0.5, y: 0.86, rx: 190, ry: 60 },
        { type: 'ridges', count: 3, top: 0.22, bottom: 0.36, amplitude: 0.08, roughness: 0.5, floor: 0.5, mist: 0.55 },
        { type: 'mist', y: 0.4, height: 0.14, opacity: 0.55 },
        {
          type: 'forest',
          points: [
            [0, 0.31],
            [0.14, 0.37],
            [0.27, 0.52],
            [0.35, 0.72],
            [0.37, 1.04],
          ],
          tree: 34,
          canopy: 2200,
          distance: 0.05,
        },
        {
          type: 'forest',
          points: [
            [0.63, 1.04],
            [0.66, 0.7],
            [0.74, 0.5],
            [0.86, 0.38],
            [1, 0.33],
          ],
          tree: 34,
          canopy: 2200,
          distance: 0.05,
        },
      ],
    },
  },
  {
    slug: 'round-tower-glendalough',
    title: 'Round Tower, Glendalough',
    description:
      'The thousand-year-old round tower in morning fog, before the first visitors arrived at the monastic city.',
    category: 'other',
    location: 'Glendalough, Co. Wicklow',
    featured: true,
    homepageHero: false,
    ...PORTRAIT,
    scene: {
      seed: 15_511,
      light: 'mist',
      horizon: 0.55,
      sun: { x: 0.32, y: 0.3, disk: false, glow: 0.7 },
      clouds: { count: 8, top: 0.05, bottom: 0.4, stretch: 2.5, opacity: 0.45 },
      layers: [
        { type: 'ridges', count: 3, top: 0.42, bottom: 0.56, amplitude: 0.08, roughness: 0.5, mist: 0.75 },
        { type: 'mist', y: 0.5, height: 0.1, opacity: 0.5 },
        {
          type: 'forest',
          points: [
            [0, 0.63],
            [0.5, 0.61],
            [1, 0.64],
          ],
          tree: 40,
          distance: 0.5,
          floor: 0.8,
        },
        { type: 'mist', y: 0.6, height: 0.12, opacity: 0.5 },
        {
          type: 'hill',
          points: [
            [0, 0.78],
            [0.5, 0.765],
            [1, 0.785],
          ],
          color: '#5c6e4c',
          noise: 0.004,
          textures: [{ kind: 'grass', count: 500 }],
        },
        {
          type: 'trees',
          kind: 'round',
          count: 3,
          area: [0.02, 0.76, 0.22, 0.78],
          size: [0.22, 0.28],
          palette: 'dark',
          distance: 0.2,
        },
        { type: 'round-tower', x: 0.58, y: 0.775, height: 0.46 },
        { type: 'stones', x: 0.5, y: 0.79, count: 16, size: 0.035 },
        {
          type: 'hill',
          points: [
            [0, 0.93],
            [0.5, 0.91],
            [1, 0.94],
          ],
          color: '#55683f',
          textures: [{ kind: 'grass', count: 400 }],
        },
      ],
    },
  },
  {
    slug: 'powerscourt-waterfall',
    title: 'Powerscourt Waterfall',
    description:
      "Ireland's highest waterfall after a week of rain, photographed with a slow shutter from the rocks below the pool.",
    category: 'other',
    location: 'Powerscourt Waterfall, Enniskerry',
    featured: false,
    homepageHero: false,
    ...PORTRAIT,
    scene: {
      seed: 16_619,
      light: 'overcast',
      horizon: 0.22,
      clouds: { count: 8, top: 0.02, bottom: 0.18, stretch: 1.5, opacity: 0.6 },
      layers: [
        { type: 'ridges', count: 2, top: 0.17, bottom: 0.22, amplitude: 0.04, roughness: 0.45, floor: 0.4 },
        {
          type: 'hill',
          points: [
            [0.2, 0.26],
            [0.5, 0.2],
            [0.8, 0.26],
          ],
          color: '#3f4540',
          shade: 0.45,
          noise: 0.01,
        },
        {
          type: 'forest',
          points: [
            [0, 0.22],
            [0.2, 0.2],
            [0.38, 0.26],
          ],
          tree: 40,
          distance: 0.1,
        },
        {
          type: 'forest',
          points: [
            [0.62, 0.26],
            [0.8, 0.21],
            [1, 0.23],
          ],
          tree: 40,
          distance: 0.1,
        },
        { type: 'waterfall', x: 0.5, top: 0.205, bottom: 0.74, width: 0.07 },
        {
          type: 'trees',
          kind: 'round',
          count: 14,
          area: [0, 0.45, 0.3, 0.75],
          size: [0.08, 0.16],
          palette: 'autumn',
        },
        {
          type: 'trees',
          kind: 'round',
          count: 14,
          area: [0.7, 0.45, 1, 0.75],
          size: [0.08, 0.16],
          palette: 'autumn',
        },
        {
          type: 'hill',
          points: [
            [0, 0.77],
            [0.3, 0.75],
            [0.5, 0.76],
            [0.7, 0.745],
            [1, 0.77],
          ],
          color: '#55574f',
          floor: 0.8,
          textures: [{ kind: 'rocks', count: 70 }],
        },
        { type: 'lake', top: 0.8, ripples: 220 },
        {
          type: 'hill',
          points: [
            [0, 0.9],
            [0.3, 0.93],
            [0.55, 1.04],
          ],
          color: '#4f5148',
          textures: [{ kind: 'rocks', count: 40 }],
        },
      ],
    },
  },
  {
    slug: 'wicklow-head-lighthouse',
    title: 'Wicklow Head Lighthouse, Dusk',
    description:
      'The lighthouse starting its night watch as the last blue drains out of the sky over the Irish Sea.',
    category: 'other',
    location: 'Wicklow Head',
    featured: false,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 17_707,
      light: 'blue-hour',
      horizon: 0.55,
      sun: { x: 0.2, y: 0.2, moon: true, size: 0.009, glow: 0.22 },
      stars: 170,
      clouds: { count: 8, top: 0.2, bottom: 0.5, stretch: 2.5, opacity: 0.5 },
      layers: [
        { type: 'sea', horizon: 0.55, glitter: 0.5, waves: 600 },
        {
          type: 'hill',
          points: [
            [0.3, 1.04],
            [0.42, 0.8],
            [0.54, 0.69],
            [0.68, 0.655],
            [0.85, 0.65],
            [1, 0.63],
          ],
          color: '#3d4a35',
          noise: 0.006,
          textures: [
            { kind: 'grass', count: 500 },
            { kind: 'gorse', count: 200 },
            { kind: 'rocks', count: 25 },
          ],
        },
        { type: 'lighthouse', x: 0.73, height: 0.2, beam: true },
      ],
    },
  },
];

export const DEMO_DRONE_PHOTOS: readonly DemoPhoto[] = [
  {
    slug: 'drone-patchwork-fields',
    title: 'Patchwork Fields, Straight Down',
    description:
      'A top-down drone frame over farmland near Tinahely in the late afternoon, long hedgerow shadows crossing the stubble.',
    category: 'aerial',
    location: 'Tinahely, Co. Wicklow',
    featured: false,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 21_101,
      light: 'golden',
      horizon: 0,
      ground: { mode: 'topdown', metresAcross: 800 },
      vignette: 0.22,
      layers: [
        { type: 'ground-base', color: '#62793d' },
        { type: 'patchwork', field: 95, rotation: 28, palette: 'autumn', trees: 1.2, sheep: 0.35 },
        {
          type: 'road',
          points: [
            [-0.05, 0.7],
            [0.4, 0.55],
            [1.05, 0.62],
          ],
          width: 6,
          meander: 6,
        },
        { type: 'woods', x: 0.15, y: 0.2, rx: 90, ry: 70, rotation: -15 },
        { type: 'farms', count: 2, near: [[0.45, 0.5]] },
      ],
    },
  },
  {
    slug: 'drone-coastline-oblique',
    title: 'The Coast South of Wicklow Head',
    description:
      'An oblique drone view along the rocky coastline, fields running right to the cliff edge and the sea calm all the way to the horizon.',
    category: 'aerial',
    location: 'Wicklow Head',
    featured: false,
    homepageHero: false,
    ...LANDSCAPE,
    scene: {
      seed: 22_207,
      light: 'day',
      horizon: 0.2,
      sun: { x: 0.72, y: 0.06, size: 0.01, glow: 0.35 },
      clouds: { count: 10, top: 0.01, bottom: 0.16, stretch: 2.2 },
      ground: { mode: 'oblique', horizon: 0.2, height: 140, far: 3500 },
      layers: [
        { type: 'ground-base', color: '#58783c' },
        { type: 'patchwork', field: 100, rotation: 10, palette: 'summer', trees: 0.9, sheep: 0.3 },
        {
          type: 'road',
          points: [
            [0.3, 1.05],
            [0.3, 0.6],
            [0.18, 0.32],
            [0.05, 0.24],
          ],
          width: 6,
          meander: 8,
        },
        { type: 'mist', y: 0.2, height: 0.14, opacity: 0.65, fade: 'down' },
        {
          type: 'coast',
          points: [
            [0.62, 1.06],
            [0.56, 0.62],
            [0.38, 0.32],
            [-0.05, 0.215],
          ],
          sea: 'right',
          beach: 0,
          cliffs: true,
          meander: 30,
        },
      ],
    },
  },
];

export function renderLandscapeSvg(photo: DemoPhoto): string {
  return renderSceneSvg(photo.scene, photo.width, photo.height);
}

export async function renderLandscapeJpeg(photo: DemoPhoto): Promise<Buffer> {
  const svg = renderLandscapeSvg(photo);
  return sharp(Buffer.from(svg), { limitInputPixels: false })
    .jpeg({ quality: 88, mozjpeg: false })
    .toBuffer();
}
