/**
 * Issue 21, item 10: the línea de captura. The treasury's 20-digit line against the reference's
 * worked vector (`/work/shared/reference/linea-de-captura.md`) and an independent reading of its
 * algorithm; SAT's 20-character format; and the service's option (off by default).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLineaCaptura, readTreasuryLine, treasuryLine } from '../../src/documents/lineaCaptura.js';
import { samplePayments } from '../../src/documents/sample.js';
import { localizedMessage, QuoteError } from '../../src/errors/quoteError.js';
import type { PaymentRecord } from '../../src/contracts/taxpayer.js';
import { accessToken, json, post, testService } from '../service/helpers.js';

/** The reference's worked vector: servicio 01, March 2026, consecutivo 000123, expiry 2026-03-31, 1,234.56. */
const VECTOR = '01260300012349289208';

function refusal(check: () => void): QuoteError {
  try {
    check();
  } catch (error) {
    if (error instanceof QuoteError) return error;
    throw error;
  }
  throw new Error('accepted');
}

/** The check digits as the reference states them, written out independently: weights 11, 13, 17, 19, 23 from the right. */
function referenceCheck(first18: string): string {
  const weights = [11, 13, 17, 19, 23];
  const sum = [...first18].reverse().reduce((s, d, i) => s + Number(d) * (weights[i % 5] as number), 0);
  return String((sum % 97) + 1).padStart(2, '0');
}

describe('the treasury line (algoritmo 97)', () => {
  it('builds and reads the reference worked vector', () => {
    expect(
      treasuryLine({ servicio: '01', fechaOperacion: '2026-03', consecutivo: 123, vencimiento: '2026-03-31', importe: '1234.56' }),
    ).toBe(VECTOR);
    expect(readTreasuryLine(VECTOR)).toEqual({
      servicio: '01',
      fechaOperacion: '2603',
      consecutivo: '000123',
      vencimiento: '2026-03-31',
      importeCondensado: 9,
    });
  });

  it('validates on 2026-03-15 for 1,234.56; fails the amount for 1,234.57; has expired on 2026-04-01', () => {
    expect(() => checkLineaCaptura(VECTOR, 'treasury', { importe: '1234.56', fecha: '2026-03-15' })).not.toThrow();
    // The expiry day itself still pays.
    expect(() => checkLineaCaptura(VECTOR, 'treasury', { importe: '1234.56', fecha: '2026-03-31' })).not.toThrow();
    const amount = refusal(() => checkLineaCaptura(VECTOR, 'treasury', { importe: '1234.57', fecha: '2026-03-15' }));
    expect([amount.codigoError, amount.valorIncorrecto, amount.messageId]).toEqual(['ERRNEG001', 'lineaCaptura', 'lineaImporte']);
    const expired = refusal(() => checkLineaCaptura(VECTOR, 'treasury', { importe: '1234.56', fecha: '2026-04-01' }));
    expect([expired.codigoError, expired.valorIncorrecto]).toEqual(['ERRNEG001', 'lineaCaptura']);
    expect(expired.mensaje).toBe('La línea de captura venció el 2026-03-31');
    expect(localizedMessage(expired, 'en')).toBe('The lineaCaptura expired on 2026-03-31');
  });

  it('refuses, in order and each named, the length, a non-digit, the constant, the check digit and a condensed date that is no day', () => {
    const cases: [string, string, string][] = [
      [VECTOR.slice(0, 19), 'ERRESQ004', 'lineaTesoreriaFormato'],
      [`${VECTOR.slice(0, 19)}A`, 'ERRESQ005', 'lineaTesoreriaFormato'],
      [`${VECTOR.slice(0, 17)}3${referenceCheck(`${VECTOR.slice(0, 17)}3`)}`, 'ERRESQ005', 'lineaTesoreriaConstante'],
      [`${VECTOR.slice(0, 18)}09`, 'ERRESQ005', 'lineaDigitoVerificador'],
      // A transposition of two digits is caught by the check digit.
      [`10${VECTOR.slice(2)}`, 'ERRESQ005', 'lineaDigitoVerificador'],
      // Condensed 0059: (month 2, day 29) of 2013, which had no 29 February.
      [`012603000123005992${referenceCheck('012603000123005992')}`, 'ERRESQ005', 'lineaFechaCondensada'],
    ];
    for (const [line, code, id] of cases) {
      const error = refusal(() => checkLineaCaptura(line, 'treasury', {}, 'solicitud.lineaCaptura'));
      expect([error.codigoError, error.valorIncorrecto, error.messageId]).toEqual([code, 'solicitud.lineaCaptura', id]);
      expect(localizedMessage(error, 'en')).not.toBe(error.mensaje);
    }
  });

  it('round-trips every line it builds, its check digit the reference’s, and a changed digit never passes', () => {
    const parts = fc.record({
      servicio: fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')),
      fechaOperacion: fc
        .tuple(fc.integer({ min: 2013, max: 2039 }), fc.integer({ min: 1, max: 12 }))
        .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
      consecutivo: fc.integer({ min: 0, max: 999_999 }),
      vencimiento: fc
        .date({ min: new Date('2013-01-01T00:00:00Z'), max: new Date('2039-11-18T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      importe: fc
        .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 99 }))
        .map(([w, c]) => `${w}.${String(c).padStart(2, '0')}`),
      position: fc.integer({ min: 0, max: 19 }),
      delta: fc.integer({ min: 1, max: 9 }),
    });
    fc.assert(
      fc.property(parts, (p) => {
        const line = treasuryLine(p);
        expect(line).toMatch(/^\d{20}$/);
        expect(line.slice(18)).toBe(referenceCheck(line.slice(0, 18)));
        expect(readTreasuryLine(line).vencimiento).toBe(p.vencimiento);
        checkLineaCaptura(line, 'treasury', { importe: p.importe, fecha: p.vencimiento });
        const digit = (Number(line[p.position]) + p.delta) % 10;
        const changed = `${line.slice(0, p.position)}${digit}${line.slice(p.position + 1)}`;
        expect(() => checkLineaCaptura(changed, 'treasury', { importe: p.importe, fecha: p.vencimiento })).toThrow(QuoteError);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses parts it cannot write, naming each', () => {
    const good = { servicio: '01', fechaOperacion: '2026-03', consecutivo: 123, vencimiento: '2026-03-31', importe: '1234.56' };
    for (const [bad, field] of [
      [{ servicio: '1' }, 'servicio'],
      [{ fechaOperacion: '2026-13' }, 'fechaOperacion'],
      [{ consecutivo: 1_000_000 }, 'consecutivo'],
      [{ vencimiento: '2039-11-19' }, 'vencimiento'],
      [{ vencimiento: '2012-12-31' }, 'vencimiento'],
      [{ importe: '1234.5' }, 'importe'],
    ] as [Record<string, unknown>, string][]) {
      expect(refusal(() => treasuryLine({ ...good, ...bad } as typeof good)).valorIncorrecto).toBe(field);
    }
  });
});

describe("SAT's line and the free format", () => {
  it('takes 20 upper-case letters and digits; the length is ERRESQ004, another character ERRESQ005', () => {
    expect(() => checkLineaCaptura('042618JA760048890425', 'sat')).not.toThrow();
    expect(refusal(() => checkLineaCaptura('042618JA76004889042', 'sat')).codigoError).toBe('ERRESQ004');
    expect(refusal(() => checkLineaCaptura('042618JA760048890425X', 'sat')).codigoError).toBe('ERRESQ004');
    expect(refusal(() => checkLineaCaptura('042618ja760048890425', 'sat')).codigoError).toBe('ERRESQ005');
    // The free format (the sandbox's default) takes anything: the request's schema bounds it.
    expect(() => checkLineaCaptura('not even a line', 'free')).not.toThrow();
  });
});

describe('obtenerDocumento with config.lineaCaptura', () => {
  const paid: PaymentRecord = {
    ...(samplePayments()[0] as PaymentRecord),
    lineaCaptura: VECTOR,
    importe: '1234.56',
    fechaPago: '2026-03-15T10:30:00-06:00',
  };
  const lookup = (record: PaymentRecord) => async (line: string) => (line === record.lineaCaptura ? record : undefined);

  async function ask(config: Parameters<typeof testService>[0], lineaCaptura: string) {
    const service = testService(config);
    const res = await service.handle(
      post('/api/esb/ServiciosContribuyentes/obtenerDocumento', { lineaCaptura }, await accessToken(service)),
    );
    const body = json(res);
    return {
      status: res.status,
      code: body['codigoError'],
      field: body['detalles']?.valorIncorrecto,
      propiedad: body['detalles']?.propiedad,
    };
  }

  it('is off by default: the sandbox sample lines are free-form and still answered', async () => {
    // Any well-formed text is looked up: an unknown one is "not registered", not malformed.
    const unknown = await ask({}, VECTOR);
    expect([unknown.status, unknown.code, unknown.field]).toEqual([400, 'ERRNEG001', 'lineaCaptura']);
    expect((await ask({}, '0124ABCD5678EFGH9012')).status).toBe(200);
  });

  it("'treasury': a bad check digit is 400 ERRESQ005 naming lineaCaptura, before any lookup", async () => {
    let looked = 0;
    const documents = async () => {
      looked++;
      return undefined;
    };
    const bad = await ask({ lineaCaptura: 'treasury', documents }, `${VECTOR.slice(0, 18)}09`);
    expect([bad.status, bad.code, bad.field, bad.propiedad]).toEqual([
      400,
      'ERRESQ005',
      'lineaCaptura',
      'El dígito verificador de la línea de captura no corresponde',
    ]);
    expect(looked).toBe(0);
    // The sample's free-form line is not a treasury line.
    expect((await ask({ lineaCaptura: 'treasury' }, '0124ABCD5678EFGH9012')).status).toBe(400);
  });

  it("'treasury': the payment's amount and date are checked against the line (a payment after its expiry gets no receipt)", async () => {
    const late = { ...paid, fechaPago: '2026-04-01T09:00:00-06:00' };
    const refused = await ask({ lineaCaptura: 'treasury', documents: lookup(late) }, VECTOR);
    expect([refused.status, refused.code, refused.field, refused.propiedad]).toEqual([
      400,
      'ERRNEG001',
      'lineaCaptura',
      'La línea de captura venció el 2026-03-31',
    ]);
    const other = await ask({ lineaCaptura: 'treasury', documents: lookup({ ...paid, importe: '1234.57' }) }, VECTOR);
    expect([other.status, other.code, other.field]).toEqual([400, 'ERRNEG001', 'lineaCaptura']);
    expect((await ask({ lineaCaptura: 'treasury', documents: lookup(paid) }, VECTOR)).status).toBe(200);
  });

  it("'sat': a 21-character line is 400 ERRESQ004", async () => {
    const res = await ask({ lineaCaptura: 'sat' }, '0124ABCD5678EFGH90123');
    expect([res.status, res.code, res.field]).toEqual([400, 'ERRESQ004', 'lineaCaptura']);
    expect((await ask({ lineaCaptura: 'sat' }, '0124ABCD5678EFGH9012')).status).toBe(200);
  });
});
