/**
 * ATM data set validation: the schema (every stated constraint) plus the two checks a pattern
 * cannot express: LastUpdated is a real calendar instant, and coordinates are within ±90/±180.
 */
import { collectIssues, issue, type Issue, type ValidationResult } from '../validation/validate.js';
import { messageRef, renderMessage } from '../errors/catalog.js';
import { QuoteError } from '../errors/quoteError.js';
import { VALIDATION_MESSAGES } from '../validation/messages.js';
import { ATM_MESSAGES } from './messages.js';
import { AtmDatasetSchema, AtmListResponseSchema, type AtmDataset, type AtmListResponse } from '../contracts/atm.js';
import { parseDateTime } from '../dates/timestamps.js';

function semanticIssues(value: AtmDataset | AtmListResponse, lastUpdated: string, lastUpdatedPath: string): Issue[] {
  const issues: Issue[] = [];
  if (parseDateTime(lastUpdated) === undefined) {
    issues.push(issue('ERRESQ005', lastUpdatedPath));
  }
  value.data.forEach((group, g) => {
    group.Brand.forEach((brand, b) => {
      brand.ATM.forEach((atm, a) => {
        const coordinates = atm.Location.PostalAddress.GeoLocation?.GeographicCoordinates;
        if (coordinates === undefined) return;
        const base = `data[${g}].Brand[${b}].ATM[${a}].Location.PostalAddress.GeoLocation.GeographicCoordinates`;
        if (Math.abs(Number(coordinates.Latitude)) > 90) {
          issues.push(issue('ERRESQ004', `${base}.Latitude`));
        }
        if (Math.abs(Number(coordinates.Longitude)) > 180) {
          issues.push(issue('ERRESQ004', `${base}.Longitude`));
        }
      });
    });
  });
  return issues;
}

/**
 * Validates an ATM data set (`{ LastUpdated, data }`) and collects every issue with its path
 * (`data[0].Brand[1].ATM[3].ATMServices[0]`). The data is the same value, typed; nothing is
 * copied or coerced.
 *
 * @example
 * ```ts
 * validateAtmDataset({ LastUpdated: '2025-02-30T00:00:00Z', data: [] }); // (30 February)
 * // { success: false, issues: [{ code: 'ERRESQ005', path: 'LastUpdated', message: 'El tipo o el formato del campo no es válido', messageId: 'formatoInvalido' }] }
 * ```
 */
export function validateAtmDataset(value: unknown): ValidationResult<AtmDataset> {
  const issues = collectIssues(AtmDatasetSchema, value);
  if (issues.length > 0) return { success: false, issues };
  const dataset = value as AtmDataset;
  const semantic = semanticIssues(dataset, dataset.LastUpdated, 'LastUpdated');
  return semantic.length === 0 ? { success: true, data: dataset } : { success: false, issues: semantic };
}

/**
 * Validates a whole ATM list response (meta and data), with the same extra checks as
 * {@link validateAtmDataset} plus `meta.TotalResults` equal to the number of ATMs.
 *
 * @example
 * ```ts
 * const response = await createAtmApi({ public: true }).handle({ method: 'GET', path: '/open-banking/open-data/v2/atms', headers: {} });
 * validateAtmListResponse(JSON.parse(response!.body)).success; // true (for every 200 body of createAtmApi)
 * ```
 */
export function validateAtmListResponse(value: unknown): ValidationResult<AtmListResponse> {
  const issues = collectIssues(AtmListResponseSchema, value);
  if (issues.length > 0) return { success: false, issues };
  const response = value as AtmListResponse;
  const semantic = semanticIssues(response, response.meta.LastUpdated, 'meta.LastUpdated');
  const count = response.data.reduce((n, group) => n + group.Brand.reduce((m, brand) => m + brand.ATM.length, 0), 0);
  if (response.meta.TotalResults !== count) {
    semantic.push(issue('ERRESQ004', 'meta.TotalResults'));
  }
  return semantic.length === 0 ? { success: true, data: response } : { success: false, issues: semantic };
}

/**
 * Thrown by `createAtmApi` (and {@link assertAtmDataset}) for an invalid data set: a
 * {@link QuoteError} whose code and `valorIncorrecto` are the first issue's, its message the first
 * issue's (in the language it is rendered in), with every issue in `issues`.
 *
 * @example
 * ```ts
 * createAtmApi({ atms: { LastUpdated: 'ayer', data: [] } }); // throws AtmDatasetError ERRESQ005 'LastUpdated'
 * try {
 *   createAtmApi({ atms: { LastUpdated: 'ayer', data: [] } });
 * } catch (error) {
 *   (error as AtmDatasetError).issues.map((i) => i.path); // ['LastUpdated'] (every issue)
 *   (error as AtmDatasetError).mensaje; // 'Conjunto de datos de cajeros no válido: El tipo o el formato del campo no es válido'
 *   localizedMessage(error as AtmDatasetError, 'en'); // 'Invalid ATM data set: The type or format of the field is not valid'
 * }
 * ```
 */
export class AtmDatasetError extends QuoteError {
  /** Every issue found, each with its path. */
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[]) {
    const first = issues[0];
    // The first issue's own message, so an English rendering says it in English too.
    const detail =
      first === undefined ? messageRef(ATM_MESSAGES, 'sinDetalle') : messageRef(VALIDATION_MESSAGES, first.messageId, first.messageParams);
    const ref = messageRef(ATM_MESSAGES, 'atmDatasetInvalido', { detail });
    super(first?.code ?? 'ERRESQ005', renderMessage(ref, 'es'), first?.path, ref);
    this.name = 'AtmDatasetError';
    this.issues = Object.freeze([...issues]);
  }
}

/**
 * Throws an {@link AtmDatasetError} unless `value` is a valid ATM data set.
 *
 * @example
 * ```ts
 * assertAtmDataset(exampleAtmDataset()); // passes
 * ```
 */
export function assertAtmDataset(value: unknown): asserts value is AtmDataset {
  const result = validateAtmDataset(value);
  if (!result.success) throw new AtmDatasetError(result.issues);
}
