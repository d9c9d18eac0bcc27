// Editable page text: each block shows the owner's text when there is one and its default otherwise
// (also when the database cannot be read), and saving a block replaces it in place.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSectionText, isKnownBlock, listContent, upsertContent } from '~/lib/content/content.server';
import { CONTENT_DEFAULTS } from '~/lib/content/content-defaults';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { websiteContent } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

describe('page text', () => {
  it('is the default of every block of a section nobody edited', () => {
    expect(getSectionText(db, 'hero')).toEqual(CONTENT_DEFAULTS.hero);
  });

  it('is the owner’s text for an edited block, and the default for the others', () => {
    upsertContent(db, 'hero', 'title', 'Wicklow after rain');
    upsertContent(db, 'shop', 'title', 'Prints');
    expect(getSectionText(db, 'hero')).toEqual({ ...CONTENT_DEFAULTS.hero, title: 'Wicklow after rain' });
    expect(listContent(db, 'hero')).toEqual([{ key: 'title', content: 'Wicklow after rain' }]);
  });

  it('falls back to the defaults when the database cannot be read', () => {
    upsertContent(db, 'hero', 'title', 'Wicklow after rain');
    const log = vi.spyOn(getLog(), 'error').mockImplementation(() => {});
    db.$client.close();
    expect(getSectionText(db, 'hero')).toEqual(CONTENT_DEFAULTS.hero);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

describe('saving a block', () => {
  it('inserts it once and then replaces its text, keeping one row', () => {
    expect(upsertContent(db, 'about', 'title', 'First')).toEqual({
      section: 'about',
      key: 'title',
      content: 'First',
    });
    expect(upsertContent(db, 'about', 'title', 'Second')).toMatchObject({ content: 'Second' });
    expect(db.select().from(websiteContent).all()).toHaveLength(1);
    expect(listContent(db, 'about')).toEqual([{ key: 'title', content: 'Second' }]);
  });

  it('knows which section and key pairs are editable blocks', () => {
    expect(isKnownBlock('hero', 'title')).toBe(true);
    expect(isKnownBlock('droneServices', 'description')).toBe(true);
    expect(isKnownBlock('hero', 'subtitle')).toBe(false);
    expect(isKnownBlock('nowhere', 'title')).toBe(false);
  });
});
