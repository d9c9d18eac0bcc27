// The owner's photo endpoints: the list with what the badges need, and the multipart form of the photo
// dialog (sent like every owner change: a 401 signs the owner in again).

import { send } from '~/lib/platform/client/query';
import type { PhotoCategory } from '~/lib/site/constants';

export interface AdminPhoto {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string;
  category: PhotoCategory;
  location: string | null;
  /** Comma-separated words the shop's search also finds it by. */
  keywords: string | null;
  featured: boolean;
  homepageHero: boolean;
  isActive: boolean;
  featuredOrder: number | null;
  mediaId: string | null;
  width: number | null;
  height: number | null;
  dominantColor: string | null;
  createdAt: string;
  /** Any order (paid or not) holds a print of it: it can then only be hidden. */
  everOrdered: boolean;
  /** Whether the shop sells it: it has the pixels for at least one print size. */
  sellable: boolean;
  /** The /shop page its card is on (active photos the shop sells only). */
  shopPage: number | null;
}

export interface AdminPhotoList {
  photos: AdminPhoto[];
  /** The featured photos' ids in the home gallery's order. */
  featuredIds: string[];
}

export const PHOTOS_KEY = ['/api/admin/photos'] as const;

/** Sends the photo dialog's multipart form; null fields are left out (FormData would send "null"). */
export async function sendPhotoForm(
  method: 'POST' | 'PUT',
  path: string,
  fields: Record<string, string | boolean | null | undefined>,
): Promise<AdminPhoto> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) body.set(key, String(value));
  }
  return send<AdminPhoto>(method, path, body);
}

/** The public place of a photo: its card in the shop, on the page that shows it. */
export function shopCardUrl(photo: Pick<AdminPhoto, 'id' | 'shopPage'>): string {
  const page = photo.shopPage && photo.shopPage > 1 ? `?page=${photo.shopPage}` : '';
  return `/shop${page}#photo-${encodeURIComponent(photo.id)}`;
}
