/**
 * A tagged template that escapes every interpolated value unless it is already `SafeHtml`, so hosted
 * pages cannot inject markup from a client name, an email or a message by forgetting to escape.
 *
 * @example
 *   html`<p>${userInput}</p>`.value // '<p>&lt;script&gt;…</p>'
 */
export class SafeHtml {
  readonly value: string
  constructor(value: string) {
    this.value = value
  }
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c)
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === undefined || value === null || value === false) return ''
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '')
  })
  return new SafeHtml(out)
}
