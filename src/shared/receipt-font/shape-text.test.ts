import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sarabunRegular } from './sarabun.generated';
import { shapeText } from './shape-text';

describe('shapeText', () => {
  it('is what scripts/build-receipt-font.ts makes, and lays out every Thai cluster as HarfBuzz does', () => {
    // The script shapes each consonant with each sequence of marks with HarfBuzz and compares glyph for
    // glyph, position for position, with shape-text.ts; --check also fails when the committed module is stale.
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/build-receipt-font.ts', '--check'],
      {
        encoding: 'utf8',
      },
    );
    expect(output).toContain('up to date');
  });

  it('puts a tone mark above an upper vowel, not on it', () => {
    const [cluster] = shapeText(sarabunRegular, 'กิ่').clusters;
    const [, vowel, tone] = cluster?.glyphs ?? [];
    expect(tone?.y).not.toBe(vowel?.y);
    expect(cluster?.text).toBe('กิ่');
  });

  it('keeps each cluster’s text for extraction, marking those its glyphs do not spell', () => {
    const { clusters } = shapeText(sarabunRegular, 'น้ำ ที่');
    expect(clusters.map((cluster) => cluster.text)).toEqual(['น้ำ', ' ', 'ที่']);
    // ำ is drawn as the ring (joined with the tone mark) and า.
    expect(clusters[0]?.readsAsText).toBe(false);
    expect(clusters[2]?.readsAsText).toBe(true);
  });

  it('draws a character the font lacks as a question mark, keeping the text', () => {
    const { clusters } = shapeText(sarabunRegular, '😀');
    expect(clusters[0]?.text).toBe('😀');
    expect(clusters[0]?.readsAsText).toBe(false);
  });
});
