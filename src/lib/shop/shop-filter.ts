// Search, category filter and sort of the shop, as a few KiB of plain DOM code (no React on the
// page). The server renders one page of cards as HTML; every photo's facts come as compact JSON from
// the grid's data-source (/shop/data.json, one copy in the front's cache for every visitor), read
// as soon as this runs, after the page's load. A keystroke filters that array (string compares only)
// and shows the first matches, cloning a server-rendered card template for photos not yet on the
// page; one made before the list has arrived is answered when it arrives. With 2,000 photos a
// keystroke costs well under a millisecond of script and lays out at most a page of cards.
//
// The view is kept in the address (?q=lake&category=coastal&sort=price-asc), so that it can be
// shared, reloaded and stepped through with Back. The server never reads these: the page cache keys
// /shop by `page` alone, every visitor gets the one cached page, and the view is set here, as soon as
// this runs, from the address. A search pushes one history entry when it starts and replaces it
// while the visitor types, so Back returns to the view before the search rather than stepping
// through its letters; a category or sort choice is a step of its own (pushed).
import { mediaUrl, srcset, widthsFor } from '~/lib/media/media-urls';
import { ratingLabel, starsFillPercent } from '~/lib/reviews/reviews';
import { decodeShopRow, printPath, type ShopItem, type ShopRow } from '~/lib/shop/shop-data';

export type { ShopItem };

export type SortKey = 'all' | 'featured' | 'price-asc' | 'price-desc' | 'newest';

export const PAGE_SIZE = 24;

const byNewest = (a: ShopItem, b: ShopItem) => b.created - a.created;
const COMPARE: Record<SortKey, (a: ShopItem, b: ShopItem) => number> = {
  all: byNewest,
  newest: byNewest,
  featured: (a, b) => Number(b.featured) - Number(a.featured) || byNewest(a, b),
  'price-asc': (a, b) => a.minCents - b.minCents || byNewest(a, b),
  'price-desc': (a, b) => b.maxCents - a.maxCents || byNewest(a, b),
};

/**
 * The stars of a cloned card (components/reviews/ReviewStars.astro's markup): shown only for a photo
 * with approved reviews; without, the row stays empty but keeps its height.
 */
function fillRating(card: HTMLElement, item: ShopItem): void {
  const stars = card.querySelector<HTMLElement>('[data-rating-stars]');
  if (!stars) return;
  const shown = item.ratingCount > 0;
  stars.hidden = !shown;
  if (!shown) return;
  stars.setAttribute('aria-label', ratingLabel(item.ratingAverage, item.ratingCount));
  const fill = stars.querySelector<HTMLElement>('.review-star-bar > span');
  if (fill) fill.style.width = `${starsFillPercent(item.ratingAverage)}%`;
  const count = stars.querySelector<HTMLElement>('[data-rating-count]');
  if (count) count.textContent = `(${item.ratingCount})`;
}

/** The photos to show, in order: pure, for tests and for the page. */
export function filterItems(items: readonly ShopItem[], query: string, category: string): ShopItem[] {
  const q = query.trim().toLowerCase();
  return items.filter(
    (i) => (category === 'all' || i.category === category) && (q === '' || i.text.includes(q)),
  );
}

export interface ShopView {
  q: string;
  category: string;
  sort: string;
}

/** The view an address asks for: unknown categories and sorts fall back to all. */
export function viewFromQuery(search: string, categories: string[], sorts: string[]): ShopView {
  const params = new URLSearchParams(search);
  const pick = (name: string, allowed: string[]) => {
    const v = params.get(name) ?? '';
    return allowed.includes(v) ? v : 'all';
  };
  return { q: params.get('q') ?? '', category: pick('category', categories), sort: pick('sort', sorts) };
}

/** The query string of a view: other parameters kept, the view's defaults left out. */
export function queryForView(search: string, view: ShopView): string {
  const params = new URLSearchParams(search);
  const set = (name: string, value: string, fallback: string) => {
    if (value === fallback) params.delete(name);
    else params.set(name, value);
  };
  set('q', view.q.trim() === '' ? '' : view.q, '');
  set('category', view.category, 'all');
  set('sort', view.sort, 'all');
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function initShopFilter(
  root: Document = document,
): { apply: () => number; ready: Promise<void> } | null {
  const grid = root.querySelector<HTMLElement>('[data-print-grid]');
  const search = root.querySelector<HTMLInputElement>('[data-shop-search]');
  const category = root.querySelector<HTMLSelectElement>('[data-shop-category]');
  const sort = root.querySelector<HTMLSelectElement>('[data-shop-sort]');
  const source = grid?.dataset.source;
  const template = root.querySelector<HTMLTemplateElement>('[data-card-template]');
  if (!grid || !search || !category || !sort || !source || !template) return null;
  const count = root.querySelector<HTMLElement>('[data-result-count]');
  const empty = root.querySelector<HTMLElement>('[data-empty-state]');
  const emptyText = root.querySelector<HTMLElement>('[data-empty-text]');
  const more = root.querySelector<HTMLButtonElement>('[data-show-more]');

  let items: ShopItem[] = [];
  let loaded = false;
  const cards = new Map<string, HTMLElement>();
  for (const el of grid.querySelectorAll<HTMLElement>('[data-print-card]'))
    cards.set(el.dataset.photoId ?? '', el);
  let sorted: ShopItem[] = items;
  let sortedBy: SortKey = 'all';
  // Arriving on ?page=N (the no-JavaScript pages), the cards already shown count as loaded.
  const initial = PAGE_SIZE * Math.max(1, Number(grid.dataset.page) || 1);
  let limit = initial;
  const pager = root.querySelector<HTMLElement>('[data-pager]');

  const cardFor = (item: ShopItem): HTMLElement => {
    let el = cards.get(item.id);
    if (el) return el;
    el = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
    el.dataset.photoId = item.id;
    el.dataset.title = item.title;
    const img = el.querySelector('img') as HTMLImageElement;
    img.alt = item.location ? `${item.title}, ${item.location}` : item.title;
    if (item.mediaId && item.width) {
      const widths = widthsFor(item.width).filter((w, i) => w <= 1280 || i === 0);
      img.srcset = srcset(item.mediaId, widths, 'jpg');
      img.src = mediaUrl(item.mediaId, widths.filter((w) => w <= 640).at(-1) ?? widths[0]!, 'jpg');
    } else {
      img.src = item.imageUrl;
    }
    if (item.width && item.height) {
      img.width = item.width;
      img.height = item.height;
    }
    const set = (sel: string, text: string) => {
      const node = el.querySelector<HTMLElement>(sel);
      if (node) {
        node.textContent = text;
        node.hidden = text === '';
      }
    };
    set('[data-slot=title]', item.title);
    set('[data-slot=category]', item.categoryLabel);
    set('[data-slot=location]', item.location);
    set('[data-slot=price]', item.price);
    set('[data-slot=sale]', item.price ? item.sale : '');
    set('[data-slot=edition]', item.edition);
    fillRating(el, item);
    el.querySelector('[data-open-print]')?.setAttribute('aria-label', `Customise print: ${item.title}`);
    const link = el.querySelector<HTMLAnchorElement>('[data-print-link]');
    if (link && item.slug && item.price) {
      link.href = printPath(item.slug);
      link.setAttribute('aria-label', `${item.soldOut ? 'View the print' : 'Buy a print'}: ${item.title}`);
      if (item.soldOut) link.textContent = 'View the print';
    } else link?.remove();
    // A sold-out edition cannot be added to the cart: no print dialog.
    if (item.soldOut) el.querySelector('[data-open-print]')?.remove();
    cards.set(item.id, el);
    return el;
  };

  const apply = (): number => {
    const matches = filterItems(sorted, search.value, category.value);
    const shown = matches.slice(0, limit);
    const current = grid.children;
    // Only touch the DOM where the visible list changed.
    if (current.length !== shown.length || shown.some((item, i) => current[i] !== cards.get(item.id))) {
      grid.replaceChildren(...shown.map(cardFor));
    }
    const n = matches.length;
    if (count) count.textContent = `${n} ${n === 1 ? 'photo' : 'photos'} found`;
    if (more) more.hidden = n <= limit;
    grid.hidden = n === 0;
    if (empty) {
      empty.hidden = n > 0;
      if (n === 0 && emptyText) {
        const q = search.value.trim();
        const label = category.selectedOptions[0]?.textContent ?? category.value;
        emptyText.textContent = q
          ? `No photos match "${q}". Try another search term${category.value === 'all' ? '' : ' or category'}.`
          : category.value !== 'all'
            ? `There are no photos in the ${label} category yet.`
            : 'There are no prints in the shop yet. Please check back soon.';
      }
    }
    return n;
  };

  const resort = () => {
    const key = (sort.value in COMPARE ? sort.value : 'all') as SortKey;
    if (key !== sortedBy) {
      sortedBy = key;
      sorted = [...items].sort(COMPARE[key]);
    }
    apply();
  };

  /** Runs `fn` now if the list is here, else once it arrives (a failed read leaves the page as it is). */
  let waiting = false;
  const whenLoaded = (fn: () => void) => {
    if (loaded) fn();
    else waiting = true;
  };

  const values = (select: HTMLSelectElement) => [...select.options].map((o) => o.value);
  const showAddress = () => {
    const view = viewFromQuery(location.search, values(category), values(sort));
    search.value = view.q;
    category.value = view.category;
    sort.value = view.sort;
  };
  /** Puts the view in the address: a new history entry (`push`) or the current one replaced. */
  const remember = (push: boolean) => {
    const query = queryForView(location.search, {
      q: search.value,
      category: category.value,
      sort: sort.value,
    });
    if (query === location.search) return;
    const url = `${location.pathname}${query}${location.hash}`;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  };
  let typing = false;
  // A view in the address wins over what the browser restored into the controls. Without one, what
  // the visitor typed or chose before this script arrived is kept, and goes into the address.
  const addressHasView = ['q', 'category', 'sort'].some((name) =>
    new URLSearchParams(location.search).has(name),
  );
  if (addressHasView) showAddress();
  else remember(false);
  addEventListener('popstate', () => {
    typing = false;
    showAddress();
    limit = PAGE_SIZE;
    whenLoaded(resort);
  });

  search.addEventListener('input', () => {
    limit = PAGE_SIZE;
    remember(!typing);
    typing = true;
    whenLoaded(apply);
  });
  // Enter or leaving the field ends the search: the next keystroke starts a new one.
  search.addEventListener('change', () => {
    typing = false;
  });
  category.addEventListener('change', () => {
    limit = PAGE_SIZE;
    typing = false;
    remember(true);
    whenLoaded(apply);
  });
  sort.addEventListener('change', () => {
    typing = false;
    remember(true);
    whenLoaded(resort);
  });
  more?.addEventListener('click', () => {
    limit += PAGE_SIZE;
    whenLoaded(apply);
  });
  for (const button of root.querySelectorAll<HTMLElement>('[data-clear-filters]')) {
    button.addEventListener('click', () => {
      search.value = '';
      category.value = 'all';
      typing = false;
      remember(true);
      limit = PAGE_SIZE;
      whenLoaded(apply);
      search.focus();
    });
  }

  const ready = fetch(source)
    .then((res) => {
      if (!res.ok) throw new Error(`${source} answered ${res.status}`);
      return res.json() as Promise<ShopRow[]>;
    })
    .then((rows) => {
      items = rows.map(decodeShopRow);
      sorted = items;
      loaded = true;
      // The list replaces the links to the pages without JavaScript.
      if (pager) pager.hidden = true;
      // What was typed or chosen before the list arrived, or restored by the browser on
      // back/forward, is applied now (resort applies the sort, then the search and category).
      if (waiting || sort.value !== 'all' || search.value || category.value !== 'all') resort();
      else if (more) more.hidden = items.length <= limit;
    })
    .catch((err) => console.error(err));
  return { apply, ready };
}
