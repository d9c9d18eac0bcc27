// How a print size crops a photo: the print's long side along the photo's, a crop only where the
// proportions differ by more than 3%, cut along one axis, with the window where the owner put it.
import { describe, expect, it } from 'vitest';
import type { PrintSize } from '~/lib/site/constants';
import {
  choicesBySize,
  cropSizeName,
  cropWindow,
  cutWords,
  fromStoredPosition,
  isDefaultChoice,
  type PrintCrop,
  positionWords,
  printCrop,
  toStoredPosition,
} from './print-crops';

describe('the crop of a print size', () => {
  it('prints a 3:2 photo whole at small (8x12), and cuts its width at medium and large', () => {
    expect(printCrop(6000, 4000, 'small')).toBeNull();
    const medium = printCrop(6000, 4000, 'medium');
    expect(medium?.axis).toBe('x');
    expect(medium?.keep).toBeCloseTo(8 / 9);
    expect(cutWords(medium!)).toBe('Cuts 11% of the width');
    const large = printCrop(6000, 4000, 'large');
    expect(large).toEqual({ axis: 'x', keep: expect.closeTo(1.25 / 1.5, 6) });
    expect(cutWords(large!)).toBe('Cuts 17% of the width');
  });

  it('turns the print to the photo: a portrait 2:3 photo is cut along its height', () => {
    const large = printCrop(4000, 6000, 'large');
    expect(large?.axis).toBe('y');
    expect(cutWords(large!)).toBe('Cuts 17% of the height');
  });

  it('cuts the height of a photo squarer than the print: a square photo at small keeps two thirds', () => {
    const small = printCrop(3000, 3000, 'small');
    expect(small).toEqual({ axis: 'y', keep: expect.closeTo(2 / 3, 6) });
    expect(cutWords(small!)).toBe('Cuts 33% of the height');
    // A 4:3 photo prints whole at medium (12x16), and a 16:9 panorama loses a third of its width.
    expect(printCrop(4000, 3000, 'medium')).toBeNull();
    expect(cutWords(printCrop(3840, 2160, 'medium')!)).toBe('Cuts 25% of the width');
  });

  it('counts proportions within 3% as the same, and anything beyond as a crop', () => {
    // 5:4 is 1.25: 1.2875 is exactly 3% longer, 1.29 beyond; 1.214 is within 3% squarer, 1.21 beyond.
    expect(printCrop(12875, 10000, 'large')).toBeNull();
    expect(printCrop(12900, 10000, 'large')?.axis).toBe('x');
    expect(printCrop(12140, 10000, 'large')).toBeNull();
    expect(printCrop(12100, 10000, 'large')?.axis).toBe('y');
  });

  it('says nothing of a photo whose pixel size is unknown', () => {
    expect(printCrop(null, null, 'large')).toBeNull();
    expect(printCrop(0, 4000, 'large')).toBeNull();
  });
});

describe('the crop window', () => {
  const large = printCrop(6000, 4000, 'large')!;

  it('sits at the left, the centre or the right of the axis it moves along', () => {
    const keep = 1.25 / 1.5;
    expect(cropWindow(large, 0)).toEqual({ left: 0, top: 0, width: keep, height: 1 });
    const centre = cropWindow(large, 0.5);
    expect(centre.left).toBeCloseTo((1 - keep) / 2);
    expect(cropWindow(large, 1).left).toBeCloseTo(1 - keep);
    expect(cropWindow(large).left).toBeCloseTo(centre.left);
  });

  it('moves along the height for a portrait photo, and is the whole photo when nothing is cut', () => {
    const tall = cropWindow(printCrop(4000, 6000, 'large'), 1);
    expect(tall.left).toBe(0);
    expect(tall.top + tall.height).toBeCloseTo(1);
    expect(cropWindow(null, 0.2)).toEqual({ left: 0, top: 0, width: 1, height: 1 });
  });

  it('keeps a position outside 0 to 1 inside the photo', () => {
    expect(cropWindow(large, -3).left).toBe(0);
    expect(cropWindow(large, 7).left).toBeCloseTo(1 - large.keep);
    expect(cropWindow(large, Number.NaN).left).toBeCloseTo((1 - large.keep) / 2);
  });

  it('names the position for a slider', () => {
    expect(positionWords(large, 0.5)).toBe('Centre');
    expect(positionWords(large, 0)).toBe('Left edge');
    expect(positionWords(large, 1)).toBe('Right edge');
    expect(positionWords(large, 0.3)).toBe('30% from the left');
    expect(positionWords(printCrop(4000, 6000, 'large')!, 0)).toBe('Top edge');
    expect(cropSizeName('large')).toBe('Large 16x20');
  });
});

describe('the owner’s choices', () => {
  it('are stored in thousandths, and only when not the default', () => {
    expect(toStoredPosition(0.25)).toBe(250);
    expect(toStoredPosition(0.1234)).toBe(123);
    expect(fromStoredPosition(750)).toBe(0.75);
    const crop = { axis: 'x', keep: 0.8 } as const;
    expect(isDefaultChoice({ size: 'large', position: 0.5, offered: true }, crop)).toBe(true);
    expect(isDefaultChoice({ size: 'large', position: 0.5004, offered: true }, crop)).toBe(true);
    expect(isDefaultChoice({ size: 'large', position: 0.5, offered: false }, crop)).toBe(false);
    expect(isDefaultChoice({ size: 'large', position: 0.2, offered: true }, crop)).toBe(false);
    // Another size of another proportion waits for the owner: not offering it is the default.
    expect(isDefaultChoice({ size: '12x12', position: 0.5, offered: false }, crop)).toBe(true);
    expect(isDefaultChoice({ size: '12x12', position: 0.5, offered: true }, crop)).toBe(false);
    // A size that prints the photo whole is offered by default.
    expect(isDefaultChoice({ size: '16x24', position: 0.5, offered: true }, null)).toBe(true);
  });

  it('fill each size, the default where none was made', () => {
    const crops: Record<string, PrintCrop | null> = { small: null, '12x12': { axis: 'x', keep: 0.67 } };
    const cropOf = (size: PrintSize) => crops[size] ?? { axis: 'x', keep: 0.9 };
    expect(
      choicesBySize(
        [{ size: 'large', position: 0.2, offered: true }],
        ['small', '12x12', 'medium', 'large'],
        cropOf,
      ),
    ).toEqual([
      { size: 'small', position: 0.5, offered: true },
      { size: '12x12', position: 0.5, offered: false },
      { size: 'medium', position: 0.5, offered: true },
      { size: 'large', position: 0.2, offered: true },
    ]);
  });
});
