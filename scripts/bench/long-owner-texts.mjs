// An owner who writes at length: every text the home page shows (hero, about, gallery, drone
// services with its three packages, contact, the footer) at least twice as long as the demo's, and
// the six featured photos retitled with 70-80 characters each. Written through the endpoints the
// owner's own screens use (the in-place text editor and the photo dialog), signed in as the owner,
// so that the bytes row measures / as such an owner's visitors get it.
// The texts are different words, not the demo's repeated: a repeat would cost brotli almost nothing.
import { signInOwner } from './lib.mjs';

/** Per section and key: the owner's text. Each is checked to be at least twice the demo's length. */
export const LONG_TEXTS = {
  hero: {
    title: 'Wicklow, in its own light, from the lakes to the sea',
    description:
      'Landscape and aerial photography from the Garden of Ireland: mountain loughs under early mist, Atlantic-grey coast, bog cotton on the high passes and the quiet farmland in between. Fine-art prints on archival paper, each made to order in a small print studio in Co. Wicklow, checked and signed by hand before it is posted to you.',
  },
  about: {
    title: 'About the photographer behind these pictures',
    description:
      'I have walked and flown the Wicklow hills for over a decade, waiting for the few minutes when the light falls just right on Lough Tay, the Sugarloaf or the sea at Bray Head. Every print in the shop is a place I know well, photographed at the hour it looks its best.\n\nMost mornings start in the dark with a flask of tea and a head torch on the Military Road, and most end with nothing worth keeping. The days that work are rare: a cloud inversion over Glenmacnass, frost on the boardwalk at Djouce, a gap in the rain over Brittas Bay. Those are the frames I print.\n\nAlongside landscape work I fly a camera drone for clients across Ireland: estates, coastlines, construction sites and events, photographed and filmed from above. I hold an EASA A2 certificate of competency, carry public liability insurance, and plan each flight around the weather, the neighbours and the airspace.',
  },
  gallery: {
    title: 'Featured Gallery of Recent Favourites',
    description:
      'A few favourites from the mountains, the coast and the air, chosen from this year’s walks and flights. Every one is available as a print in three sizes, on matte or gloss paper, framed in oak or left unframed for your own framer.',
  },
  drone: {
    title: 'Drone photography and video from a licensed local pilot',
    description:
      'Aerial photographs and 4K video for homes, estates, businesses and events, from a registered and insured operator. Every shoot is planned with a site visit or a call, flown within the rules of the Irish Aviation Authority, and delivered edited within three working days.',
    service1Name: 'Aerial photography of your own places',
    service1Text:
      'Homes, estates, coastlines and landmarks, photographed from the angle that tells their story, at the time of day when the light suits the building and its setting, with a choice of edits.',
    service2Name: 'Drone videography and short edited films',
    service2Text:
      'Smooth 4K footage for property, tourism, weddings and events, edited and graded, with licensed music and titles, cut to length for your website, a showreel or the social feeds you use.',
    service3Name: 'Site surveys and inspections',
    service3Text:
      'Progress photos, roof and land inspections, and overviews for planning and construction, flown on the same path each visit so that the months can be compared side by side by your team.',
  },
  contact: {
    title: 'Get in touch about prints or shoots',
    description:
      'A print question, a custom size, or a drone shoot you are planning? Send a message with a few details, such as the place, the date and what the pictures are for, and I will reply within 24 hours, usually with a first idea and a price.',
  },
  footer: {
    text: 'Landscape and aerial photography from the Garden of Ireland, by a photographer who lives here. Fine-art prints, made to order, packed flat and posted across Ireland and the rest of the EU.',
  },
};

/** The six featured photos' new titles, 70 to 80 characters each. */
export const LONG_TITLES = [
  'Lough Tay at First Light, with Mist Lifting off the Water below Luggala Cliff',
  'Great Sugar Loaf in Golden Hour, Seen across the Fields from the Long Hill Road',
  'Lugnaquilla under Fresh Snow after a Winter Storm, from the Glen of Imaal Side',
  'Bray Head at Sunrise, with the Cliff Walk and the Railway Tunnel in the Shadow',
  'Powerscourt Waterfall in Autumn, the Beech Woods Turning Gold along the River',
  'Fields near Roundwood from Above, Stone Walls and Hedges in Late Evening Light',
];

async function send(base, cookie, path, method, body, headers = {}) {
  const res = await fetch(`${base}${path}`, { method, body, headers: { cookie, origin: base, ...headers } });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * Signs in as the owner and saves LONG_TEXTS and LONG_TITLES. Throws if a text is not at least twice
 * the length of the one it replaces, or a title is outside 70-80 characters.
 */
export async function writeLongOwnerTexts(base, password) {
  const cookie = await signInOwner(base, password);
  if (!cookie) throw new Error('the owner could not sign in');
  const json = { 'content-type': 'application/json' };
  for (const [section, texts] of Object.entries(LONG_TEXTS)) {
    const before = await send(base, cookie, `/api/website-content/${section}`, 'GET');
    for (const [key, content] of Object.entries(texts)) {
      const old = before.find((row) => row.key === key)?.content;
      if (!old) throw new Error(`the demo has no stored text ${section}.${key}`);
      if (content.length < 2 * old.length) {
        throw new Error(
          `${section}.${key} is ${content.length} characters, not twice the demo's ${old.length}`,
        );
      }
      const body = JSON.stringify({ section, key, content });
      await send(base, cookie, '/api/website-content', 'PUT', body, json);
    }
  }
  const { photos, featuredIds } = await send(base, cookie, '/api/admin/photos', 'GET');
  // The home gallery shows the first six featured photos in the owner's order.
  if (featuredIds.length < LONG_TITLES.length) {
    throw new Error(`the demo has ${featuredIds.length} featured photos, not ${LONG_TITLES.length}`);
  }
  for (const [i, id] of featuredIds.slice(0, LONG_TITLES.length).entries()) {
    const title = LONG_TITLES[i];
    if (title.length < 70 || title.length > 80) throw new Error(`"${title}" is ${title.length} characters`);
    const photo = photos.find((p) => p.id === id);
    // The photo dialog sends every field; without a new image file the photo keeps its own.
    const form = new FormData();
    form.set('title', title);
    form.set('description', photo.description ?? '');
    form.set('category', photo.category);
    form.set('location', photo.location ?? '');
    form.set('featured', 'true');
    await send(base, cookie, `/api/admin/photos/${id}`, 'PUT', form);
  }
}
