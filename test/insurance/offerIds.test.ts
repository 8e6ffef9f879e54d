import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY_CONVENTIONS } from '../../src/insurance/conventions.js';
import { defaultTariff } from '../../src/insurance/defaultTariff.js';
import { loadTariff, type Tariff } from '../../src/insurance/tariff.js';
import { canonicalJson, fillUrlTemplate, offerId, offerIds, quoteId, tariffDigest, urlFiller } from '../../src/quotes/policy/offerId.js';
import type { PolicyOffer, PolicyRequest } from '../../src/contracts/policy.js';
import { quotePolicy, type PolicyOptions } from '../../src/quotes/quotePolicy.js';
import { QuoteError } from '../../src/errors/quoteError.js';
import { BASE, requestArb } from './helpers.js';

const START = '2026-01-31';
const ids = (solicitud: PolicyRequest, options: PolicyOptions = {}): string[] =>
  quotePolicy(solicitud, { fechaInicio: START, ...options }).listaSeguroAuto.map((o) => o.idCotizacion);
/** Every package of every insurer, 48 months financed: nine offers. */
const ALL: PolicyRequest = { ...BASE, idPaquete: 0, idAseguradora: 0, plazoFinanciado: 48 };

function quoteOrUndefined(solicitud: PolicyRequest, options: PolicyOptions): PolicyOffer[] | undefined {
  try {
    return quotePolicy(solicitud, options).listaSeguroAuto;
  } catch (error) {
    // A request the tariff does not rate; anything else is a failure.
    if (!(error instanceof QuoteError) || error.codigoError !== 'ERRNEG001') throw error;
    return undefined;
  }
}

describe('offer ids', () => {
  it('are sha256 of the canonical request and options followed by the offer identity (docs/insurance.md)', () => {
    const tariff = defaultTariff();
    const digest = tariffDigest(structuredClone(tariff), false);
    let checked = 0;
    fc.assert(
      fc.property(
        requestArb,
        fc.constantFrom<PolicyOptions['lifeBalance']>('declining', 'flat'),
        ({ solicitud, fechaInicio }, lifeBalance) => {
          const urlTemplate = 'https://x.example/{idCotizacion}?aseguradora={idAseguradora}&paquete={idPaquete}';
          const offers = quoteOrUndefined(solicitud, { fechaInicio, urlTemplate, lifeBalance });
          if (offers === undefined) return;
          const prefix = canonicalJson({
            solicitud,
            fechaInicio,
            tarifa: `${tariff.name}@${tariff.version}`,
            contenidoTarifa: digest,
            convenciones: { ...DEFAULT_POLICY_CONVENTIONS, urlTemplate, lifeBalance },
          });
          for (const { idCotizacion, urlCotizacion } of offers) {
            const query = new URL(urlCotizacion).searchParams;
            const identity = { idAseguradora: Number(query.get('aseguradora')), idPaquete: Number(query.get('paquete')) };
            expect(idCotizacion).toBe(offerId(prefix, identity, 24));
            checked++;
          }
        },
      ),
      { numRuns: 200 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it('take the life balances and idLength into the hash', () => {
    const lifeBalances = ['336000.00', '329000.00', '322000.00'];
    const [first] = quotePolicy(ALL, { fechaInicio: START, lifeBalances, conventions: { idLength: 40 } }).listaSeguroAuto;
    const prefix = canonicalJson({
      solicitud: ALL,
      fechaInicio: START,
      tarifa: `${defaultTariff().name}@${defaultTariff().version}`,
      contenidoTarifa: tariffDigest(defaultTariff(), true),
      convenciones: { ...DEFAULT_POLICY_CONVENTIONS, idLength: 40 },
      saldosVida: [33_600_000, 32_900_000, 32_200_000],
    });
    expect(first?.idCotizacion).toBe(offerId(prefix, { idAseguradora: 1, idPaquete: 1 }, 40));
  });

  it('are deterministic and distinct within a quote', () => {
    let quoted = 0;
    fc.assert(
      fc.property(requestArb, ({ solicitud, fechaInicio }) => {
        const a = quoteOrUndefined(solicitud, { fechaInicio })?.map((o) => o.idCotizacion);
        if (a === undefined) return;
        quoted++;
        expect(quotePolicy(structuredClone(solicitud), { fechaInicio }).listaSeguroAuto.map((o) => o.idCotizacion)).toEqual(a);
        // The same tariff as an unloaded copy: same content, same ids.
        const copy = structuredClone(defaultTariff()) as Tariff;
        expect(quotePolicy(solicitud, { fechaInicio, tariff: copy }).listaSeguroAuto.map((o) => o.idCotizacion)).toEqual(a);
        expect(new Set(a).size).toBe(a.length);
      }),
      { numRuns: 200 },
    );
    expect(quoted).toBeGreaterThan(100);
    expect(new Set(ids(ALL)).size).toBe(9);
  });

  it('change with every request field', () => {
    const base = ids(ALL);
    const changed: PolicyRequest[] = [
      { ...ALL, idAgencia: ALL.idAgencia + 1 },
      { ...ALL, idEstado: 1 },
      { ...ALL, idUsuario: 'vendedor-5' },
      { ...ALL, montoSumaAsegurada: '300000.01' },
      { ...ALL, enganche: '60000.01' },
      { ...ALL, plazoFinanciado: 47 },
      { ...ALL, codigoPostal: '25001' },
      { ...ALL, idFormaPago: 1 },
      { ...ALL, sumaAccesorio: '0.00' },
      { ...ALL, modelo: 2024 },
    ];
    for (const solicitud of changed) for (const id of ids(solicitud)) expect(base).not.toContain(id);
  });

  it('change with the start date, the tariff (version or content), the conventions and the life balances', () => {
    const base = ids(ALL);
    const tariff = defaultTariff();
    const figures = structuredClone(tariff) as { ivaRate: string };
    figures.ivaRate = '0.15';
    const variants: PolicyOptions[] = [
      { fechaInicio: '2026-02-01' },
      { tariff: loadTariff({ ...structuredClone(tariff), version: `${tariff.version}.1` }) },
      { tariff: figures as unknown as Tariff }, // same name@version, another figure
      { lifeBalance: 'flat' },
      { lifeBalances: ['336000.00'] },
      { lifeBalances: ['336000.00', '1.00'] },
      { urlTemplate: 'https://y.example/{idCotizacion}' },
      { conventions: { defaultPlazoMeses: 11 } },
      { conventions: { idVigenciaAnual: 1, idVigenciaMultianual: 3, defaultIdVigencia: 3 } },
    ];
    for (const options of variants) for (const id of ids(ALL, options)) expect(base).not.toContain(id);
    // idLength is a convention too: it changes the hash as well as the length.
    const long = ids(ALL, { conventions: { idLength: 64 } });
    expect(long.every((id) => /^[0-9a-f]{64}$/.test(id) && !base.includes(id.slice(0, 24)))).toBe(true);
  });

  it('follow an unloaded tariff edited between calls', () => {
    const mutable = structuredClone(defaultTariff()) as unknown as { insurers: { policyFee: string }[] };
    const before = ids(ALL, { tariff: mutable as unknown as Tariff });
    (mutable.insurers[0] as { policyFee: string }).policyFee = '551.00';
    const after = ids(ALL, { tariff: mutable as unknown as Tariff });
    for (const id of after) expect(before).not.toContain(id);
  });

  it('never hash a conventions value of another type: it is refused first, named (a bigint would make JSON.stringify throw)', () => {
    const weird = { conventions: { idVigenciaMultianual: 2n } } as unknown as PolicyOptions;
    expect(() => ids(ALL, weird)).toThrow(
      expect.objectContaining({ codigoError: 'ERRESQ005', valorIncorrecto: 'conventions.idVigenciaMultianual' }),
    );
  });
});

/** canonicalJson as first written (entries, filter, sort, map, join): the reference for the loops. */
function canonicalJsonReference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJsonReference).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJsonReference(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

describe('the portable SHA-256 (@noble/hashes)', () => {
  const sha256Hex = (...parts: string[]) => {
    const hash = createHash('sha256');
    for (const part of parts) hash.update(part, 'utf8');
    return hash.digest('hex');
  };

  it("gives node:crypto's digests for any text (non-ASCII and lone surrogates included), whole or continued", () => {
    const text = fc.string({ unit: 'binary', maxLength: 200 });
    fc.assert(
      fc.property(text, text, fc.integer({ min: 1, max: 64 }), (prefix, offer, length) => {
        expect(quoteId(prefix, length)).toBe(sha256Hex(canonicalJson(prefix)).slice(0, length));
        expect(offerId(prefix, offer, length)).toBe(sha256Hex(prefix, JSON.stringify(offer)).slice(0, length));
        const { idOf } = offerIds(prefix, length);
        // The shared state is copied, never consumed: the same id twice, then another.
        expect([idOf(offer), idOf(offer), idOf(`${offer}x`)]).toEqual([
          sha256Hex(prefix, offer).slice(0, length),
          sha256Hex(prefix, offer).slice(0, length),
          sha256Hex(prefix, `${offer}x`).slice(0, length),
        ]);
      }),
    );
    // Across block boundaries: 55, 56 and 64 bytes are where the padding changes.
    for (const size of [0, 55, 56, 63, 64, 65, 119, 120, 1000])
      expect(quoteId('a'.repeat(size), 64)).toBe(sha256Hex(JSON.stringify('a'.repeat(size))));
    expect(tariffDigest(defaultTariff(), false)).toBe(sha256Hex(canonicalJson(defaultTariff())));
  });
});

describe('canonicalJson', () => {
  it('writes what the entries/sort/join version wrote, for any value without bigints', () => {
    const value = fc.anything({ withBigInt: false, withSparseArray: true, withNullPrototype: true, withBoxedValues: true });
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(canonicalJsonReference(v));
      }),
      { numRuns: 2000 },
    );
    const holey: unknown[] = [undefined, () => 1];
    holey[3] = null; // a hole at 2
    const odd = [holey, { b: undefined, a: [undefined], ['\u00e9']: 1, ['\ud83d']: 2, z: 3 }];
    expect(canonicalJson(odd)).toBe(canonicalJsonReference(odd));
  });
});

describe('urlFiller', () => {
  it('fills as fillUrlTemplate does', () => {
    const piece = fc.constantFrom(
      '{idCotizacion}',
      '{idPaquete}',
      '{x}',
      '{',
      '}',
      '{}',
      'a/',
      '?q=',
      '{{idPaquete}}',
      '%',
      ' ',
      '{toString}',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }).map((p) => p.join('')),
        fc.string(),
        (template, value) => {
          const values = { idCotizacion: value, idPaquete: '2', idAseguradora: 'ñ' };
          expect(urlFiller(template)(values)).toBe(fillUrlTemplate(template, values));
        },
      ),
      { numRuns: 500 },
    );
  });
});
