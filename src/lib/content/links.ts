// The owner's links (the footer's social profiles): only http(s) addresses ever become an href, so a
// stored "javascript:" or "data:" text can never run in a visitor's browser.

/** An editable block holds a link when its key ends in "Url" (e.g. social1Url). */
export const isLinkKey = (key: string): boolean => /Url$/.test(key);

/** The address as an absolute http(s) URL, or null when it is anything else. */
export function webLink(text: string | undefined | null): string | null {
  if (!text?.trim()) return null;
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** What a visitor reads for a profile link: the network's name, else the site's host name. */
export function linkLabel(href: string): string {
  const host = new URL(href).hostname.replace(/^www\./, '');
  const names: Record<string, string> = {
    'instagram.com': 'Instagram',
    'facebook.com': 'Facebook',
    'youtube.com': 'YouTube',
    'vimeo.com': 'Vimeo',
    'flickr.com': 'Flickr',
    'x.com': 'X',
    'linkedin.com': 'LinkedIn',
    '500px.com': '500px',
  };
  return names[host] ?? host;
}
