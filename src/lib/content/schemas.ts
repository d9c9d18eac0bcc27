// In-place text editing: the payload of one edited block.
import { z } from 'zod';
import { placeholdersOf } from '~/lib/content/content-defaults';
import { isLinkKey, webLink } from '~/lib/content/links';
import { unknownPlaceholderMessage, unknownPlaceholders } from '~/lib/content/placeholders';

export const CONTENT_MAX = 5000;
/**
 * PUT /api/website-content: one editable block (section + key), upserted. A link block (its key
 * ends in "Url") holds an http(s) address or nothing: never javascript: or any other scheme. A block
 * that takes placeholders (the copyright line's {year}) names no others.
 */
export const websiteContentSchema = z
  .object({
    section: z.string().trim().min(1, 'Say which section of the site the text is in.').max(40),
    key: z.string().trim().min(1, 'Say which text of the section this is.').max(40),
    content: z.string().max(CONTENT_MAX, `A text can be at most ${CONTENT_MAX} characters.`),
  })
  .superRefine(({ section, key, content }, ctx) => {
    if (isLinkKey(key) && content.trim() !== '' && webLink(content) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'A link must be a web address starting with https:// or http://.',
      });
    }
    const known = placeholdersOf(section, key);
    const unknown = known ? unknownPlaceholders(content, known) : [];
    if (known && unknown.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: unknownPlaceholderMessage('The text', unknown, known),
      });
    }
  });
