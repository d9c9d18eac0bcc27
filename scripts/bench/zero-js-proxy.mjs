// The zero-JS control of the Lighthouse rows: a small node:http proxy in front of the running site.
// A page's HTML comes back as the site renders it with every script taken out, and everything else
// (CSS, images, fonts, headers, compression) is the site's own, so the control differs from the real
// page only by its JavaScript:
//  - HTML (content-type text/html) is fetched from the site uncompressed, stripped of every
//    <script>…</script> (inline and external, the site's deferred-script loader and island data
//    included) and of <link rel="modulepreload"> and script preloads, then compressed as the site's
//    page cache serves it once warm (brotli 11; gzip 6 for a client without brotli). JSON-LD stays:
//    it is metadata for search engines, never run, and a page without JavaScript keeps it too.
//    The site's headers are kept (the CSP, with hashes of scripts that are no longer there, allows
//    less than before, never more); the length and the ETag are recomputed for the new body.
//  - Every other request is piped through unchanged, bytes and content-encoding included.
// The hop adds well under a millisecond on loopback, and Lighthouse's simulated throttling replaces
// the observed network timing by its own model, so the proxy does not slow the control down.
import { createHash } from 'node:crypto';
import { createServer, request } from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const SCRIPT = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const SCRIPT_LINK = /<link\b[^>]*\brel=["']?(?:modulepreload|preload)["']?[^>]*>/gi;

/** The HTML with every script and script preload removed (JSON-LD kept: it is never run). */
export function stripScripts(html) {
  return html
    .replace(SCRIPT, (tag, attrs) => (/type=["']?application\/ld\+json/i.test(attrs) ? tag : ''))
    .replace(SCRIPT_LINK, (tag) => (/\brel=["']?modulepreload|\bas=["']?script/i.test(tag) ? '' : tag));
}

export async function startZeroJsProxy(siteUrl) {
  const site = new URL(siteUrl);
  const server = createServer((req, res) => {
    const html = req.method === 'GET' && /text\/html/.test(req.headers.accept ?? '');
    const headers = { ...req.headers, host: site.host };
    if (html) {
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const upstream = request(
      { host: site.hostname, port: site.port, path: req.url, method: req.method, headers },
      (up) => {
        if (!html || !/text\/html/.test(up.headers['content-type'] ?? '') || up.headers['content-encoding']) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks = [];
        up.on('data', (c) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.from(stripScripts(Buffer.concat(chunks).toString('utf8')));
          const accepts = req.headers['accept-encoding'] ?? '';
          const out = {};
          for (const [k, v] of Object.entries(up.headers)) {
            if (!['content-length', 'etag', 'content-encoding', 'transfer-encoding'].includes(k)) out[k] = v;
          }
          let sent = body;
          if (/\bbr\b/.test(accepts)) {
            sent = brotliCompressSync(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            });
            out['content-encoding'] = 'br';
          } else if (/\bgzip\b/.test(accepts)) {
            sent = gzipSync(body, { level: 6 });
            out['content-encoding'] = 'gzip';
          }
          out.etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
          out['content-length'] = sent.length;
          res.writeHead(up.statusCode ?? 200, out);
          res.end(sent);
        });
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () =>
      new Promise((r) => {
        server.close(r);
        server.closeAllConnections();
      }),
  };
}
