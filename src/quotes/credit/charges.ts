/**
 * What a planned credit charges at opening, outside its payments: the part of `totalPagar` that
 * `importePago` (Σ payments) leaves out, item by item, with the plan's own exact figures; and,
 * with a promotion, what the dealer pays the lender for it (not a charge to the borrower).
 */
import { invariant } from '../../errors/quoteError.js';
import { messageRef } from '../../errors/catalog.js';
import { QUOTES_MESSAGES } from '../messages.js';
import { formatCents } from '../../money/cents.js';
import type { CreditConventions } from '../../credit/conventions.js';
import { promotionSubsidy } from '../../credit/subsidy.js';
import type { CreditPlan } from './plan.js';
import { schedulePlan } from './schedule.js';

/**
 * The opening charges of a credit, as decimal texts; the items add up exactly to `total`.
 *
 * @example
 * ```ts
 * const charges: OpeningCharges = creditOpeningCharges({ fechaApertura: '2026-01-31', montoSolicitado: '100000.00', valorFactura: '200000.00', plazo: 12, comisiones: '1' });
 * charges.commission; // '1000.00'
 * charges.total; // '1160.00'
 * ```
 */
export interface OpeningCharges {
  /** The amount the commission is charged on: the amount financed. */
  readonly commissionBase: string;
  /** `comisiones` as echoed in the response ("2.00"). */
  readonly commissionPercent: string;
  /** Opening commission: `commissionBase` × `comisiones` %, half-up to the cent. */
  readonly commission: string;
  /** VAT percentage applied to the commission (0 when `conventions.commissionVat` is false). */
  readonly commissionVatPercent: number;
  /** The commission's VAT, half-up to the cent. */
  readonly commissionVat: string;
  /** Required life insurance paid up front (`importeCatSegVida`). */
  readonly upfrontLifeInsurance: string;
  /** Required damage insurance paid up front (`importeCatSegDanio`). */
  readonly upfrontDamageInsurance: string;
  /** The insurer's damage premium (`primaTotal`) paid at opening (`tipoSeguro` 1; else 0.00). */
  readonly policyDamagePremium: string;
  /** The insurer's debtor-life premium (`segVida`) paid at opening (`tipoSeguro` 1; else 0.00). */
  readonly policyLifePremium: string;
  /** Their sum: `totalPagar` − `importePago`. */
  readonly total: string;
  /**
   * With `options.promotions` only: the interest the promotion forgoes, valued at opening (the
   * amount financed less the present value of the borrower's capital and interest at the contract's
   * rates), which the dealer pays the lender. Not the borrower's: in no payment, not in `total`,
   * `totalPagar` or the CAT.
   */
  readonly dealerSubsidy?: string;
}

/**
 * The opening charges of a plan made under `conventions`, itemized.
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 *
 * // examples/autoestrene.json: 2 % of 292000.00, its 16 % VAT, 2800.00 of life insurance up front
 * const charges = openingCharges(planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS), DEFAULT_CREDIT_CONVENTIONS);
 * [charges.commission, charges.commissionVat, charges.upfrontLifeInsurance]; // ['5840.00', '934.40', '2800.00']
 * charges.total; // '9574.40'
 * ```
 */
export function openingCharges(plan: CreditPlan, conventions: CreditConventions): OpeningCharges {
  const { pricing, terms } = plan;
  const paidAtOpening = terms.tipoSeguro === 1 ? plan.insurance : undefined;
  const items = [
    pricing.commission,
    pricing.commissionVat,
    plan.importeCatSegVida,
    plan.importeCatSegDanio,
    paidAtOpening?.damage ?? 0,
    paidAtOpening?.life ?? 0,
  ];
  invariant(items.reduce((sum, cents) => sum + cents, 0) === plan.upfrontCharges, messageRef(QUOTES_MESSAGES, 'cargosNoSuman'));
  return {
    commissionBase: formatCents(plan.loan.principal),
    commissionPercent: pricing.comisionesText,
    commission: formatCents(pricing.commission),
    commissionVatPercent: conventions.commissionVat ? terms.iva : 0,
    commissionVat: formatCents(pricing.commissionVat),
    upfrontLifeInsurance: formatCents(plan.importeCatSegVida),
    upfrontDamageInsurance: formatCents(plan.importeCatSegDanio),
    policyDamagePremium: formatCents(paidAtOpening?.damage ?? 0),
    policyLifePremium: formatCents(paidAtOpening?.life ?? 0),
    total: formatCents(plan.upfrontCharges),
    ...(plan.loan.promotions === undefined ? {} : { dealerSubsidy: formatCents(promotionSubsidy(plan.loan, schedulePlan(plan))) }),
  };
}
