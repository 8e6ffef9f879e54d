/**
 * ILLUSTRATIVE tariff. No Mexican insurer publishes its auto tariff: these figures are invented,
 * only realistic in magnitude (Amplia ≈ 4–5% of the sum insured a year for a private sedan,
 * policy fees 500–600, fractional surcharges 3–9.5%, life 0.45–0.60 per thousand a month), and
 * the insurers are fictitious. Never quote a customer with it: pass a real tariff through
 * `options.tariff` (see `docs/insurance.md`).
 */
import { loadTariff, type Tariff } from './tariff.js';

type Coverage = Tariff['insurers'][number]['packages'][number]['coverages'][number];

/** Third-party liability, legal defence and road assistance: in every package. */
function liability(rcLimit: string): Coverage[] {
  return [
    { name: 'Responsabilidad civil por daños a terceros', sumInsured: rcLimit, deductible: 'no aplica' },
    { name: 'Defensa legal', sumInsured: 'amparada', deductible: 'no aplica' },
    { name: 'Asistencia vial', sumInsured: 'amparada', deductible: 'no aplica' },
  ];
}

const THEFT: Coverage = { name: 'Robo total', sumInsured: 'valor de reposición del año', deductible: '10%' };
const DAMAGE: Coverage = { name: 'Daños materiales', sumInsured: 'valor de reposición del año', deductible: '5%' };
const medical = (limit: string): Coverage => ({ name: 'Gastos médicos a ocupantes', sumInsured: limit, deductible: 'no aplica' });

const STATES: Tariff['zones']['states'] = [
  { cveEntidadFederativa: 1, name: 'Aguascalientes', factor: '0.95' },
  { cveEntidadFederativa: 2, name: 'Baja California', factor: '1.05' },
  { cveEntidadFederativa: 3, name: 'Baja California Sur', factor: '0.90' },
  { cveEntidadFederativa: 4, name: 'Campeche', factor: '0.85' },
  { cveEntidadFederativa: 5, name: 'Coahuila', factor: '1.00' },
  { cveEntidadFederativa: 6, name: 'Colima', factor: '1.00' },
  { cveEntidadFederativa: 7, name: 'Chiapas', factor: '0.95' },
  { cveEntidadFederativa: 8, name: 'Chihuahua', factor: '1.00' },
  { cveEntidadFederativa: 9, name: 'Ciudad de México', factor: '1.20' },
  { cveEntidadFederativa: 10, name: 'Durango', factor: '0.95' },
  { cveEntidadFederativa: 11, name: 'Guanajuato', factor: '1.05' },
  { cveEntidadFederativa: 12, name: 'Guerrero', factor: '1.05' },
  { cveEntidadFederativa: 13, name: 'Hidalgo', factor: '1.05' },
  { cveEntidadFederativa: 14, name: 'Jalisco', factor: '1.15' },
  { cveEntidadFederativa: 15, name: 'México', factor: '1.30' },
  { cveEntidadFederativa: 16, name: 'Michoacán', factor: '1.10' },
  { cveEntidadFederativa: 17, name: 'Morelos', factor: '1.10' },
  { cveEntidadFederativa: 18, name: 'Nayarit', factor: '0.95' },
  { cveEntidadFederativa: 19, name: 'Nuevo León', factor: '1.10' },
  { cveEntidadFederativa: 20, name: 'Oaxaca', factor: '0.95' },
  { cveEntidadFederativa: 21, name: 'Puebla', factor: '1.10' },
  { cveEntidadFederativa: 22, name: 'Querétaro', factor: '0.95' },
  { cveEntidadFederativa: 23, name: 'Quintana Roo', factor: '1.00' },
  { cveEntidadFederativa: 24, name: 'San Luis Potosí', factor: '1.00' },
  { cveEntidadFederativa: 25, name: 'Sinaloa', factor: '1.10' },
  { cveEntidadFederativa: 26, name: 'Sonora', factor: '1.00' },
  { cveEntidadFederativa: 27, name: 'Tabasco', factor: '1.05' },
  { cveEntidadFederativa: 28, name: 'Tamaulipas', factor: '1.10' },
  { cveEntidadFederativa: 29, name: 'Tlaxcala', factor: '1.05' },
  { cveEntidadFederativa: 30, name: 'Veracruz', factor: '1.05' },
  { cveEntidadFederativa: 31, name: 'Yucatán', factor: '0.85' },
  { cveEntidadFederativa: 32, name: 'Zacatecas', factor: '0.95' },
];

/**
 * The library's default tariff: ILLUSTRATIVE figures (`illustrative: true`), three fictitious
 * insurers with the three standard packages each (1 Amplia, 2 Limitada, 3 Responsabilidad Civil).
 * Deep-frozen and validated at load. Vehicle keys: 1001–1003 automóvil, 2001–2002 camioneta,
 * 3001 pick-up. Unit types 1 automóvil, 2 camioneta, 3 pick-up; uses 1 particular, 2 comercial
 * (rated for pick-ups only; insurer 3 does not rate it).
 *
 * @example
 * ```ts
 * DEFAULT_TARIFF.illustrative; // true
 * DEFAULT_TARIFF.insurers.map((i) => i.name); // ['Aseguradora Ilustrativa Alfa', …]
 * ```
 */
export const DEFAULT_TARIFF: Tariff = loadTariff({
  name: 'Tarifa ILUSTRATIVA de cotizador (no es la tarifa de ninguna aseguradora)',
  version: '2025.1-ilustrativa',
  illustrative: true,
  ivaRate: '0.16',
  paymentForms: [
    { idFormaPago: 1, name: 'contado', monthsPerReceipt: 12 },
    { idFormaPago: 2, name: 'semestral', monthsPerReceipt: 6 },
    { idFormaPago: 3, name: 'trimestral', monthsPerReceipt: 3 },
    { idFormaPago: 4, name: 'mensual', monthsPerReceipt: 1 },
  ],
  limits: {
    minSumInsured: '80000.00',
    maxSumInsured: '3000000.00',
    maxAccessories: '150000.00',
    maxSpecialEquipment: '300000.00',
    maxVehicleAgeYears: 10,
    maxPolicyYears: 6,
  },
  unitTypes: [
    { idTipoUnidad: 1, name: 'Automóvil' },
    { idTipoUnidad: 2, name: 'Camioneta (SUV, minivan)' },
    { idTipoUnidad: 3, name: 'Pick-up' },
  ],
  uses: [
    { idUsoAutomovil: 1, name: 'Particular' },
    { idUsoAutomovil: 2, name: 'Comercial (carga ligera y reparto)' },
  ],
  vehicles: [
    { idClaveVehiculo: 1001, description: 'Sedán compacto 4 puertas', idTipoUnidad: 1 },
    { idClaveVehiculo: 1002, description: 'Sedán mediano 4 puertas', idTipoUnidad: 1 },
    { idClaveVehiculo: 1003, description: 'Hatchback subcompacto', idTipoUnidad: 1, maxSumInsured: '600000.00' },
    { idClaveVehiculo: 2001, description: 'SUV compacta', idTipoUnidad: 2 },
    { idClaveVehiculo: 2002, description: 'SUV mediana', idTipoUnidad: 2 },
    { idClaveVehiculo: 3001, description: 'Pick-up doble cabina', idTipoUnidad: 3 },
  ],
  zones: {
    states: STATES,
    postalPrefixes: [
      { prefix: '06', factor: '1.30' },
      { prefix: '09', factor: '1.35' },
      { prefix: '55', factor: '1.45' },
      { prefix: '57', factor: '1.45' },
      { prefix: '97', factor: '0.80' },
    ],
  },
  vehicleAge: [
    { fromYears: 0, factor: '1.00' },
    { fromYears: 2, factor: '1.05' },
    { fromYears: 4, factor: '1.10' },
    { fromYears: 6, factor: '1.15' },
    { fromYears: 9, factor: '1.25' },
  ],
  replacementValues: [
    { indicadorReposicion: 1, name: 'Valor factura', rateFactor: '1.10', sumInsuredByYear: ['1', '1', '0.80', '0.72', '0.65', '0.58'] },
    { indicadorReposicion: 2, name: 'Valor comercial', rateFactor: '1.00', sumInsuredByYear: ['1', '0.85', '0.76', '0.68', '0.61', '0.55'] },
    { indicadorReposicion: 3, name: 'Valor convenido', rateFactor: '1.05', sumInsuredByYear: ['1', '0.90', '0.80', '0.71', '0.63', '0.56'] },
  ],
  defaultIndicadorReposicion: 1,
  insurers: [
    {
      idAseguradora: 1,
      name: 'Aseguradora Ilustrativa Alfa',
      policyFee: '550.00',
      surcharges: [
        { idFormaPago: 1, rate: '0' },
        { idFormaPago: 2, rate: '0.04' },
        { idFormaPago: 3, rate: '0.06' },
        { idFormaPago: 4, rate: '0.085' },
      ],
      gap: { base: 'invoice', annualRate: '0.0095', vat: true },
      life: { monthlyRatePerThousand: '0.55' },
      packages: [
        {
          idPaquete: 1,
          name: 'Amplia',
          coverages: [DAMAGE, THEFT, ...liability('3,000,000'), medical('300,000')],
          accessoriesRate: '0.032',
          specialEquipmentRate: '0.040',
          rates: [
            { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0.0320', fixedPremium: '2600.00' },
            { idTipoUnidad: 2, idUsoAutomovil: 1, rate: '0.0340', fixedPremium: '2900.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 1, rate: '0.0350', fixedPremium: '3100.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 2, rate: '0.0420', fixedPremium: '3800.00' },
          ],
        },
        {
          idPaquete: 2,
          name: 'Limitada',
          coverages: [THEFT, ...liability('3,000,000'), medical('300,000')],
          accessoriesRate: '0.012',
          specialEquipmentRate: '0.015',
          rates: [
            { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0.0120', fixedPremium: '2600.00' },
            { idTipoUnidad: 2, idUsoAutomovil: 1, rate: '0.0130', fixedPremium: '2900.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 1, rate: '0.0135', fixedPremium: '3100.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 2, rate: '0.0160', fixedPremium: '3800.00' },
          ],
        },
        {
          idPaquete: 3,
          name: 'Responsabilidad Civil',
          coverages: liability('3,000,000'),
          accessoriesRate: '0',
          specialEquipmentRate: '0',
          rates: [
            { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0', fixedPremium: '2200.00' },
            { idTipoUnidad: 2, idUsoAutomovil: 1, rate: '0', fixedPremium: '2400.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 1, rate: '0', fixedPremium: '2500.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 2, rate: '0', fixedPremium: '3200.00' },
          ],
        },
      ],
    },
    {
      idAseguradora: 2,
      name: 'Aseguradora Ilustrativa Beta',
      policyFee: '600.00',
      surcharges: [
        { idFormaPago: 1, rate: '0' },
        { idFormaPago: 2, rate: '0.05' },
        { idFormaPago: 3, rate: '0.07' },
        { idFormaPago: 4, rate: '0.095' },
      ],
      gap: { base: 'financed', annualRate: '0.0120', vat: true },
      life: { monthlyRatePerThousand: '0.60' },
      packages: [
        {
          idPaquete: 1,
          name: 'Amplia',
          coverages: [DAMAGE, THEFT, ...liability('3,500,000'), medical('400,000')],
          accessoriesRate: '0.0295',
          specialEquipmentRate: '0.038',
          rates: [
            { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0.0295', fixedPremium: '2850.00' },
            { idTipoUnidad: 2, idUsoAutomovil: 1, rate: '0.0315', fixedPremium: '3100.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 1, rate: '0.0330', fixedPremium: '3300.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 2, rate: '0.0400', fixedPremium: '4000.00' },
          ],
        },
        {
          idPaquete: 2,
          name: 'Limitada',
          coverages: [THEFT, ...liability('3,500,000'), medical('400,000')],
          accessoriesRate: '0.011',
          specialEquipmentRate: '0.014',
          rates: [
            { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0.0110', fixedPremium: '2850.00' },
            { idTipoUnidad: 2, idUsoAutomovil: 1, rate: '0.0120', fixedPremium: '3100.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 1, rate: '0.0125', fixedPremium: '3300.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 2, rate: '0.0150', fixedPremium: '4000.00' },
          ],
        },
        {
          idPaquete: 3,
          name: 'Responsabilidad Civil',
          coverages: liability('3,500,000'),
          accessoriesRate: '0',
          specialEquipmentRate: '0',
          rates: [
            { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0', fixedPremium: '2350.00' },
            { idTipoUnidad: 2, idUsoAutomovil: 1, rate: '0', fixedPremium: '2550.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 1, rate: '0', fixedPremium: '2650.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 2, rate: '0', fixedPremium: '3400.00' },
          ],
        },
      ],
    },
    {
      idAseguradora: 3,
      name: 'Aseguradora Ilustrativa Gamma',
      policyFee: '500.00',
      surcharges: [
        { idFormaPago: 1, rate: '0' },
        { idFormaPago: 2, rate: '0.03' },
        { idFormaPago: 3, rate: '0.05' },
        { idFormaPago: 4, rate: '0.065' },
      ],
      gap: { base: 'invoice', annualRate: '0.0085', vat: true },
      life: { monthlyRatePerThousand: '0.45' },
      packages: [
        {
          idPaquete: 1,
          name: 'Amplia',
          coverages: [DAMAGE, THEFT, ...liability('4,000,000'), medical('250,000')],
          accessoriesRate: '0.0345',
          specialEquipmentRate: '0.042',
          rates: [
            { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0.0345', fixedPremium: '2400.00' },
            { idTipoUnidad: 2, idUsoAutomovil: 1, rate: '0.0360', fixedPremium: '2700.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 1, rate: '0.0375', fixedPremium: '2900.00' },
          ],
        },
        {
          idPaquete: 2,
          name: 'Limitada',
          coverages: [THEFT, ...liability('4,000,000'), medical('250,000')],
          accessoriesRate: '0.013',
          specialEquipmentRate: '0.016',
          rates: [
            { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0.0130', fixedPremium: '2400.00' },
            { idTipoUnidad: 2, idUsoAutomovil: 1, rate: '0.0140', fixedPremium: '2700.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 1, rate: '0.0145', fixedPremium: '2900.00' },
          ],
        },
        {
          idPaquete: 3,
          name: 'Responsabilidad Civil',
          coverages: liability('4,000,000'),
          accessoriesRate: '0',
          specialEquipmentRate: '0',
          rates: [
            { idTipoUnidad: 1, idUsoAutomovil: 1, rate: '0', fixedPremium: '2100.00' },
            { idTipoUnidad: 2, idUsoAutomovil: 1, rate: '0', fixedPremium: '2300.00' },
            { idTipoUnidad: 3, idUsoAutomovil: 1, rate: '0', fixedPremium: '2400.00' },
          ],
        },
      ],
    },
  ],
});
