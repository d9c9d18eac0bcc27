// Editable page text (website_content), with the defaults of lib/content/content-defaults.
import { eq } from 'drizzle-orm';
import { CONTENT_DEFAULTS, type ContentSection, defaultContent } from '~/lib/content/content-defaults';
import { linkLabel, webLink } from '~/lib/content/links';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { websiteContent } from '~db/schema';

export function listContent(db: Db, section: string): { key: string; content: string }[] {
  return db
    .select({ key: websiteContent.key, content: websiteContent.content })
    .from(websiteContent)
    .where(eq(websiteContent.section, section))
    .all();
}

/** The texts of one section, each falling back to its default (also when the read fails). */
export function getSectionText<S extends ContentSection>(
  db: Db,
  section: S,
): Record<keyof (typeof CONTENT_DEFAULTS)[S], string> {
  const defaults = CONTENT_DEFAULTS[section] as Record<string, string>;
  const result: Record<string, string> = { ...defaults };
  try {
    for (const row of listContent(db, section)) result[row.key] = row.content;
  } catch (err) {
    getLog().error({ err }, `Could not read the ${section} texts; showing the defaults.`);
  }
  return result as Record<keyof (typeof CONTENT_DEFAULTS)[S], string>;
}

/** True when (section, key) is one of the editable blocks of content-defaults. */
export function isKnownBlock(section: string, key: string): boolean {
  return defaultContent(section, key) !== undefined;
}

/** Insert or replace one editable block (unique on section + key). */
export function upsertContent(db: Db, section: string, key: string, content: string) {
  return db
    .insert(websiteContent)
    .values({ section, key, content })
    .onConflictDoUpdate({
      target: [websiteContent.section, websiteContent.key],
      set: { content, updatedAt: new Date() },
    })
    .returning({ section: websiteContent.section, key: websiteContent.key, content: websiteContent.content })
    .get();
}

/**
 * The footer's social profile links that are http(s) addresses, in order, each with its label. An
 * empty first link falls back to the SOCIAL_PROFILE_URL setting.
 */
export function listSocialLinks(db: Db): { href: string; label: string }[] {
  const footer = getSectionText(db, 'footer');
  const entered = [footer.social1Url || getConfig().socialProfileUrl, footer.social2Url, footer.social3Url];
  return entered.flatMap((text) => {
    const href = webLink(text);
    return href ? [{ href, label: linkLabel(href) }] : [];
  });
}
