/**
 * The vehicle-risk fields shared by the credit request's `informacionSeguro` and the policy
 * request: one definition, so both validate a field the same way.
 */
import { Type } from '../validation/type.js';
import { amountField, codeField } from '../validation/fields.js';

/** The fields that describe the vehicle and the policy, common to both insurance shapes. */
export const vehicleRiskFields = {
  /** Package to quote; 0 or absent: every package. */
  idPaquete: Type.Optional(codeField(999_999, 'Paquete a cotizar; 0 = todos los paquetes')),
  /** State where the vehicle circulates (1–32). */
  cveEntidadFederativa: Type.Integer({ minimum: 1, maximum: 32, description: 'Entidad federativa de circulación (1–32)' }),
  /** New (1) or used (2); informative. */
  idEstado: Type.Optional(codeField(9, 'Unidad nueva (1) o seminueva (2); informativo')),
  /** Portal user; informative. */
  idUsuario: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Usuario del portal; informativo' })),
  /** Months of an annual policy (1–12; default 12). */
  plazoMeses: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 120, description: 'Meses de vigencia de la póliza anual (1–12; 12 por omisión)' }),
  ),
  /** Unit type (default tariff: 1 car, 2 SUV/van, 3 pick-up). */
  idTipoUnidad: codeField(999, 'Tipo de unidad'),
  /** Use (default tariff: 1 private, 2 commercial). */
  idUsoAutomovil: codeField(999, 'Uso de la unidad'),
  /** Model year. */
  modelo: Type.Integer({ minimum: 1900, maximum: 2999, description: 'Año modelo' }),
  /** Insurer; 0 or absent: every insurer. */
  idAseguradora: Type.Optional(codeField(999_999, 'Aseguradora; 0 u omitido = todas')),
  /** Payment form: 1 annual (default), 2 semiannual, 3 quarterly, 4 monthly. */
  idFormaPago: Type.Optional(codeField(99, 'Forma de pago: 1 contado, 2 semestral, 3 trimestral, 4 mensual')),
  /** Value of additional accessories. */
  sumaAccesorio: Type.Optional(amountField('Valor de accesorios adicionales')),
  /** Value of special equipment (adaptations). */
  sumaEquipoEspecial: Type.Optional(amountField('Valor de adaptaciones')),
  /** Down payment of the credit. */
  enganche: amountField('Enganche del crédito'),
  /** Postal code where the vehicle circulates (5 digits). */
  codigoPostal: Type.String({ pattern: '^[0-9]{5}$', description: 'Código postal de circulación' }),
  /** Replacement value: 1 invoice, 2 commercial, 3 agreed. */
  indicadorReposicion: Type.Optional(codeField(9, 'Tipo de valor de reposición: 1 factura, 2 comercial, 3 convenido')),
  /** Term: 1 annual, 2 multi-year (over the financed term). */
  idVigencia: Type.Optional(codeField(9, 'Modalidad de vigencia: 1 anual, 2 multianual')),
};
