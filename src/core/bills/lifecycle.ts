/**
 * The bill lifecycle, read from the spec's `x-lifecycle` table: the one table both the simulator and the
 * conformance suite follow. No state rule is written anywhere else.
 */
import { spec } from '../../contract/spec.ts'
import { conflict } from '../errors.ts'
import type { Bill } from '../store/records.ts'

export type BillStatus = Bill['status']
export type LifecycleOperation =
  | 'createBill'
  | 'updateBill'
  | 'reviewBill'
  | 'confirmBill'
  | 'markBillPaidExternally'
  | 'mapBillToPayout'

export interface Transition {
  operation: LifecycleOperation
  when?: string
  from: BillStatus | null
  to: BillStatus
}

const table = spec['x-lifecycle'] as unknown as {
  states: BillStatus[]
  transitions: Transition[]
  conflictCodes: Partial<Record<LifecycleOperation, string>>
  paidConflictCode: string
  events: Record<string, string>
}

export const lifecycle = table

/**
 * The state an operation leaves a bill in, or a 409 naming why it cannot run. `when` is the row's
 * qualifier: `submit`, `APPROVE` or `DECLINE`; a row without one matches any call of the operation that
 * no qualified row claims.
 */
export function nextStatus(
  operation: LifecycleOperation,
  from: BillStatus | null,
  when?: string,
): BillStatus {
  const rows = table.transitions.filter((t) => t.operation === operation && t.from === from)
  const row =
    rows.find((t) => t.when !== undefined && t.when === when) ?? rows.find((t) => t.when === undefined)
  if (row) return row.to
  const code =
    from === 'paid' ? table.paidConflictCode : (table.conflictCodes[operation] ?? 'INVALID_TRANSITION')
  const allowed = [...new Set(table.transitions.filter((t) => t.operation === operation).map((t) => t.from))]
  throw conflict(code, `${operation} needs a bill in ${allowed.join(' or ')}; this bill is ${from}.`, {
    billStatus: from,
  })
}

/** Event codes a transition emits (see `x-lifecycle.events`). */
export function eventsFor(
  operation: LifecycleOperation,
  from: BillStatus | null,
  to: BillStatus,
  when?: string,
): string[] {
  const out: string[] = []
  const byOperation = table.events[operation]
  if (byOperation) out.push(byOperation)
  if (when && (when === 'APPROVE' || when === 'DECLINE')) {
    const code = table.events[when]
    if (code) out.push(code)
  }
  if (to === 'review' && from !== 'review' && table.events.submit) out.push(table.events.submit)
  return out
}
