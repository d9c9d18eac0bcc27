// The owner's screens list products one material at a time, smallest size first, and name each
// size in inches and centimetres.
import { describe, expect, it } from 'vitest';
import { groupByMaterial, sizeLabel } from './product-groups';

describe('products by material', () => {
  it('groups materials in the catalogue’s order, sizes smallest first, and leaves out empty ones', () => {
    const groups = groupByMaterial([
      { size: '16x24', finish: 'canvas' },
      { size: 'large', finish: 'matte' },
      { size: 'small', finish: 'gloss' },
      { size: 'small', finish: 'matte' },
      { size: '12x12', finish: 'canvas' },
    ]);
    expect(groups.map((g) => [g.label, g.items.map((p) => p.size)])).toEqual([
      ['Matte', ['small', 'large']],
      ['Gloss', ['small']],
      ['Canvas', ['12x12', '16x24']],
    ]);
    expect(groups.map((g) => g.finish)).toEqual(['matte', 'gloss', 'canvas']);
  });

  it('keeps the order of the items of one product, and copes with none', () => {
    const framed = { size: 'medium', finish: 'fine-art', framed: true } as const;
    const unframed = { size: 'medium', finish: 'fine-art', framed: false } as const;
    const [group] = groupByMaterial([unframed, framed]);
    expect(group).toEqual({ finish: 'fine-art', label: 'Fine-art paper', items: [unframed, framed] });
    expect(groupByMaterial([])).toEqual([]);
  });
});

describe('a size’s label', () => {
  it('keeps the original names, and gives both units', () => {
    expect(sizeLabel('small')).toBe('Small, 8 × 12 in (20 × 30 cm)');
    expect(sizeLabel('large')).toBe('Large, 16 × 20 in (41 × 51 cm)');
    expect(sizeLabel('16x24')).toBe('16 × 24 in (41 × 61 cm)');
  });
});
