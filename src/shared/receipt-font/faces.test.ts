import { describe, expect, it } from 'vitest';
import { faceCharacters, faceOf, receiptFaces, scriptFace, textKey } from './faces';

describe('which font draws a receipt', () => {
  it('keeps Helvetica for English in Latin-1 and Sarabun for Thai, as before', () => {
    expect(receiptFaces('en', ['2 x Coke', 'Rosé', '80 THB'])).toEqual({ primary: null, faces: [] });
    expect(receiptFaces('en', ['1 x น้ำ'])).toEqual({ primary: 'sarabun', faces: ['sarabun'] });
    expect(receiptFaces('th', ['ยอดรวม', 'Coke'])).toEqual({ primary: 'sarabun', faces: ['sarabun'] });
  });

  it('writes each guest language in its font and adds only the fonts of the other scripts it holds', () => {
    expect(receiptFaces('zh-Hans', ['总计', 'THB 80'])).toEqual({
      primary: 'noto-sans-sc',
      faces: ['noto-sans-sc'],
    });
    expect(receiptFaces('de', ['Gesamtbetrag', 'Jägermeister'])).toEqual({
      primary: 'noto-sans',
      faces: ['noto-sans'],
    });
    expect(receiptFaces('ko', ['총액', '1 x 可乐', '3 x Квас']).faces).toEqual([
      'noto-sans-kr',
      'noto-sans-sc',
      'noto-sans',
    ]);
    // English with a Cyrillic name: Noto Sans for the whole receipt, not Helvetica beside it.
    expect(receiptFaces('en', ['3 x Квас'])).toEqual({ primary: 'noto-sans', faces: ['noto-sans'] });
  });

  it('draws a letter with its script font, Latin-1 and digits with the receipt font', () => {
    expect(scriptFace('可'.codePointAt(0) ?? 0)).toBe('noto-sans-sc');
    expect(scriptFace('：'.codePointAt(0) ?? 0)).toBe('noto-sans-sc');
    expect(scriptFace('소'.codePointAt(0) ?? 0)).toBe('noto-sans-kr');
    expect(scriptFace('К'.codePointAt(0) ?? 0)).toBe('noto-sans');
    expect(scriptFace('№'.codePointAt(0) ?? 0)).toBe('noto-sans');
    expect(scriptFace('ä'.codePointAt(0) ?? 0)).toBeNull();
    expect(faceOf('noto-sans-kr', '7'.codePointAt(0) ?? 0)).toBe('noto-sans-kr');
  });
});

describe("a served font's characters", () => {
  it('hold Latin-1, the texts, and only the names letters the font draws, sorted and unique', () => {
    const chars = faceCharacters('noto-sans-sc', ['总计：总计'], ['可乐', 'Квас', '소주']);
    expect(chars).toContain('可');
    expect(chars).toContain('ß');
    expect(chars).not.toContain('К');
    expect(chars).not.toContain('소');
    expect([...chars].filter((c) => c === '总')).toHaveLength(1);
    expect(faceCharacters('noto-sans-sc', ['总计'], ['乐可'])).toBe(
      faceCharacters('noto-sans-sc', ['计总'], ['可乐']),
    );
  });

  it('key the same set the same way, and a new name differently', () => {
    const before = textKey(faceCharacters('noto-sans', [], ['Квас']));
    expect(textKey(faceCharacters('noto-sans', [], ['Квас']))).toBe(before);
    expect(textKey(faceCharacters('noto-sans', [], ['Квас', 'Боржоми']))).not.toBe(before);
  });
});
