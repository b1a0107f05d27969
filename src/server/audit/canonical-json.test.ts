import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth by UTF-16 code units, whatever order they came in', () => {
    const a = { total: 150, bungalow: 7, lines: [{ unitPrice: 50, drinkId: 1 }], Zed: true, é: 1, a: null };
    expect(canonicalJson(a)).toBe(
      '{"Zed":true,"a":null,"bungalow":7,"lines":[{"drinkId":1,"unitPrice":50}],"total":150,"é":1}',
    );
    // The same object with its keys already in order gives the same text.
    const b = { Zed: true, a: null, bungalow: 7, lines: [{ drinkId: 1, unitPrice: 50 }], total: 150, é: 1 };
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    // Integer-like keys sort as text, not as numbers.
    expect(canonicalJson({ 2: 'b', 10: 'a', x: 1 })).toBe('{"10":"a","2":"b","x":1}');
  });

  it('writes values as JSON.stringify does', () => {
    expect(canonicalJson({ s: 'say "hi"\n', q: 'ไทย' })).toBe('{"q":"ไทย","s":"say \\"hi\\"\\n"}');
    expect(canonicalJson([0, -0, 1.5, 1e21, -3, Number.NaN, Number.POSITIVE_INFINITY])).toBe(
      '[0,0,1.5,1e+21,-3,null,null]',
    );
    expect(canonicalJson({ yes: true, no: false, none: null })).toBe('{"no":false,"none":null,"yes":true}');
    expect(canonicalJson('plain')).toBe('"plain"');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('drops undefined values in objects and writes them as null in arrays', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson({ a: undefined })).toBe('{}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
  });

  it('quotes a key that needs escaping, every time it meets it', () => {
    const key = 'a "quoted" key';
    expect(canonicalJson({ [key]: 1 })).toBe('{"a \\"quoted\\" key":1}');
    expect(canonicalJson({ [key]: 2 })).toBe('{"a \\"quoted\\" key":2}');
  });
});
