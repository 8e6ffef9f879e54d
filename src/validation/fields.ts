/**
 * TypeBox field builders shared by every schema in the library (the interface's shapes in
 * `contracts`, the tariff and data-file formats in the engines): one definition of each text
 * format, so every schema validates an amount or a code the same way.
 */
import { Type } from './type.js';
import { AMOUNT_PATTERN } from '../money/cents.js';

/**
 * Amount text: digits, optionally a dot and one or two decimals ("350000.00"); up to 11 integer digits.
 *
 * @example
 * ```ts
 * new RegExp(AMOUNT_TEXT).test('350000.5'); // true
 * ```
 */
export const AMOUNT_TEXT = AMOUNT_PATTERN.source;

/**
 * An amount in a request or a data file.
 *
 * @example
 * ```ts
 * import { Type } from '@sinclair/typebox';
 * const Schema = Type.Object({ enganche: amountField('Enganche') });
 * validateWith(Schema, { enganche: '70000.5' }).success; // true
 * validateWith(Schema, { enganche: '7e4' }).success; // false
 * ```
 */
export const amountField = (description: string) => Type.String({ pattern: AMOUNT_TEXT, maxLength: 14, description });

/**
 * A non-negative integer code.
 *
 * @example
 * ```ts
 * import { Type } from '@sinclair/typebox';
 * const Schema = Type.Object({ iva: codeField(99, 'IVA') });
 * validateWith(Schema, { iva: 16 }).success; // true
 * validateWith(Schema, { iva: 100 }).success; // false
 * ```
 */
export const codeField = (maximum: number, description: string) => Type.Integer({ minimum: 0, maximum, description });

/**
 * An amount in a response: an optional minus, digits, a dot and exactly two decimals.
 *
 * @example
 * ```ts
 * import { Type } from '@sinclair/typebox';
 * const Schema = Type.Object({ totalPagar: moneyField('Total a pagar') });
 * validateWith(Schema, { totalPagar: '10509.04' }).success; // true
 * validateWith(Schema, { totalPagar: '10509.0' }).success; // false (exactly two decimals)
 * ```
 */
export const moneyField = (description: string) => Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', description });
