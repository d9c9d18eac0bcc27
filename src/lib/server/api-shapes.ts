// JSON shapes of the shop's public reads: money as decimal euros at the edge (SPEC §3), with the
// integer cents alongside for clients that compute.
import type { Photo } from '../../../db/schema';
import { centsToDecimal } from '../shared/format';

export function publicPhoto(p: Photo) {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    imageUrl: p.imageUrl,
    category: p.category,
    location: p.location,
    featured: p.featured,
    mediaId: p.mediaId,
    width: p.width,
    height: p.height,
    createdAt: p.createdAt,
  };
}

export function publicVariant(v: {
  id: string;
  photoId: string;
  size: string;
  finish: string;
  priceCents: number;
  dimensions: string;
}) {
  return { ...v, price: centsToDecimal(v.priceCents) };
}

export function publicFraming(f: { id: string; size: string; priceCents: number }) {
  return { id: f.id, size: f.size, price: centsToDecimal(f.priceCents), priceCents: f.priceCents };
}
