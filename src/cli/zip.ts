/**
 * A zip archive written as it grows (what an xlsx workbook is): each entry's bytes are deflated
 * in blocks by node:zlib as they come and handed to a sink, sizes and CRC-32 follow each entry in
 * a data descriptor, and the central directory closes the archive. No dependency: node:zlib
 * compresses, the container is ~100 lines of APPNOTE (PKWARE's zip specification). Every entry is
 * dated 1980-01-01 (zip's epoch), so the same content always gives the same bytes.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { inputError } from './errors.js';

/** CRC-32 (IEEE 802.3, the zip and PNG checksum), one table of the 256 byte remainders. */
const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/**
 * The CRC-32 of `bytes` continued from `crc` (0 to start).
 *
 * @example
 * ```ts
 * crc32(new TextEncoder().encode('123456789')).toString(16); // 'cbf43926'
 * crc32(new TextEncoder().encode('6789'), crc32(new TextEncoder().encode('12345'))).toString(16); // 'cbf43926'
 * ```
 */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

/** The largest size or offset a zip without its 64-bit extension records. */
const MAX_32 = 0xffff_ffff;
/** Version needed to extract: 2.0 (deflate, data descriptors). */
const VERSION = 20;
/** Flags: sizes and CRC in a data descriptor (bit 3), names in UTF-8 (bit 11). */
const FLAGS = 0x0808;
const DEFLATE = 8;
/** 1980-01-01 00:00:00 in MS-DOS date and time. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const DOS_TIME = 0;
/** A raw deflate stream's last block: empty, fixed Huffman codes, BFINAL set. */
const FINAL_BLOCK = Uint8Array.of(0x03, 0x00);

interface Entry {
  readonly name: Uint8Array;
  readonly offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** Little-endian fields, as zip writes every number. */
function record(fields: readonly (readonly [number, 2 | 4])[], name?: Uint8Array): Uint8Array {
  const length = fields.reduce((sum, [, width]) => sum + width, 0);
  const bytes = new Uint8Array(length + (name?.length ?? 0));
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const [value, width] of fields) {
    if (width === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += width;
  }
  if (name !== undefined) bytes.set(name, at);
  return bytes;
}

/**
 * Writes a zip archive to `sink`, one entry at a time: `begin`, any number of `add`, `end`;
 * `finish` writes the central directory. An entry or an archive past 4 GiB (this writer does not
 * write zip64) is a `CliError` (exit 1), thrown before a wrong size is written.
 *
 * @example
 * ```ts
 * const parts: Uint8Array[] = [];
 * const zip = new ZipWriter((bytes) => parts.push(bytes));
 * zip.file('hello.txt', new TextEncoder().encode('hello'));
 * zip.finish();
 * new TextDecoder().decode(parts[0]?.subarray(0, 2)); // 'PK'
 * parts.length; // 6 (local header, data, last block, data descriptor, directory, its end)
 * ```
 */
export class ZipWriter {
  readonly #sink: (bytes: Uint8Array) => void;
  readonly #level: number;
  readonly #entries: Entry[] = [];
  #offset = 0;
  #open: Entry | undefined;

  /** `level`: deflate's compression level (1, fastest, by default). */
  constructor(sink: (bytes: Uint8Array) => void, level = 1) {
    this.#sink = sink;
    this.#level = level;
  }

  #emit(bytes: Uint8Array): void {
    this.#offset += bytes.length;
    if (this.#offset > MAX_32) throw inputError('xlsxExcede', { limit: '4 GiB' });
    this.#sink(bytes);
  }

  /** Starts the entry `name` (the one before must be ended). */
  begin(name: string): void {
    this.end();
    const entry: Entry = { name: new TextEncoder().encode(name), offset: this.#offset, crc: 0, compressed: 0, size: 0 };
    this.#emit(
      record(
        [
          [0x04034b50, 4],
          [VERSION, 2],
          [FLAGS, 2],
          [DEFLATE, 2],
          [DOS_TIME, 2],
          [DOS_DATE, 2],
          [0, 4], // CRC-32, compressed size and size: in the data descriptor
          [0, 4],
          [0, 4],
          [entry.name.length, 2],
          [0, 2],
        ],
        entry.name,
      ),
    );
    this.#entries.push(entry);
    this.#open = entry;
  }

  /**
   * Adds bytes to the open entry, deflated now as blocks of their own (a sync flush ends each), so
   * nothing is held between calls: give it pieces of a few hundred KiB for a good ratio.
   */
  add(data: Uint8Array): void {
    const entry = this.#open;
    if (entry === undefined || data.length === 0) return;
    entry.crc = crc32(data, entry.crc);
    entry.size += data.length;
    if (entry.size > MAX_32) throw inputError('xlsxExcede', { limit: '4 GiB' });
    const deflated = deflateRawSync(data, { level: this.#level, finishFlush: constants.Z_SYNC_FLUSH });
    entry.compressed += deflated.length;
    this.#emit(new Uint8Array(deflated.buffer, deflated.byteOffset, deflated.length));
  }

  /** Ends the open entry (if any): the deflate stream's last block, then the data descriptor. */
  end(): void {
    const entry = this.#open;
    if (entry === undefined) return;
    this.#open = undefined;
    entry.compressed += FINAL_BLOCK.length;
    this.#emit(FINAL_BLOCK);
    this.#emit(
      record([
        [0x08074b50, 4],
        [entry.crc, 4],
        [entry.compressed, 4],
        [entry.size, 4],
      ]),
    );
  }

  /** One whole entry. */
  file(name: string, data: Uint8Array): void {
    this.begin(name);
    this.add(data);
    this.end();
  }

  /** Ends the open entry and writes the central directory: the archive is complete. */
  finish(): void {
    this.end();
    const start = this.#offset;
    for (const entry of this.#entries) {
      this.#emit(
        record(
          [
            [0x02014b50, 4],
            [VERSION, 2], // made by: MS-DOS attributes, version 2.0
            [VERSION, 2],
            [FLAGS, 2],
            [DEFLATE, 2],
            [DOS_TIME, 2],
            [DOS_DATE, 2],
            [entry.crc, 4],
            [entry.compressed, 4],
            [entry.size, 4],
            [entry.name.length, 2],
            [0, 2], // extra field
            [0, 2], // comment
            [0, 2], // disk
            [0, 2], // internal attributes
            [0, 4], // external attributes
            [entry.offset, 4],
          ],
          entry.name,
        ),
      );
    }
    this.#emit(
      record([
        [0x06054b50, 4],
        [0, 2],
        [0, 2],
        [this.#entries.length, 2],
        [this.#entries.length, 2],
        [this.#offset - start, 4],
        [start, 4],
        [0, 2],
      ]),
    );
  }
}
