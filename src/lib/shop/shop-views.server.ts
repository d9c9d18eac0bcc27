// The views of the shop's public reads, as JSON (a photo's view is toPublicPhoto in
// lib/photos/public-photos.server.ts): money as decimal euros at the edge, with the integer cents
// alongside for clients that compute.
import { centsToDecimal } from '~/lib/platform/shared/format';

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
