// The text of a PDF written by pdfkit with its built-in fonts, one string per text object (a line
// as placed on the page), read from its content streams whether compressed (Flate) or not.
import { inflateSync } from 'node:zlib';

/** WinAnsi's characters at 0x80–0x9f (the rest is Latin-1); undefined codes are left out. */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = {
  decode: (bytes: Buffer) =>
    [...bytes]
      .map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b)))
      .join(''),
};

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    try {
      out.push(inflateSync(bytes).toString('latin1'));
    } catch {
      out.push(bytes.toString('latin1'));
    }
    re.lastIndex = end;
  }
  return out;
}

/** The lines of text of `pdf`, in the order they are drawn. */
export function pdfLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const s of streams(pdf)) {
    for (const block of s.match(/BT[\s\S]*?ET/g) ?? []) {
      const hex = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '').join('');
      if (hex) lines.push(winAnsi.decode(Buffer.from(hex, 'hex')));
    }
  }
  return lines;
}

/** A line of text as placed on the page: its baseline's height from the page's foot, its size. */
export interface PlacedLine {
  text: string;
  x: number;
  y: number;
  size: number;
}

/** The lines of text of `pdf` with where each is placed (its Tm), for checks of the layout. */
export function pdfPlacedLines(pdf: Buffer): PlacedLine[] {
  const lines: PlacedLine[] = [];
  for (const s of streams(pdf)) {
    for (const block of s.match(/BT[\s\S]*?ET/g) ?? []) {
      const at = /([\d.-]+) ([\d.-]+) Tm/.exec(block);
      const size = /([\d.]+) Tf/.exec(block);
      const hex = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '').join('');
      if (!hex || !at || !size) continue;
      const text = winAnsi.decode(Buffer.from(hex, 'hex'));
      lines.push({ text, x: Number(at[1]), y: Number(at[2]), size: Number(size[1]) });
    }
  }
  return lines;
}

/** All the text of `pdf`, its lines joined by line breaks. */
export const pdfText = (pdf: Buffer): string => pdfLines(pdf).join('\n');
