/**
 * The xlsx writer (`src/cli/xlsx.ts` on `src/cli/zip.ts`): workbooks read back with SheetJS, a
 * reader independent of the writer, and the zip container read back by hand with node:zlib (every
 * entry inflates to its recorded size and CRC-32). The commands' workbooks are checked cell by
 * cell in `workbench.test.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 as zlibCrc32, inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openOutput } from '../../src/cli/io.js';
import { columnName, openWorkbook, xmlText, type XlsxCell, type XlsxColumn } from '../../src/cli/xlsx.js';
import { crc32, ZipWriter } from '../../src/cli/zip.js';
import { tempDir } from './helpers.js';

let dir = '';
beforeAll(() => {
  dir = tempDir();
});

/** Writes a workbook of `sheets` to a file and returns its bytes. */
async function book(name: string, sheets: readonly [string, readonly XlsxColumn[], readonly (readonly XlsxCell[])[]][]): Promise<Buffer> {
  const path = join(dir, name);
  const out = openOutput(path);
  const workbook = await openWorkbook(out);
  for (const [sheetName, columns, rows] of sheets) {
    const sheet = workbook.addSheet(sheetName, columns);
    for (const row of rows) sheet.addRow(row);
    await workbook.drain();
  }
  await workbook.end();
  await out.end();
  return readFileSync(path);
}

/** The entries of a zip, read from its central directory: name → content, checked against the recorded sizes and CRC-32. */
function unzip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThanOrEqual(0);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const crc = bytes.readUInt32LE(at + 16);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const offset = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(bytes.readUInt32LE(offset)).toBe(0x04034b50);
    const data = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
    const content = inflateRawSync(bytes.subarray(data, data + compressed));
    expect([content.length, zlibCrc32(content)]).toEqual([size, crc]);
    // The data descriptor after the data says the same.
    expect([bytes.readUInt32LE(data + compressed), bytes.readUInt32LE(data + compressed + 4)]).toEqual([0x08074b50, crc]);
    entries.set(name, content);
    at += 46 + nameLength;
  }
  return entries;
}

describe('the zip container', () => {
  it('CRC-32 equals zlib’s on any bytes, in one piece or continued', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.nat(600), (bytes, cut) => {
        const at = Math.min(cut, bytes.length);
        expect(crc32(bytes)).toBe(zlibCrc32(bytes));
        expect(crc32(bytes.subarray(at), crc32(bytes.subarray(0, at)))).toBe(zlibCrc32(bytes));
      }),
    );
  });

  it('entries written in pieces inflate back to their bytes, whatever the pieces', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.array(fc.uint8Array({ maxLength: 3000 }), { maxLength: 5 })), { maxLength: 4 }),
        (files) => {
          const parts: Uint8Array[] = [];
          const zip = new ZipWriter((bytes) => parts.push(bytes));
          const expected = new Map<string, Buffer>();
          files.forEach(([name, pieces], i) => {
            const unique = `${i}/${name}`;
            zip.begin(unique);
            for (const piece of pieces) zip.add(piece);
            zip.end();
            expected.set(unique, Buffer.concat(pieces));
          });
          zip.finish();
          expect(unzip(Buffer.concat(parts))).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('xlsx', () => {
  const columns: XlsxColumn[] = [
    { header: 'texto', kind: 'text' },
    { header: 'importe', kind: 'amount' },
    { header: 'fecha', kind: 'date' },
    { header: 'plazo', kind: 'integer' },
  ];

  it('text of any kind reads back as written: markup, controls, spaces, escapes, formulas, emoji', async () => {
    const texts = [
      'a < b & "c" > \'d\'',
      'bell\u0007 nul\u0000 esc\u001b',
      '  spaces  ',
      'two\nlines\ttab',
      '_x0041_ stays',
      '=1+1',
      'año 🚗 ¿ü?',
      '\uFFFE',
    ];
    const bytes = await book('text.xlsx', [['Hoja & <1>', columns, texts.map((t) => [t, '1.00', '2026-01-31', 1])]]);
    const read = XLSX.read(bytes, { type: 'buffer', cellNF: true });
    expect(read.SheetNames).toEqual(['Hoja & <1>']);
    const sheet = read.Sheets['Hoja & <1>'] as XLSX.WorkSheet;
    texts.forEach((text, i) => {
      const cell = sheet[`A${i + 2}`] as XLSX.CellObject;
      expect([cell.t, cell.v, cell.f]).toEqual(['s', text, undefined]);
    });
  });

  it('each kind as its number, format and date; a 16-digit amount and an empty cell as Excel would have them', async () => {
    const bytes = await book('kinds.xlsx', [
      [
        'Datos',
        columns,
        [
          ['x', '10216.91', '2026-01-31', 36],
          ['y', '90071992547409.91', 'no es fecha', undefined],
          [true, { kind: 'rate', value: '16.8' }, { kind: 'dmyDate', value: '01/02/2026' }, { kind: 'tenth', value: '12.5' }],
        ],
      ],
    ]);
    const sheet = XLSX.read(bytes, { type: 'buffer', cellNF: true }).Sheets.Datos as XLSX.WorkSheet;
    const cell = (ref: string): unknown[] => {
      const c = sheet[ref] as XLSX.CellObject | undefined;
      return [c?.t, c?.v, c?.z, c?.w];
    };
    expect(cell('A1')).toEqual(['s', 'texto', 'General', 'texto']);
    expect(cell('B2')).toEqual(['n', 10216.91, '#,##0.00', '10,216.91']);
    expect(cell('C2')).toEqual(['n', 46053, 'yyyy-mm-dd', '2026-01-31']);
    expect(cell('D2')).toEqual(['n', 36, '0', '36']);
    expect(cell('B3').slice(0, 2)).toEqual(['s', '90071992547409.91']);
    expect(cell('C3').slice(0, 2)).toEqual(['s', 'no es fecha']);
    expect(sheet.D3).toBeUndefined();
    expect(cell('A4').slice(0, 2)).toEqual(['b', true]);
    expect(cell('B4')).toEqual(['n', 16.8, '0.00####', '16.80']);
    expect(cell('C4')).toEqual(['n', 46054, 'dd/mm/yyyy', '01/02/2026']);
    expect(cell('D4')).toEqual(['n', 12.5, '0.0', '12.5']);
    expect(sheet['!ref']).toBe('A1:D4');
  });

  it('sheets in order, header frozen, widths set; the zip is whole; the same rows give the same bytes', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`fila ${i}`, `${i}.25`, '2026-01-31', i]);
    const sheets: [string, XlsxColumn[], (string | number)[][]][] = [
      ['Uno', columns, rows],
      ['Dos', [{ header: 'solo', kind: 'text', width: 40 }], [['a'], ['b']]],
    ];
    const bytes = await book('two.xlsx', sheets);
    expect(await book('again.xlsx', sheets)).toEqual(bytes);
    const entries = unzip(bytes);
    expect([...entries.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    const second = entries.get('xl/worksheets/sheet2.xml')?.toString('utf8') ?? '';
    expect(second).toContain('state="frozen"');
    expect(second).toContain('<col min="1" max="1" width="40" customWidth="1"/>');
    const read = XLSX.read(bytes, { type: 'buffer' });
    expect(read.SheetNames).toEqual(['Uno', 'Dos']);
    const first = read.Sheets.Uno as XLSX.WorkSheet;
    expect(first['!ref']).toBe('A1:D3001');
    expect((first.A3001 as XLSX.CellObject).v).toBe('fila 2999');
    expect((first.B3001 as XLSX.CellObject).v).toBe(2999.25);
  });

  it('escapes and column names', () => {
    expect(xmlText('<a href="x">&amp;</a>')).toBe('&lt;a href="x"&gt;&amp;amp;&lt;/a&gt;');
    expect(
      ['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD'].map((_, i) => columnName([1, 26, 27, 52, 53, 702, 703, 16384][i] as number)),
    ).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });
});
