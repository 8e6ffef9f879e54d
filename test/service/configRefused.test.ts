/**
 * Issue 21, item 7: every setting of `createService` (the engines' options key by key, and every
 * setting `serve` passes on) is refused when the service is created, with ERRESQ005 naming the
 * key, never per request.
 */
import { describe, expect, it } from 'vitest';
import { loadServeSettings } from '../../src/cli/serveConfig.js';
import { DEFAULT_CREDIT_CONVENTIONS } from '../../src/credit/conventions.js';
import { localizedMessage, QuoteError } from '../../src/errors/quoteError.js';
import { DEFAULT_POLICY_CONVENTIONS } from '../../src/insurance/conventions.js';
import { defaultTariff } from '../../src/insurance/defaultTariff.js';
import type { ServiceConfig } from '../../src/service/config.js';
import { SETTING_KEYS } from '../../src/service/configSettings.js';
import { createService } from '../../src/service/service.js';
import { INSURED_PACKAGE } from '../helpers.js';
import { accessToken, CLIENT, CREDIT_BODY, json, NOW, POLICY_BODY, post, SECRET, testService } from './helpers.js';

const BASE: ServiceConfig = { clients: [CLIENT], tokenSecret: SECRET, now: () => NOW };

/** The error `createService` throws for `overrides` (fails the test when it creates the service). */
function refusal(overrides: Record<string, unknown>): QuoteError {
  try {
    createService({ ...BASE, ...overrides } as ServiceConfig);
  } catch (error) {
    if (error instanceof QuoteError) return error;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(overrides)}`);
}

function expectRefused(overrides: Record<string, unknown>, field: string): QuoteError {
  const error = refusal(overrides);
  expect([error.codigoError, error.valorIncorrecto]).toEqual(['ERRESQ005', field]);
  // Every refusal speaks both languages, each its own text.
  expect(localizedMessage(error, 'en')).not.toBe(localizedMessage(error, 'es'));
  return error;
}

/** A bad value for each credit convention (the key, its value). */
const BAD_CREDIT_CONVENTIONS: Record<keyof typeof DEFAULT_CREDIT_CONVENTIONS, unknown> = {
  periodicities: [],
  interestBasis: 'days364',
  catTimeBasis: 'months',
  defaultPeriodicidad: 'MM',
  defaultIva: 100,
  defaultFacturaConIva: 2,
  defaultPorcentajeEnganche: 101,
  defaultPorcentajeCredito: -1,
  rateGrid: 'none',
  externalInsuranceInCat: 'yes',
  commissionVat: 1,
  defaultProducto: 'MOTO',
  paymentTolerance: Number.NaN,
  businessDays: 'US',
  engancheTolerance: 0.5,
  insuredValue: 'list',
  insuranceIva: 'none',
  importeSegurosWithoutIndSeguro: 'ignore',
  plazoSeguroZero: 'never',
};

/** A bad value for each policy convention. */
const BAD_POLICY_CONVENTIONS: Record<keyof typeof DEFAULT_POLICY_CONVENTIONS, unknown> = {
  idVigenciaAnual: 0,
  idVigenciaMultianual: 10,
  defaultIdVigencia: '1',
  defaultPlazoMeses: 13,
  maxPlazoMesesAnual: 0,
  defaultIdFormaPago: 100,
  lifeBalance: 'linear',
  urlTemplate: '',
  idLength: 65,
};

describe('engineOptions.credit.conventions: each key checked at creation', () => {
  it('has a bad value for every key of the credit conventions', () => {
    expect(Object.keys(BAD_CREDIT_CONVENTIONS).sort()).toEqual(Object.keys(DEFAULT_CREDIT_CONVENTIONS).sort());
  });
  it.each(Object.entries(BAD_CREDIT_CONVENTIONS))('%s', (key, value) => {
    expectRefused({ engineOptions: { credit: { conventions: { [key]: value } } } }, `config.engineOptions.credit.conventions.${key}`);
  });
  it('refuses an unknown key and a defaultPeriodicidad the periodicities lack', () => {
    expectRefused(
      { engineOptions: { credit: { conventions: { interestBase: 'days360' } } } },
      'config.engineOptions.credit.conventions.interestBase',
    );
    expectRefused(
      { engineOptions: { credit: { conventions: { defaultPeriodicidad: 'B' } } } },
      'config.engineOptions.credit.conventions.defaultPeriodicidad',
    );
  });
});

describe('engineOptions.policy.conventions: each key checked at creation (they were never checked)', () => {
  it('has a bad value for every key of the policy conventions', () => {
    expect(Object.keys(BAD_POLICY_CONVENTIONS).sort()).toEqual(Object.keys(DEFAULT_POLICY_CONVENTIONS).sort());
  });
  it.each(Object.entries(BAD_POLICY_CONVENTIONS))('%s', (key, value) => {
    expectRefused({ engineOptions: { policy: { conventions: { [key]: value } } } }, `config.engineOptions.policy.conventions.${key}`);
    // The same conventions inside a credit's insured packages.
    expectRefused(
      { engineOptions: { credit: { policy: { conventions: { [key]: value } } } } },
      `config.engineOptions.credit.policy.conventions.${key}`,
    );
  });
  it('refuses an unknown key, and conventions that contradict each other', () => {
    expectRefused({ engineOptions: { policy: { conventions: { idLenght: 32 } } } }, 'config.engineOptions.policy.conventions.idLenght');
    expectRefused({ engineOptions: { policy: { conventions: 'flat' } } }, 'config.engineOptions.policy.conventions');
    expectRefused(
      { engineOptions: { policy: { conventions: { idVigenciaAnual: 2, idVigenciaMultianual: 2 } } } },
      'config.engineOptions.policy.conventions.idVigenciaMultianual',
    );
    expectRefused(
      { engineOptions: { policy: { conventions: { defaultIdVigencia: 3 } } } },
      'config.engineOptions.policy.conventions.defaultIdVigencia',
    );
    expectRefused(
      { engineOptions: { policy: { conventions: { maxPlazoMesesAnual: 6 } } } },
      'config.engineOptions.policy.conventions.defaultPlazoMeses',
    );
  });
});

describe('engineOptions: every other key checked at creation', () => {
  it.each([
    [{ engineOptions: 'fast' }, 'config.engineOptions'],
    [{ engineOptions: { atm: {} } }, 'config.engineOptions.atm'],
    [{ engineOptions: { credit: [] } }, 'config.engineOptions.credit'],
    // The service sets the opening date (today's): a fixed one would be ignored, so it is refused.
    [{ engineOptions: { credit: { fechaApertura: '2026-01-31' } } }, 'config.engineOptions.credit.fechaApertura'],
    [{ engineOptions: { credit: { fechaInicio: '2026-02-30' } } }, 'config.engineOptions.credit.fechaInicio'],
    [{ engineOptions: { credit: { firstPaymentDate: 20260301 } } }, 'config.engineOptions.credit.firstPaymentDate'],
    [{ engineOptions: { credit: { prepayments: { period: 12 } } } }, 'config.engineOptions.credit.prepayments'],
    [{ engineOptions: { credit: { anualidades: 'yearly' } } }, 'config.engineOptions.credit.anualidades'],
    [{ engineOptions: { credit: { promotions: {} } } }, 'config.engineOptions.credit.promotions'],
    [{ engineOptions: { credit: { periodicCharges: '350.00' } } }, 'config.engineOptions.credit.periodicCharges'],
    [{ engineOptions: { credit: { balloon: '30%' } } }, 'config.engineOptions.credit.balloon'],
    [{ engineOptions: { credit: { grace: 2 } } }, 'config.engineOptions.credit.grace'],
    [{ engineOptions: { credit: { deferral: [] } } }, 'config.engineOptions.credit.deferral'],
    [{ engineOptions: { credit: { balanceInsurance: 0.5 } } }, 'config.engineOptions.credit.balanceInsurance'],
    [{ engineOptions: { credit: { tariff: { insurers: [] } } } }, 'config.engineOptions.credit.tariff.name'],
    [{ engineOptions: { credit: { policy: { lifeBalance: 'flat', tipo: 1 } } } }, 'config.engineOptions.credit.policy.tipo'],
    [{ engineOptions: { policy: { fechaInicio: '2026-01-31' } } }, 'config.engineOptions.policy.fechaInicio'],
    [{ engineOptions: { policy: { tariff: defaultTariff() } } }, 'config.engineOptions.policy.tariff'],
    [{ engineOptions: { policy: { urlTemplate: 42 } } }, 'config.engineOptions.policy.urlTemplate'],
    [{ engineOptions: { policy: { lifeBalance: 'linear' } } }, 'config.engineOptions.policy.lifeBalance'],
    [{ engineOptions: { policy: { lifeBalances: ['mil'] } } }, 'config.engineOptions.policy.lifeBalances[0]'],
    [{ tariff: { ...defaultTariff(), limits: { ...defaultTariff().limits, maxSumInsured: '-1' } } }, 'config.tariff.limits.maxSumInsured'],
  ] as [Record<string, unknown>, string][])('%j', (overrides, field) => {
    expectRefused(overrides, field);
  });

  it('accepts good options and applies them to every request', async () => {
    const service = testService({
      engineOptions: {
        credit: { conventions: { commissionVat: false, businessDays: 'MX' }, policy: { lifeBalance: 'flat' } },
        policy: { urlTemplate: 'https://q.example/{idCotizacion}', conventions: { idLength: 32 } },
      },
    });
    const token = await accessToken(service);
    const policy = json(await service.handle(post('/api/esb/Cotizador/v1/SegAutoVendor', POLICY_BODY, token)));
    const offer = policy['resultado'].listaSeguroAuto[0];
    expect(offer.idCotizacion).toHaveLength(32);
    expect(offer.urlCotizacion).toBe(`https://q.example/${offer.idCotizacion}`);
    const credit = await service.handle(post('/api/esb/Cotizador/v1/AutoEstrene', CREDIT_BODY, token));
    expect(credit.status).toBe(200);
  });

  it('prices a credit’s insured packages with config.tariff, as the policy quote (it used the default tariff)', async () => {
    const tariff = structuredClone(defaultTariff());
    (tariff.insurers[0] as { policyFee: string }).policyFee = '9999.00';
    const insured = { solicitud: { ...CREDIT_BODY.solicitud, plazo: 36, tipoSeguro: 1, informacionSeguro: INSURED_PACKAGE } };
    const answer = async (config: Partial<ServiceConfig>) => {
      const service = testService(config);
      return service.handle(post('/api/esb/Cotizador/v1/AutoEstrene', insured, await accessToken(service)));
    };
    const byDefault = await answer({});
    const withTariff = await answer({ tariff });
    expect(byDefault.status).toBe(200);
    expect(withTariff.status).toBe(200);
    expect(json(withTariff)['resultado'].totalPagar).not.toBe(json(byDefault)['resultado'].totalPagar);
  });
});

describe('every setting of the service (what serve passes on) checked at creation', () => {
  it('knows every key of ServiceConfig, and no other (the compiler holds this list to the interface)', () => {
    const every: { readonly [Key in keyof Required<ServiceConfig>]: true } = {
      clients: true,
      tokenSecret: true,
      tokenKeys: true,
      tokenIssuer: true,
      tokenAudience: true,
      clockSkewSeconds: true,
      tokenTtlSeconds: true,
      maxTokenTtlSeconds: true,
      now: true,
      folio: true,
      helpUrl: true,
      maxHeaderBytes: true,
      maxBodyBytes: true,
      maxFormBytes: true,
      maxFormFields: true,
      requestTimeoutMs: true,
      rateLimit: true,
      authFailureLimit: true,
      switches: true,
      engineOptions: true,
      tariff: true,
      atms: true,
      atmsPublic: true,
      documents: true,
      receiptIssuer: true,
      lineaCaptura: true,
      onWarning: true,
      observer: true,
      metrics: true,
      draining: true,
      cors: true,
      trustProxy: true,
    };
    expect([...SETTING_KEYS].sort()).toEqual(Object.keys(every).sort());
  });

  it.each([
    ['clients', 'everyone', 'config.clients'],
    ['tokenSecret', 'short', 'config.tokenSecret'],
    ['tokenKeys', { privateKey: 'not a key' }, 'config.tokenKeys'],
    ['tokenIssuer', '', 'config.tokenIssuer'],
    ['tokenAudience', 'a'.repeat(201), 'config.tokenAudience'],
    ['clockSkewSeconds', 301, 'config.clockSkewSeconds'],
    ['tokenTtlSeconds', 0, 'config.tokenTtlSeconds'],
    ['maxTokenTtlSeconds', 86_401, 'config.maxTokenTtlSeconds'],
    ['now', new Date(), 'config.now'],
    ['folio', 'f-1', 'config.folio'],
    ['helpUrl', '', 'config.helpUrl'],
    ['maxHeaderBytes', 0, 'config.maxHeaderBytes'],
    ['maxBodyBytes', 1.5, 'config.maxBodyBytes'],
    ['maxFormBytes', -1, 'config.maxFormBytes'],
    ['maxFormFields', '8', 'config.maxFormFields'],
    ['requestTimeoutMs', 0, 'config.requestTimeoutMs'],
    ['rateLimit', { capacity: 0, refillPerSecond: 1 }, 'config.rateLimit'],
    ['authFailureLimit', { perClient: { capacity: -1, refillPerSecond: 1 } }, 'config.authFailureLimit.perClient'],
    ['switches', { off: ['quoter', 'atms'] }, 'config.switches'],
    ['atmsPublic', 'yes', 'config.atmsPublic'],
    ['documents', new Map(), 'config.documents'],
    ['receiptIssuer', { nombre: 'Banco' }, 'config.receiptIssuer'],
    ['lineaCaptura', 'bank', 'config.lineaCaptura'],
    ['onWarning', 'console', 'config.onWarning'],
    ['tokenTTLSeconds', 60, 'config.tokenTTLSeconds'],
  ] as [string, unknown, string][])('%s', (key, value, field) => {
    const error = refusal({ [key]: value });
    expect(error.codigoError).toBe('ERRESQ005');
    expect(error.valorIncorrecto?.startsWith(field)).toBe(true);
  });

  it('refuses a malformed ATM data set at creation too (its own error, every issue listed)', () => {
    expect(() => createService({ ...BASE, atms: { data: 'none' } })).toThrow();
  });
});

describe('serve passes its settings on to be checked at creation', () => {
  it('COTIZADOR_LINEA_CAPTURA: read as given, refused by createService naming config.lineaCaptura', () => {
    const env = { COTIZADOR_TOKEN_SECRET: SECRET, COTIZADOR_LINEA_CAPTURA: 'treasury' };
    expect(createService(loadServeSettings({}, env).service)).toBeDefined();
    const bad = loadServeSettings({}, { ...env, COTIZADOR_LINEA_CAPTURA: 'banco' }).service;
    expect(() => createService(bad)).toThrow(expect.objectContaining({ codigoError: 'ERRESQ005', valorIncorrecto: 'config.lineaCaptura' }));
  });
});
