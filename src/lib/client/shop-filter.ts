// Search, category filter and sort of the shop, as plain DOM code over the server-rendered grid
// (DESIGN.md: "a few KiB of plain script"). Everything the work needs per card is read once at start;
// a keystroke then only compares strings and flips `hidden` where it changes, so 2,000 cards stay
// well inside one 16 ms frame. Reordering happens only when the sort changes.

export type SortKey = 'all' | 'featured' | 'price-asc' | 'price-desc' | 'newest';

interface Card {
  el: HTMLElement;
  text: string;
  category: string;
  featured: boolean;
  minCents: number;
  maxCents: number;
  created: number;
  order: number;
  shown: boolean;
}

const byNewest = (a: Card, b: Card) => b.created - a.created || a.order - b.order;
const COMPARE: Record<SortKey, (a: Card, b: Card) => number> = {
  all: byNewest,
  newest: byNewest,
  featured: (a, b) => Number(b.featured) - Number(a.featured) || byNewest(a, b),
  'price-asc': (a, b) => a.minCents - b.minCents || byNewest(a, b),
  'price-desc': (a, b) => b.maxCents - a.maxCents || byNewest(a, b),
};

export function initShopFilter(root: ParentNode = document): { apply: () => number } | null {
  const grid = root.querySelector<HTMLElement>('[data-print-grid]');
  const search = root.querySelector<HTMLInputElement>('[data-shop-search]');
  const category = root.querySelector<HTMLSelectElement>('[data-shop-category]');
  const sort = root.querySelector<HTMLSelectElement>('[data-shop-sort]');
  const count = root.querySelector<HTMLElement>('[data-result-count]');
  const empty = root.querySelector<HTMLElement>('[data-empty-state]');
  const emptyText = root.querySelector<HTMLElement>('[data-empty-text]');
  if (!grid || !search || !category || !sort) return null;

  const cards: Card[] = [...grid.querySelectorAll<HTMLElement>('[data-print-card]')].map((el, order) => {
    const d = el.dataset;
    return {
      el,
      text: `${d.title ?? ''} ${d.location ?? ''} ${d.category ?? ''} ${d.description ?? ''}`.toLowerCase(),
      category: d.category ?? '',
      featured: d.featured === 'true',
      minCents: Number(d.minCents || 0),
      maxCents: Number(d.maxCents || 0),
      created: Number(d.created || 0),
      order,
      shown: !el.hidden,
    };
  });
  let sortedBy: SortKey = 'all';

  const apply = (): number => {
    const q = search.value.trim().toLowerCase();
    const cat = category.value;
    let visible = 0;
    for (const c of cards) {
      const show = (cat === 'all' || c.category === cat) && (q === '' || c.text.includes(q));
      if (show !== c.shown) {
        c.el.hidden = !show;
        c.shown = show;
      }
      if (show) visible++;
    }
    if (count) count.textContent = `${visible} ${visible === 1 ? 'photo' : 'photos'} found`;
    if (empty) {
      empty.hidden = visible > 0;
      grid.hidden = visible === 0;
      if (visible === 0 && emptyText) {
        const label = category.selectedOptions[0]?.textContent ?? cat;
        emptyText.textContent = q
          ? `No photos match "${search.value.trim()}". Try another search term${cat === 'all' ? '' : ' or category'}.`
          : cat !== 'all'
            ? `There are no photos in the ${label} category yet.`
            : 'There are no prints in the shop yet. Please check back soon.';
      }
    }
    return visible;
  };

  const resort = () => {
    const key = (sort.value as SortKey) in COMPARE ? (sort.value as SortKey) : 'all';
    if (key === sortedBy) return;
    sortedBy = key;
    const sorted = [...cards].sort(COMPARE[key]);
    grid.append(...sorted.map((c) => c.el));
  };

  search.addEventListener('input', apply);
  category.addEventListener('change', apply);
  sort.addEventListener('change', resort);
  for (const button of root.querySelectorAll<HTMLElement>('[data-clear-filters]')) {
    button.addEventListener('click', () => {
      search.value = '';
      category.value = 'all';
      apply();
      search.focus();
    });
  }
  // A browser that restores form values on back/forward gets a matching grid.
  if (search.value || category.value !== 'all') apply();
  if (sort.value !== 'all') resort();
  return { apply };
}
