// The bulk photo upload's helpers: a title from a file name when the file carries none, the category
// a photo's own keywords name, and the time left of the batch, smoothed so that it does not swing
// while files go up one after another with the server's processing pause between them.
import { describe, expect, it } from 'vitest';
import { createTimeLeft, timeLeftInWords } from '~/lib/media/upload-time-left';
import { categoryFromKeywords, titleFromFileName } from '~/lib/photos/photo-batch';

describe('a title from the file name', () => {
  it('drops the extension, turns dashes and underscores into spaces, in sentence case', () => {
    expect(titleFromFileName('sugar-loaf_at_dawn.JPG')).toBe('Sugar loaf at dawn');
    expect(titleFromFileName('LOUGH_TAY--MIST.tiff')).toBe('Lough tay mist');
    expect(titleFromFileName('  bray head.final.jpeg ')).toBe('Bray head.final');
    expect(titleFromFileName('DJI_0042.JPG')).toBe('Dji 0042');
    expect(titleFromFileName('.jpg')).toBe('');
    expect(titleFromFileName('éire-cliffs.png')).toBe('Éire cliffs');
  });
});

describe('a category from the photo’s keywords', () => {
  it('takes the first keyword that names a category, else none', () => {
    expect(categoryFromKeywords(['Wicklow', 'Coast', 'sunrise'])).toBe('coastal');
    expect(categoryFromKeywords(['drone', 'mountains'])).toBe('aerial');
    expect(categoryFromKeywords(['Lugnaquilla', 'Mountain'])).toBe('mountains');
    expect(categoryFromKeywords(['farmland'])).toBe('countryside');
    expect(categoryFromKeywords(['mist', 'lake'])).toBeNull();
  });
});

describe('the time left of a batch', () => {
  const MB = 1024 ** 2;

  /**
   * A batch of 20 files of 40 MB: each goes up at 4 MB/s for 10 s (progress every 0.5 s), then
   * the server processes it for 10 s with no progress at all. 20 s a file, 400 s in all.
   */
  function* batch() {
    const total = 20 * 40 * MB;
    let t = 0;
    let sent = 0;
    for (let file = 0; file < 20; file++) {
      for (let i = 0; i < 20; i++) {
        t += 500;
        sent += 2 * MB;
        yield { t, sent, total, trueLeft: (20 - file) * 20 - (i + 1) / 2 };
      }
      t += 10_000;
    }
  }

  it('stays within a third of the real time left and never doubles between two readings', () => {
    const left = createTimeLeft();
    let previous: number | null = null;
    for (const p of batch()) {
      const seconds = left.update(p.sent, p.total, p.t);
      if (p.t < 60_000 || p.trueLeft < 60 || seconds === null) continue;
      expect(seconds).toBeGreaterThan(p.trueLeft * 0.66);
      expect(seconds).toBeLessThan(p.trueLeft * 1.5 + 30);
      if (previous !== null && previous > 60) expect(seconds / previous).toBeLessThan(2);
      previous = seconds;
    }
  });

  it('says nothing until it has a few seconds to go by, and restarts with a new batch', () => {
    const left = createTimeLeft();
    expect(left.update(0, 100 * MB, 0)).toBeNull();
    expect(left.update(1 * MB, 100 * MB, 1000)).toBeNull();
    expect(left.update(10 * MB, 100 * MB, 6000)).not.toBeNull();
    expect(left.update(0, 50 * MB, 7000)).toBeNull();
  });

  it('is shown rounded, coarser the longer it is', () => {
    expect(timeLeftInWords(40)).toBe('Less than a minute left');
    expect(timeLeftInWords(100)).toBe('About 2 minutes left');
    expect(timeLeftInWords(17 * 60 + 40)).toBe('About 20 minutes left');
    expect(timeLeftInWords(2 * 3600 + 9 * 60)).toBe('About 2 hours 15 minutes left');
    expect(timeLeftInWords(3600)).toBe('About 1 hour left');
  });
});
