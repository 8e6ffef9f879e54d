/**
 * The vehicle-risk fields shared by the credit request's `informacionSeguro` and the policy
 * request: one definition, so both validate a field the same way.
 */
import { Type } from '@sinclair/typebox';
import { amountField, codeField } from '../validation/fields.js';

/** The fields that describe the vehicle and the policy, common to both insurance shapes. */
export const vehicleRiskFields = {
  idPaquete: Type.Optional(codeField(999_999, 'Paquete a cotizar; 0 = todos los paquetes')),
  cveEntidadFederativa: Type.Integer({ minimum: 1, maximum: 32, description: 'Entidad federativa de circulación (1–32)' }),
  idEstado: Type.Optional(codeField(9, 'Unidad nueva (1) o seminueva (2); informativo')),
  idUsuario: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Usuario del portal; informativo' })),
  plazoMeses: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 120, description: 'Meses de vigencia de la póliza anual (1–12; 12 por omisión)' }),
  ),
  idTipoUnidad: codeField(999, 'Tipo de unidad'),
  idUsoAutomovil: codeField(999, 'Uso de la unidad'),
  modelo: Type.Integer({ minimum: 1900, maximum: 2999, description: 'Año modelo' }),
  idAseguradora: Type.Optional(codeField(999_999, 'Aseguradora; 0 u omitido = todas')),
  idFormaPago: Type.Optional(codeField(99, 'Forma de pago: 1 contado, 2 semestral, 3 trimestral, 4 mensual')),
  sumaAccesorio: Type.Optional(amountField('Valor de accesorios adicionales')),
  sumaEquipoEspecial: Type.Optional(amountField('Valor de adaptaciones')),
  enganche: amountField('Enganche del crédito'),
  codigoPostal: Type.String({ pattern: '^[0-9]{5}$', description: 'Código postal de circulación' }),
  indicadorReposicion: Type.Optional(codeField(9, 'Tipo de valor de reposición: 1 factura, 2 comercial, 3 convenido')),
  idVigencia: Type.Optional(codeField(9, 'Modalidad de vigencia: 1 anual, 2 multianual')),
};
