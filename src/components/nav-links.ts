// The site's navigation links, shared by the nav and the footer.

export interface NavLink {
  label: string;
  href: string;
}

export const PUBLIC_LINKS: readonly NavLink[] = [
  { label: 'Home', href: '/#home' },
  { label: 'About', href: '/#about' },
  { label: 'Gallery', href: '/#gallery' },
  { label: 'Drone Services', href: '/#drone' },
  { label: 'Shop', href: '/shop' },
  { label: 'Contact', href: '/#contact' },
];

/** The owner also sees Analysis Tool, placed before Contact. */
export function navLinks(isAdmin: boolean): NavLink[] {
  if (!isAdmin) return [...PUBLIC_LINKS];
  const links = PUBLIC_LINKS.filter((l) => l.label !== 'Contact');
  return [
    ...links,
    { label: 'Analysis Tool', href: '/composition-analysis' },
    { label: 'Contact', href: '/#contact' },
  ];
}

/** aria-current for a link: only real page paths can be known on the server (not hash sections). */
export function isCurrent(href: string, pathname: string): boolean {
  if (href.includes('#')) return false;
  return pathname === href || pathname === `${href}/`;
}
