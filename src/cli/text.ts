/** Plain-text tables for a terminal: columns padded to their widest cell, two spaces apart. */

/** A column of a text table: its header and how its cells align. */
export interface TextColumn {
  readonly header: string;
  readonly align: 'left' | 'right';
  /** Minimum width (for tables written row by row before every cell is known). */
  readonly width?: number;
}

/**
 * Pads one row's cells to the given widths.
 *
 * @example
 * ```ts
 * formatRow([{ header: 'n', align: 'right' }], [3], ['7']); // '  7\n'
 * ```
 */
export function formatRow(columns: readonly TextColumn[], widths: readonly number[], cells: readonly string[]): string {
  const out = cells.map((cell, i) => {
    const width = widths[i] ?? 0;
    return columns[i]?.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
  });
  return `${out.join('  ').trimEnd()}\n`;
}

/**
 * Header and rule lines for the given widths.
 *
 * @example
 * ```ts
 * formatHeader([{ header: 'n', align: 'right' }], [3]); // '  n\n---\n'
 * ```
 */
export function formatHeader(columns: readonly TextColumn[], widths: readonly number[]): string {
  return (
    formatRow(
      columns,
      widths,
      columns.map((c) => c.header),
    ) +
    formatRow(
      columns,
      widths,
      widths.map((w) => '-'.repeat(w)),
    )
  );
}

/**
 * A whole table: header, rule, rows.
 *
 * @example
 * ```ts
 * renderTable([{ header: 'plazo', align: 'right' }], [['12'], ['24']]); // 'plazo\n-----\n   12\n   24\n'
 * ```
 */
export function renderTable(columns: readonly TextColumn[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((c, i) => Math.max(c.width ?? 0, c.header.length, ...rows.map((r) => (r[i] ?? '').length)));
  return formatHeader(columns, widths) + rows.map((r) => formatRow(columns, widths, r)).join('');
}

/**
 * `label  value` lines with the labels padded to the widest.
 *
 * @example
 * ```ts
 * renderPairs([['payment', '10216.91'], ['CAT', '16.8 %']]); // '  payment  10216.91\n  CAT      16.8 %\n'
 * ```
 */
export function renderPairs(pairs: readonly (readonly [string, string])[]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `  ${label.padEnd(width)}  ${value}\n`).join('');
}
