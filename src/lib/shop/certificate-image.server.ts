// The certificate of authenticity as a picture the print lab prints and puts in the parcel (its
// packing slip): one A5 portrait page at 300 dpi (1748×2480 px, PNG), drawn as an SVG and turned
// into pixels by sharp. It says who took the photo, "Certificate of authenticity", and for each
// numbered copy in the parcel: the photo's title, "Edition n of N", the print's size and material as
// its order line says them, the date of the sale, the certificate's code, and the address of its
// page on the site, written out and as a QR code, where anyone can check it.
//
// A lab puts one packing slip in a parcel, so the copies of one order share the page: each is a
// block under the heading, and blocks that would not fit are drawn smaller together.
// Text is in the generic serif and sans-serif families (DejaVu or Liberation on Debian), escaped
// for SVG, and wrapped or cut by an estimate of its width, since SVG text does not wrap itself.
import sharp from 'sharp';
import { encode } from 'uqr';
import { copyLabel } from './editions';

/** One numbered copy, as its certificate names it. */
export interface CertificateCopy {
  title: string;
  number: number;
  editionSize: number;
  /** The print's size and material, in the words of its order line. */
  print: string;
  soldAt: Date;
  code: string;
  /** The address of the certificate's page on the site. */
  url: string;
}

export interface CertificateSheet {
  photographer: string;
  copies: readonly CertificateCopy[];
}

/** A5 portrait at 300 dpi. */
export const CERTIFICATE_PAGE = { widthPx: 1748, heightPx: 2480, dpi: 300 } as const;

const W = CERTIFICATE_PAGE.widthPx;
const H = CERTIFICATE_PAGE.heightPx;
const MARGIN = 150;
const CONTENT = W - 2 * MARGIN;
/** The room of the copies' blocks: below the heading, above the closing line. */
const BODY_TOP = 560;
const BODY_BOTTOM = 2200;
const BLOCK_GAP = 90;
const QR_PX = 360;

const SERIF = 'serif';
const SANS = 'sans-serif';
const INK = '#1a1a1a';
const MUTED = '#4a4a4a';

/** Roughly how wide a character is, in ems, per face: generous, so text stays inside the page. */
const EM = { serif: 0.56, sans: 0.6, caps: 0.72 } as const;

/** "Edition 7 of 30", as the certificate's web page says it. */
export const copyWords = copyLabel;

const saleDate = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'Europe/Dublin' });

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold, or that break a line.
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as one line that XML can hold: breaks and control characters become spaces. */
const oneLine = (text: string) =>
  text.replace(NOT_ONE_LINE, ' ').replace(LONE_SURROGATE, '').replace(/\s+/g, ' ').trim();

/** Text made safe inside an SVG element or attribute. */
export function escapeSvg(text: string): string {
  return oneLine(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/**
 * Text in lines of at most `maxChars` characters, at most `maxLines` of them (the last cut with an
 * ellipsis): between words, or anywhere for an address.
 */
export function wrapText(text: string, maxChars: number, maxLines: number, anywhere = false): string[] {
  const chars = Math.max(4, maxChars);
  const pieces = anywhere ? [oneLine(text)] : oneLine(text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let line: string[] = [];
  const flush = () => {
    if (line.length) lines.push(line.join(''));
    line = [];
  };
  for (const piece of pieces) {
    const glyphs = Array.from(piece);
    if (!anywhere && line.length && line.length + 1 + glyphs.length <= chars) {
      line.push(' ', ...glyphs);
      continue;
    }
    if (!anywhere) flush();
    for (const g of glyphs) {
      if (line.length >= chars) flush();
      line.push(g);
    }
  }
  flush();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = Array.from(kept[maxLines - 1] as string);
  kept[maxLines - 1] = `${last
    .slice(0, chars - 1)
    .join('')
    .trimEnd()}…`;
  return kept;
}

const charsIn = (widthPx: number, sizePx: number, em: number) => Math.floor(widthPx / (sizePx * em));

interface TextRun {
  lines: string[];
  size: number;
  lineHeight: number;
  family: string;
  weight?: 'bold';
  style?: 'italic';
  fill?: string;
  spacing?: number;
}

/**
 * Lines of text from `x` (their middle, or their start), the first baseline at `y`; answers the SVG
 * and the height used.
 */
function textLines(
  run: TextRun,
  x: number,
  y: number,
  anchor: 'middle' | 'start' = 'middle',
): { svg: string; height: number } {
  const attrs = [
    `x="${x}"`,
    `font-family="${run.family}"`,
    `font-size="${run.size}"`,
    `fill="${run.fill ?? INK}"`,
    `text-anchor="${anchor}"`,
    run.weight ? `font-weight="${run.weight}"` : '',
    run.style ? `font-style="${run.style}"` : '',
    run.spacing ? `letter-spacing="${run.spacing}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const svg = run.lines
    .map((line, i) => `<text ${attrs} y="${y + i * run.lineHeight}">${escapeSvg(line)}</text>`)
    .join('');
  return { svg, height: run.lines.length * run.lineHeight };
}

/** The QR code of an address as one path of dark modules, `size` pixels square. */
function qrCode(url: string, x: number, y: number, size: number): string {
  const qr = encode(url, { ecc: 'M', border: 0 });
  const d = qr.data.flatMap((row, r) => row.map((dark, c) => (dark ? `M${c} ${r}h1v1h-1z` : ''))).join('');
  const scale = size / qr.size;
  return `<path d="${d}" fill="${INK}" shape-rendering="crispEdges" transform="translate(${x} ${y}) scale(${scale})"/>`;
}

/** One copy's block, drawn from y = 0 at its natural size; answers the SVG and its height. */
function copyBlock(copy: CertificateCopy): { svg: string; height: number } {
  const mid = W / 2;
  const parts: string[] = [];
  let y = 76;
  const title = textLines(
    {
      lines: wrapText(copy.title, charsIn(CONTENT, 76, EM.serif), 2),
      size: 76,
      lineHeight: 96,
      family: SERIF,
    },
    mid,
    y,
  );
  parts.push(title.svg);
  y += title.height + 4;
  const number = textLines(
    {
      lines: [copyWords(copy.number, copy.editionSize)],
      size: 62,
      lineHeight: 84,
      family: SERIF,
      weight: 'bold',
    },
    mid,
    y,
  );
  parts.push(number.svg);
  y += number.height + 6;
  const print = textLines(
    {
      lines: wrapText(copy.print, charsIn(CONTENT, 38, EM.sans), 3),
      size: 38,
      lineHeight: 54,
      family: SANS,
      fill: MUTED,
    },
    mid,
    y,
  );
  parts.push(print.svg);
  y += print.height + 50;

  // The sale, the code and the address on the left; the address's QR code on the right.
  const left = MARGIN;
  const textWidth = CONTENT - QR_PX - 60;
  const top = y;
  const rows: TextRun[] = [
    { lines: ['Sold on'], size: 30, lineHeight: 44, family: SANS, fill: MUTED, spacing: 2 },
    { lines: [saleDate.format(copy.soldAt)], size: 40, lineHeight: 70, family: SANS },
    { lines: ['Certificate code'], size: 30, lineHeight: 44, family: SANS, fill: MUTED, spacing: 2 },
    {
      lines: wrapText(copy.code, charsIn(textWidth, 40, EM.sans), 2, true),
      size: 40,
      lineHeight: 70,
      family: SANS,
    },
    { lines: ['Verify at'], size: 30, lineHeight: 44, family: SANS, fill: MUTED, spacing: 2 },
    {
      lines: wrapText(copy.url, charsIn(textWidth, 32, EM.sans), 4, true),
      size: 32,
      lineHeight: 44,
      family: SANS,
    },
  ];
  for (const row of rows) {
    const drawn = textLines(row, left, y + row.size, 'start');
    parts.push(drawn.svg);
    y += drawn.height;
  }
  parts.push(qrCode(copy.url, W - MARGIN - QR_PX, top, QR_PX));
  return { svg: parts.join(''), height: Math.max(y, top + QR_PX) + 10 };
}

/** The page as an SVG document. */
export function certificateSvg(sheet: CertificateSheet): string {
  const mid = W / 2;
  const head = [
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<rect x="60" y="60" width="${W - 120}" height="${H - 120}" fill="none" stroke="${INK}" stroke-width="5"/>`,
    `<rect x="84" y="84" width="${W - 168}" height="${H - 168}" fill="none" stroke="${INK}" stroke-width="1.5"/>`,
    textLines(
      {
        lines: wrapText(sheet.photographer.toUpperCase(), Math.floor(CONTENT / (38 * EM.caps + 6)), 1),
        size: 38,
        lineHeight: 50,
        family: SANS,
        fill: MUTED,
        spacing: 6,
      },
      mid,
      300,
    ).svg,
    textLines({ lines: ['Certificate of authenticity'], size: 92, lineHeight: 110, family: SERIF }, mid, 430)
      .svg,
    `<line x1="${MARGIN}" y1="488" x2="${W - MARGIN}" y2="488" stroke="${INK}" stroke-width="3"/>`,
  ];

  const blocks = sheet.copies.map(copyBlock);
  const total = blocks.reduce((sum, b) => sum + b.height, 0) + BLOCK_GAP * Math.max(0, blocks.length - 1);
  const room = BODY_BOTTOM - BODY_TOP;
  const scale = total > room ? room / total : 1;
  const body: string[] = [];
  let y = 0;
  for (const [i, block] of blocks.entries()) {
    if (i > 0) {
      const rule = y + BLOCK_GAP / 2;
      body.push(
        `<line x1="${MARGIN + 200}" y1="${rule}" x2="${W - MARGIN - 200}" y2="${rule}" stroke="${MUTED}" stroke-width="2"/>`,
      );
      y += BLOCK_GAP;
    }
    body.push(`<g transform="translate(0 ${y})">${block.svg}</g>`);
    y += block.height;
  }
  // Drawn smaller, the blocks stay centred across the page; fewer, they sit a third of
  // the way down the room left.
  const dx = (W - W * scale) / 2;
  const dy = BODY_TOP + (room - total * scale) / 3;
  const foot = textLines(
    {
      lines: ['Scan the code or visit the address to check this certificate.'],
      size: 28,
      lineHeight: 40,
      family: SANS,
      fill: MUTED,
    },
    mid,
    2300,
  ).svg;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    ...head,
    `<g transform="translate(${dx} ${dy}) scale(${scale})">${body.join('')}</g>`,
    foot,
    '</svg>',
  ].join('');
}

/**
 * The page as a PNG of 1748×2480 px marked 300 dpi, so that it prints at A5: about 140 KB, drawn in
 * about half a second. (Marking the density keeps sharp's sRGB profile, and with it three
 * channels; a palette would halve the file for another second of drawing.)
 */
export async function certificatePng(sheet: CertificateSheet): Promise<Buffer> {
  if (!sheet.copies.length) throw new Error('A certificate page needs at least one copy.');
  return sharp(Buffer.from(certificateSvg(sheet)))
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 6 })
    .withMetadata({ density: CERTIFICATE_PAGE.dpi })
    .toBuffer();
}
