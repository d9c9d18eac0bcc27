// The owner's links: only http(s) addresses are accepted by the content schema or become an href.
import { describe, expect, it } from 'vitest';
import { linkLabel, webLink } from '~/lib/content/links';
import { websiteContentSchema } from '~/lib/content/schemas';

const link = (content: string) =>
  websiteContentSchema.safeParse({ section: 'footer', key: 'social1Url', content });

describe('links the owner enters', () => {
  it('the content schema takes an http(s) address or nothing for a link block', () => {
    for (const ok of ['https://www.instagram.com/wicklowlight', 'http://example.ie/', '']) {
      expect(link(ok).success, ok).toBe(true);
    }
  });

  it('the content schema refuses javascript:, data:, other schemes and bare host names, with a sentence', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'ftp://x.ie',
      'instagram.com/me',
    ]) {
      const result = link(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'A link must be a web address starting with https:// or http://.',
      );
    }
  });

  it('a text block may still hold any text', () => {
    expect(
      websiteContentSchema.safeParse({ section: 'footer', key: 'text', content: 'javascript: a word' })
        .success,
    ).toBe(true);
  });

  it('webLink gives only http(s) hrefs, and linkLabel names the network', () => {
    expect(webLink('javascript:alert(1)')).toBeNull();
    expect(webLink(' https://www.instagram.com/me ')).toBe('https://www.instagram.com/me');
    expect(linkLabel('https://www.instagram.com/me')).toBe('Instagram');
    expect(linkLabel('https://photos.example.ie/me')).toBe('photos.example.ie');
  });
});
