import { describe, expect, it } from 'vitest';
import { parseCsv, parseXml } from './parsers.js';

// The readers the other tests trust: they must reject what the standards reject.
describe('test readers', () => {
  it('parseCsv reads RFC 4180 and rejects bare LF and stray quotes', () => {
    expect(parseCsv('a,"b,""c"""\r\n,"x\r\ny"\r\n')).toEqual([
      ['a', 'b,"c"'],
      ['', 'x\r\ny'],
    ]);
    expect(() => parseCsv('a,b\n')).toThrow();
    expect(() => parseCsv('a"b\r\n')).toThrow();
    expect(() => parseCsv('"a\r\n')).toThrow();
  });

  it('parseXml accepts well-formed documents and rejects broken ones', () => {
    const root = parseXml('<?xml version="1.0"?>\n<svg a="1"><g id="x"><rect b=\'2\'/><title>a &amp; b</title></g></svg>\n');
    expect(root.name).toBe('svg');
    expect(root.children[0]?.children[1]?.text).toBe('a & b');
    for (const bad of [
      '<a><b></a></b>',
      '<a>x & y</a>',
      '<a x="1" x="2"/>',
      '<a><b></a>',
      '<a/><b/>',
      '<a x=1/>',
      '<a>1 < 2</a>',
      '<a>&bogus;</a>',
    ]) {
      expect(() => parseXml(bad), bad).toThrow();
    }
  });
});
