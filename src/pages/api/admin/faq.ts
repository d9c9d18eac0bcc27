// GET /api/admin/faq: the FAQ as the owner wrote it (placeholders unfilled), with each placeholder's
// meaning and what it reads now. PUT /api/admin/faq { entries: [{ question, answer }] }: replaces the
// whole list, in order; a list that breaks a rule (or names an unknown placeholder) is refused whole
// with a 400, and the saved list stays. Owner only (the route table).
import type { APIRoute } from 'astro';
import {
  FAQ_PLACEHOLDER_NAMES,
  FAQ_PLACEHOLDERS,
  type FaqEntry,
  faqPlaceholderValues,
  faqSchema,
} from '~/lib/content/faq';
import { currentFaqFacts, listFaqEntries, saveFaqEntries } from '~/lib/content/faq.server';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

function faqAnswer(entries: FaqEntry[]) {
  const values = faqPlaceholderValues(currentFaqFacts(getDb()));
  const placeholders = FAQ_PLACEHOLDER_NAMES.map((name) => ({
    name,
    meaning: FAQ_PLACEHOLDERS[name],
    value: values[name],
  }));
  return Response.json({ entries, placeholders });
}

export const GET: APIRoute = handle(() => faqAnswer(listFaqEntries(getDb())));

export const PUT: APIRoute = handle(async ({ request }) => {
  // 40 answers of 2,000 characters, each up to 4 bytes in UTF-8 and escaped in JSON, fit in 1 MB.
  const { entries } = await readJson(request, faqSchema, 1024 * 1024);
  return faqAnswer(saveFaqEntries(getDb(), entries));
});
