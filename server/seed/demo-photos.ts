// The demo photographs a fresh install is seeded with: what the shop and the pages show of each
// (title, text, category, place, size). The pictures themselves are drawn from a scene of the
// same slug by the code in demo/ at the top of the repository, which the server loads only when a
// picture is not in the demo cache yet (see demo-images.ts).
import type { PhotoCategory } from '~/lib/site/constants';

export interface DemoPhoto {
  slug: string;
  title: string;
  description: string;
  category: PhotoCategory;
  location: string;
  featured: boolean;
  homepageHero: boolean;
  /** The drawn picture's size in pixels (print resolution). */
  width: number;
  height: number;
}

const LANDSCAPE = { width: 4200, height: 2800 } as const;
const PANORAMA = { width: 4800, height: 2700 } as const;
const PORTRAIT = { width: 2800, height: 4200 } as const;

/** The gallery and shop photos, oldest first. */
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
  },
];

/** The samples on the drone services page. */
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
  },
];
