// A stored row's media, as every public read gives it: the five facts once the row is processed,
// nothing before.
import { describe, expect, it } from 'vitest';
import { mediaFacts } from '~/lib/media/media-urls';

const processed = {
  mediaId: 'V50w8NBDw008aBh9soZ31Q',
  width: 2400,
  height: 1600,
  dominantColor: '#52734d',
  placeholder: 'data:image/webp;base64,AAAA',
};

describe('mediaFacts', () => {
  it('gives the five facts of a processed row, and nothing else the row holds', () => {
    expect(mediaFacts({ ...processed, id: 'bg-1', altText: 'Lough Tay' } as typeof processed)).toEqual(
      processed,
    );
  });

  it('gives nothing for a row without its media, or without its size', () => {
    expect(mediaFacts({ ...processed, mediaId: null })).toBeNull();
    expect(mediaFacts({ ...processed, width: null })).toBeNull();
    expect(mediaFacts({ ...processed, height: 0 })).toBeNull();
  });
});
