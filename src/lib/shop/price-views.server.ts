// The price views the owner's price endpoints answer, as JSON: money as 2-decimal euro strings at
// the edge, with the integer cents alongside for clients that compute.
import { centsToDecimal } from '~/lib/platform/shared/format';
import type { getPriceMatrix } from './pricing.server';

export function adminPriceMatrix(m: ReturnType<typeof getPriceMatrix>) {
  return {
    prints: m.prints.map((p) => ({ ...p, price: centsToDecimal(p.priceCents) })),
    framing: m.framing.map((f) => ({ ...f, price: centsToDecimal(f.priceCents) })),
  };
}

export function adminFraming(f: { id: string; size: string; priceCents: number; isActive: boolean }) {
  return {
    id: f.id,
    size: f.size,
    price: centsToDecimal(f.priceCents),
    priceCents: f.priceCents,
    isActive: f.isActive,
  };
}
