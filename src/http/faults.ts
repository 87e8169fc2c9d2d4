/**
 * Fault injection: per operation a latency, a forced status, or both, optionally for a number of times;
 * and per request the Prism-style `Prefer: code=500` header.
 */
export interface FaultRule {
  status?: number
  latencyMs?: number
  times?: number
}

export interface Fault {
  status?: number
  latencyMs?: number
}

export class Faults {
  #rules: Record<string, FaultRule> = {}

  get rules(): Record<string, FaultRule> {
    return structuredClone(this.#rules)
  }

  replace(rules: Record<string, FaultRule>): void {
    this.#rules = structuredClone(rules)
  }

  clear(): void {
    this.#rules = {}
  }

  /** The fault for this call, if any; spends one of the rule's `times`. */
  take(operationId: string, prefer: string | undefined): Fault | undefined {
    const preferred = prefer ? /(?:^|[;,\s])code=(\d{3})\b/.exec(prefer)?.[1] : undefined
    const rule = this.#rules[operationId]
    if (rule?.times !== undefined) {
      rule.times -= 1
      if (rule.times <= 0) delete this.#rules[operationId]
    }
    if (!rule && !preferred) return undefined
    const fault: Fault = {}
    if (rule?.latencyMs) fault.latencyMs = rule.latencyMs
    const status = preferred ? Number(preferred) : rule?.status
    if (status !== undefined) fault.status = status
    return fault
  }
}
