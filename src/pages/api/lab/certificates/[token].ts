// GET (and HEAD) /api/lab/certificates/{token}: the packing slip of an order for the print lab, the
// page of certificates of authenticity of the limited-edition copies it makes, as a PNG drawn when
// asked (lib/lab/certificate-slip-url.server.ts, lib/shop/certificate-image.server.ts). 403 for a
// token the site did not sign or that has expired, saying nothing more; 404 once the order has no
// such copy (deleted, or its copies given back).
import type { APIRoute } from 'astro';
import { certificateSlipOrderOf } from '~/lib/lab/certificate-slip-url.server';
import { getConfig } from '~/lib/platform/server/config';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { labCertificateSheet } from '~/lib/shop/certificate.server';
import { certificatePng } from '~/lib/shop/certificate-image.server';

const HEADERS = {
  'Content-Type': 'image/png',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

export const GET: APIRoute = handle(async ({ request, params }) => {
  const orderId = certificateSlipOrderOf(params.token ?? '');
  const sheet = labCertificateSheet(getDb(), orderId, getConfig().siteUrl);
  if (!sheet) throw new HttpError(404, 'This order has no certificate for the lab to print.');
  const png = await certificatePng(sheet);
  const headers = { ...HEADERS, 'Content-Length': String(png.length) };
  if (request.method === 'HEAD') return new Response(null, { headers });
  return new Response(new Uint8Array(png), { headers });
});
