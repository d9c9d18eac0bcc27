// The business details as stored (one row, none until the owner saves them), and the one name the
// site's mails are sent and signed with.
import { eq } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db, Tx } from '~/lib/platform/server/db';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { businessDetails } from '~db/schema';
import type { BusinessDetails } from './business';
import { OWNER_NAME } from './constants';

const ROW = 1;

/** The saved details, or null while the owner has saved none. */
export function readBusinessDetails(db: Db | Tx): BusinessDetails | null {
  const row = preparedOnce(db, 'business: details', () =>
    db.select().from(businessDetails).where(eq(businessDetails.id, ROW)).prepare(),
  ).get();
  if (!row) return null;
  const { id: _id, updatedAt: _at, ...details } = row;
  return details;
}

/** Saves the whole card (checked by businessDetailsSchema) and answers it as stored. */
export function saveBusinessDetails(db: Db, details: BusinessDetails): BusinessDetails {
  const values = { ...details, id: ROW, updatedAt: new Date() };
  db.insert(businessDetails)
    .values(values)
    .onConflictDoUpdate({ target: businessDetails.id, set: values })
    .run();
  return details;
}

/** The display name of MAIL_FROM ("Aoife Byrne <shop@example.ie>"), if it gives one. */
function configuredMailName(): string | null {
  const m = /^\s*"?([^"<]*?)"?\s*</.exec(getConfig().mail.from);
  return m?.[1]?.trim() || null;
}

/**
 * The name the site's mails are sent as (the From header's display name) and signed with: the
 * trading name of the business details when the owner has set one, else the name the site is
 * configured with (MAIL_FROM's display name, or the site's own name).
 */
export function mailSenderName(db: Db | Tx): string {
  const row = preparedOnce(db, 'business: trading name', () =>
    db
      .select({ tradingName: businessDetails.tradingName })
      .from(businessDetails)
      .where(eq(businessDetails.id, ROW))
      .prepare(),
  ).get();
  return row?.tradingName || configuredMailName() || OWNER_NAME;
}
