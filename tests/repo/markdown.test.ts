// The README and the pages under docs/ stay sound: every fenced code block is closed (and holds no
// Markdown heading or table that was meant to be outside it), every relative link reaches a file of
// the repository and, with a #fragment, a heading of that file, and the README stays short enough
// to read (at most 200 lines; the rest belongs in docs/).
//
// The few Markdown rules needed here are written by hand, line by line, rather than with a Markdown
// parser: none is a dependency of this project, and these checks need only fences, headings and
// link targets.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const README_MAX_LINES = 200;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const FILES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];
const name = (file: string) => relative(ROOT, file);
const linesOf = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');

/** A fence line: up to any indentation (fences sit inside list items too), ``` or ~~~, then the info. */
const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
/** Markdown structure that has no place inside a code block, unless the block is itself Markdown. */
const HEADING = /^\s{0,3}#{2,6}\s+\S/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/;

interface Scan {
  /** Lines outside code blocks, by their 1-based number. */
  prose: Array<{ line: number; text: string }>;
  problems: string[];
}

/** Walks the fences of one file: which lines are prose, and what is wrong with its code blocks. */
function scan(file: string): Scan {
  const lines = linesOf(file);
  const prose: Scan['prose'] = [];
  const problems: string[] = [];
  let open: { line: number; fence: string; info: string } | null = null;
  let fenceLines = 0;
  for (const [i, text] of lines.entries()) {
    const line = i + 1;
    const fence = FENCE.exec(text);
    if (fence) fenceLines += 1;
    if (!open) {
      if (fence) open = { line, fence: fence[1] ?? '', info: (fence[2] ?? '').trim() };
      else prose.push({ line, text });
      continue;
    }
    // A closing fence: the same character, at least as long, and nothing after it.
    const marker = fence?.[1] ?? '';
    if (fence && marker[0] === open.fence[0] && marker.length >= open.fence.length && !fence[2]?.trim()) {
      open = null;
      continue;
    }
    if (/^(md|markdown)$/i.test(open.info)) continue;
    const what = HEADING.test(text) ? 'a heading' : TABLE_DELIMITER.test(text) ? 'a table' : null;
    if (what) {
      problems.push(
        `${name(file)}:${line}: ${what} inside the code block opened at line ${open.line}: ` +
          `close the block before it ("${text.trim().slice(0, 60)}")`,
      );
    }
  }
  if (open) problems.push(`${name(file)}:${open.line}: code block opened here is never closed`);
  if (fenceLines % 2 !== 0) problems.push(`${name(file)}: odd number of fence lines (${fenceLines})`);
  return { prose, problems };
}

/** Inline code spans taken out, so that `[a](b)` written as an example is not a link. */
const withoutCode = (text: string) => text.replace(/(`+)[\s\S]*?\1/g, '');

/**
 * The anchor GitHub gives a heading: its text as rendered, lower-cased, without punctuation and
 * symbols (letters, digits, marks, spaces, hyphens and underscores stay), spaces made hyphens; a
 * heading met again gets -1, -2….
 */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { text } of scan(file).prose) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(\s+#+)?\s*$/.exec(text);
    if (!heading) continue;
    const rendered = (heading[1] ?? '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '');
    const base = rendered
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Inline links and images, [text](target "title"), and reference definitions, [name]: target. */
const INLINE_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/;

function linkProblems(file: string): string[] {
  const problems: string[] = [];
  for (const { line, text } of scan(file).prose) {
    const plain = withoutCode(text);
    const targets = [...plain.matchAll(INLINE_LINK)].map((m) => m[1] ?? '');
    const definition = DEFINITION.exec(plain);
    if (definition?.[1]) targets.push(definition[1]);
    for (const target of targets) {
      if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const [pathPart = '', fragment] = target.split('#', 2);
      const path = decodeURIComponent(pathPart);
      const to = path === '' ? file : resolve(dirname(file), path);
      const where = `${name(file)}:${line}: link "${target}"`;
      if (!to.startsWith(ROOT) || !existsSync(to)) {
        problems.push(`${where} points at ${name(to)}, which does not exist`);
        continue;
      }
      if (fragment === undefined || fragment === '') continue;
      if (statSync(to).isDirectory() || !to.endsWith('.md')) {
        problems.push(`${where} has an anchor, but ${name(to)} is not a Markdown file`);
      } else if (!anchorsOf(to).has(decodeURIComponent(fragment).toLowerCase())) {
        problems.push(`${where}: ${name(to)} has no heading with the anchor #${fragment}`);
      }
    }
  }
  return problems;
}

describe('README.md and docs/', () => {
  it('finds the README and the docs pages', () => {
    expect(FILES.map(name)).toContain('README.md');
    expect(FILES.length).toBeGreaterThan(1);
  });

  it('closes every fenced code block, with no heading or table left inside one', () => {
    expect(FILES.flatMap((f) => scan(f).problems)).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    expect(FILES.flatMap(linkProblems)).toEqual([]);
  });

  it(`keeps the README within ${README_MAX_LINES} lines`, () => {
    const lines = linesOf(join(ROOT, 'README.md')).length;
    expect(lines, `README.md has ${lines} lines; move the detail into docs/`).toBeLessThanOrEqual(
      README_MAX_LINES,
    );
  });
});
