import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scheduleChartSvg } from '../../src/entry/analysis.js';
import { escapeXml } from '../../src/analysis/chart.js';
import { quoteCredit, type CreditRequest } from '../../src/entry/credit.js';
import { parseXml, walk, type XmlElement } from './parsers.js';

const base = (JSON.parse(readFileSync('examples/autoestrene.json', 'utf8')) as { solicitud: CreditRequest }).solicitud;
const insured = (JSON.parse(readFileSync('examples/autoestrene-seguro.json', 'utf8')) as { solicitud: CreditRequest }).solicitud;

function group(root: XmlElement, id: string): XmlElement | undefined {
  return [...walk(root)].find((e) => e.name === 'g' && e.attributes.id === id);
}

describe('scheduleChartSvg', () => {
  it('is a well-formed SVG with the stacked series, the balance line, axes, title and legend', () => {
    const result = quoteCredit({ ...base, generaTablaPagos: true });
    const root = parseXml(scheduleChartSvg(result));
    expect(root.name).toBe('svg');
    expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(root.children[0]?.name).toBe('title');
    for (const id of ['capital', 'interes', 'iva'])
      expect(group(root, `series-${id}`)?.children.filter((c) => c.name === 'rect')).toHaveLength(result.plazo);
    // No insurance and no commission in the payments: those series are left out.
    expect(group(root, 'series-seguros')).toBeUndefined();
    expect(group(root, 'series-comision')).toBeUndefined();
    const line = group(root, 'series-saldo')?.children.find((c) => c.name === 'polyline');
    expect(line?.attributes.points?.split(' ')).toHaveLength(result.plazo + 1);
    for (const id of ['axis-left', 'axis-right', 'axis-bottom', 'legend']) expect(group(root, id)).toBeDefined();
    const legend = group(root, 'legend')
      ?.children.filter((c) => c.name === 'text')
      .map((c) => c.text);
    expect(legend).toEqual(['Capital', 'Interés', 'IVA', 'Saldo insoluto (eje derecho)']);
    // The bar tooltips carry the engine's amounts exactly.
    const first = group(root, 'series-capital')?.children[0]?.children[0]?.text;
    expect(first).toContain((result.registros[0]?.abonoCapital ?? '').replace(/\B(?=(\d{3})+\.)/g, ','));
  });

  it('stacks insurance when the payments carry it', () => {
    const result = quoteCredit({ ...insured, generaTablaPagos: true });
    const root = parseXml(scheduleChartSvg(result));
    const withInsurance = result.registros.filter((r) => r.seguroDanos !== '0.00').length;
    expect(withInsurance).toBeGreaterThan(0);
    expect(group(root, 'series-seguros')?.children.filter((c) => c.name === 'rect')).toHaveLength(withInsurance);
  });

  it('escapes the title and honours the size', () => {
    const result = quoteCredit({ ...base, generaTablaPagos: true });
    const title = `<Sedán> & "Hatch" 'S'`;
    const svg = scheduleChartSvg(result, { title, width: 640, height: 360 });
    const root = parseXml(svg);
    expect(root.children[0]?.text).toBe(title);
    expect(root.attributes.width).toBe('640');
    expect(escapeXml(title)).toBe('&lt;Sedán&gt; &amp; &quot;Hatch&quot; &apos;S&apos;');
  });

  it('stays well-formed for long and short terms and other periodicities', () => {
    for (const [plazo, periodicidad] of [
      [1, 'M'],
      [2, 'S'],
      [120, 'Q'],
      [360, 'M'],
    ] as const) {
      const result = quoteCredit({ ...base, plazo, periodicidad, generaTablaPagos: true });
      const root = parseXml(scheduleChartSvg(result));
      expect(
        group(root, 'series-capital')?.children.filter((c) => c.name === 'rect'),
        `${plazo} ${periodicidad}`,
      ).toHaveLength(plazo);
      const points = group(root, 'series-saldo')
        ?.children.find((c) => c.name === 'polyline')
        ?.attributes.points?.split(' ');
      expect(points).toHaveLength(plazo + 1);
    }
  });

  it('speaks the language it is given; Spanish by default', () => {
    const result = quoteCredit({ ...base, generaTablaPagos: true });
    const legend = (svg: string) =>
      group(parseXml(svg), 'legend')
        ?.children.filter((c) => c.name === 'text')
        .map((c) => c.text);
    expect(legend(scheduleChartSvg(result, { lang: 'en' }))).toEqual(['Capital', 'Interest', 'VAT', 'Outstanding balance (right axis)']);
    expect(parseXml(scheduleChartSvg(result, { lang: 'en' })).children[0]?.text).toBe(
      'Amortization: 280,000.00 over 36 payments, rate 13.50 %, CAT 16.8 % without VAT',
    );
    expect(parseXml(scheduleChartSvg(result)).children[0]?.text).toBe(
      'Amortización: 280,000.00 a 36 pagos, tasa 13.50 %, CAT 16.8 % sin IVA',
    );
  });

  it('needs the table', () => {
    const result = quoteCredit({ ...base, generaTablaPagos: false });
    expect(() => scheduleChartSvg(result)).toThrow(
      expect.objectContaining({ codigoError: 'ERRNEG001', valorIncorrecto: 'generaTablaPagos' }),
    );
  });
});
