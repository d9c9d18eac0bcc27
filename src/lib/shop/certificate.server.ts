// A numbered copy's certificate of authenticity, /certificate/{code}: what the print is (the photo,
// its title, "Edition n of N", size, finish, frame) and when it was sold. The code is the only key
// (120 random bits, editions.ts), so the page is public; it carries nothing about the buyer.
// The copies the print lab makes of one order are also put on one printed page for its parcel
// (certificate-image.server.ts).
import { eq } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { OWNER_NAME } from '~/lib/site/constants';
import { users } from '~db/schema';
import type { CertificateSheet } from './certificate-image.server';
import { CERTIFICATE_CODE_PATTERN, certificatePath } from './editions';

export interface Certificate {
  code: string;
  number: number;
  editionSize: number;
  title: string;
  location: string | null;
  mediaId: string | null;
  width: number | null;
  height: number | null;
  imageUrl: string;
  /** null when the print was since deleted from the shop (the line's own words stay). */
  size: string | null;
  dimensions: string | null;
  finish: string | null;
  framed: boolean;
  description: string;
  soldAt: Date;
}

interface Row extends Omit<Certificate, 'framed' | 'soldAt'> {
  framed: 0 | 1;
  soldAt: number;
}

/** The certificate of a code, or null for a code that is not one (wrong shape, unknown, not numbered). */
export function findCertificate(db: Db, code: string): Certificate | null {
  if (!CERTIFICATE_CODE_PATTERN.test(code)) return null;
  const row = preparedOnce(db, 'certificate: by code', () =>
    db.$client.prepare(
      `select c.certificate_code as code, c.number as number, oi.edition_size as editionSize,
         p.title as title, p.location as location, p.media_id as mediaId, p.width as width,
         p.height as height, p.image_url as imageUrl, pv.size as size, pv.dimensions as dimensions,
         pv.finish as finish, oi.framing_size is not null as framed, oi.description as description,
         c.sold_at as soldAt
       from edition_copies c
         join order_items oi on oi.id = c.order_item_id
         join photos p on p.id = c.photo_id
         left join product_variants pv on pv.id = oi.product_variant_id
       where c.certificate_code = ? and c.number is not null and c.sold_at is not null`,
    ),
  ).get(code) as Row | undefined;
  if (!row) return null;
  return { ...row, framed: row.framed === 1, soldAt: new Date(row.soldAt) };
}

/** The QR code of an address as an SVG drawing, made on the server (no script on the page). */
export function qrSvg(url: string): string {
  return renderSVG(url, { ecc: 'M', border: 2 });
}

/**
 * The photographer who signs: the owner's first and last name when the profile holds them, else the
 * studio's name (the account's own `name` is only a label such as "Owner").
 */
export function photographerName(db: Db): string {
  const owner = db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, getConfig().ownerEmail))
    .get();
  return [owner?.firstName, owner?.lastName].filter(Boolean).join(' ').trim() || OWNER_NAME;
}

interface LabCopyRow {
  code: string;
  number: number;
  editionSize: number;
  title: string;
  description: string;
  soldAt: number;
}

/** The line's words without the photo's title they start with: "large (16x24 inches) matte …". */
function printWords(description: string, title: string): string {
  const prefix = `${title}, `;
  const words = description.startsWith(prefix) ? description.slice(prefix.length) : description;
  return words.trim() || description;
}

/**
 * The page of certificates for the parcel the print lab sends of an order: every numbered copy on
 * a line the lab makes, in the order of the lines, or null when there is none (an order of open
 * editions, or whose copies the owner makes herself).
 */
export function labCertificateSheet(db: Db, orderId: string, siteUrl: string): CertificateSheet | null {
  const rows = preparedOnce(db, 'certificate: lab copies of an order', () =>
    db.$client.prepare(
      `select c.certificate_code as code, c.number as number,
         coalesce(oi.edition_size, p.edition_size, c.number) as editionSize, p.title as title,
         oi.description as description, coalesce(c.sold_at, c.created_at) as soldAt
       from edition_copies c
         join order_items oi on oi.id = c.order_item_id
         join photos p on p.id = c.photo_id
       where c.order_id = ? and oi.lab_sku is not null
         and c.number is not null and c.certificate_code is not null
       order by oi.id, c.number`,
    ),
  ).all(orderId) as LabCopyRow[];
  if (!rows.length) return null;
  return {
    photographer: photographerName(db),
    copies: rows.map((r) => ({
      title: r.title,
      number: r.number,
      editionSize: r.editionSize,
      print: printWords(r.description, r.title),
      soldAt: new Date(r.soldAt),
      code: r.code,
      url: new URL(certificatePath(r.code), `${siteUrl}/`).href,
    })),
  };
}
