// The default text of every editable block. Pages show these when
// the website_content table has no entry or cannot be read; the demo seed stores them.

export const CONTENT_DEFAULTS = {
  hero: {
    title: 'Wicklow, in its own light',
    description:
      'Landscape and aerial photography from the Garden of Ireland: mountain loughs, Atlantic-grey coast and the quiet country in between. Fine-art prints, made to order.',
  },
  about: {
    title: 'About the photographer',
    description:
      'I have walked and flown the Wicklow hills for over a decade, waiting for the few minutes when the light falls just right on Lough Tay, the Sugarloaf or the sea at Bray Head. Every print in the shop is a place I know well, photographed at the hour it looks its best.\n\nAlongside landscape work I fly a camera drone for clients across Ireland: estates, coastlines, construction sites and events, photographed and filmed from above.',
  },
  gallery: {
    title: 'Featured Gallery',
    description:
      'A few favourites from the mountains, the coast and the air. Every one is available as a print.',
  },
  drone: {
    title: 'Drone photography and video',
    description:
      'Aerial photographs and 4K video for homes, estates, businesses and events, from a registered and insured operator.',
  },
  contact: {
    title: 'Get in touch',
    description:
      'A print question, a custom size, or a drone shoot you are planning? Send a message and I will reply within 24 hours.',
  },
  shop: {
    title: 'Print Shop',
    description:
      'Museum-quality prints of Wicklow and the Irish coast, in three sizes, matte or gloss, framed or unframed.',
  },
  droneServices: {
    title: 'Drone Services',
    description:
      'Aerial photography, videography and site surveys across Ireland, delivered edited and ready to use within 48-72 hours.',
  },
} as const satisfies Record<string, Record<string, string>>;

export type ContentSection = keyof typeof CONTENT_DEFAULTS;

export function defaultContent(section: string, key: string): string | undefined {
  const block = (CONTENT_DEFAULTS as Record<string, Record<string, string>>)[section];
  return block?.[key];
}
