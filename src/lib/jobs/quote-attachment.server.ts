// A quote's PDF attached to its mails. The mail queue keeps only the document's name
// ("quote:<id>"), and the PDF is drawn as the mail leaves, from the quote as it stands then: a mail
// delivered after a revision carries the revision, as the link does.

import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import type { MailAttachment } from '~/lib/platform/server/mail/mail';
import { quotes } from '~db/schema';
import { renderQuotePdf } from './quote-pdf.server';
import { quoteView } from './quote-view.server';

const PREFIX = 'quote:';

export const quoteAttachmentName = (quoteId: string): string => `${PREFIX}${quoteId}`;

export const isQuoteAttachment = (name: string): boolean => name.startsWith(PREFIX);

/** A file name a person can read: "Quote - Aerial photos of Aughrim farm.pdf". */
const fileName = (title: string) =>
  `Quote - ${title
    .replace(/[^\p{L}\p{N} ,.'&()-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)}.pdf`;

/** The PDF a queued mail names, or null when the quote is gone. */
export async function renderQuoteAttachment(db: Db, name: string): Promise<MailAttachment | null> {
  if (!isQuoteAttachment(name)) return null;
  const quote = db
    .select()
    .from(quotes)
    .where(eq(quotes.id, name.slice(PREFIX.length)))
    .get();
  if (!quote) return null;
  const view = quoteView(db, quote);
  return {
    filename: fileName(view.title),
    contentType: 'application/pdf',
    content: await renderQuotePdf(db, view),
  };
}
