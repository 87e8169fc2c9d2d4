/**
 * Totals in minor units, as the spec's VendorBillPayload describes: each line round(quantity * unitAmount),
 * its tax round(line * taxRate), rounding half away from zero. Integers throughout, so no float drift
 * reaches a total.
 */
import type { components } from '../../generated/openapi.ts'

type LineItem = components['schemas']['LineItem']
type Totals = components['schemas']['Totals']

function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value))
}

export function computeTotals(lineItems: readonly LineItem[]): Totals {
  let subtotal = 0
  let tax = 0
  for (const item of lineItems) {
    const line = roundHalfAwayFromZero(item.quantity * item.unitAmount)
    subtotal += line
    tax += roundHalfAwayFromZero(line * (item.taxRate ?? 0))
  }
  return { subtotal, tax, total: subtotal + tax }
}
