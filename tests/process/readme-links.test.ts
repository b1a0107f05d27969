import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is a front door with docs/ behind it: every relative link in README.md and docs/**\/*.md must
 * reach a file, and its #anchor a heading of that file (GitHub's heading ids).
 */
const root = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = (match[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

interface Link {
  file: string;
  target: string;
}

function relativeLinks(file: string): Link[] {
  const prose = proseOf(fs.readFileSync(file, 'utf8'));
  const links: Link[] = [];
  for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    links.push({ file, target });
  }
  return links;
}

const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
const links = files.flatMap(relativeLinks);

describe('links in README.md and docs/', () => {
  it('finds the front door and the guides behind it', () => {
    expect(files.map((file) => path.relative(root, file))).toEqual(
      expect.arrayContaining(['README.md', 'docs/owner-guide.md', 'docs/operations.md', 'docs/http-api.md']),
    );
    expect(links.length).toBeGreaterThan(20);
  });

  it('every relative link reaches a file, and its anchor a heading there', () => {
    const broken: string[] = [];
    for (const { file, target } of links) {
      const [rawPath = '', anchor] = target.split('#');
      const linkPath = decodeURIComponent(rawPath);
      const resolved = linkPath === '' ? file : path.resolve(path.dirname(file), linkPath);
      const where = `${path.relative(root, file)}: ${target}`;
      if (!fs.existsSync(resolved)) {
        broken.push(`${where} (no such file)`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !headingIds(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
        broken.push(`${where} (no heading #${anchor} in ${path.relative(root, resolved)})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps the README a five-minute read', () => {
    const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(250);
  });
});
