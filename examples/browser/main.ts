/**
 * The browser example: starts the sandbox in this tab, signs in as the demo admin and drives bills through
 * plain fetch calls that the Service Worker answers. `?api=http://api.sandbox.test` points the page at a
 * made-up origin instead of its own, to show that the worker also answers cross-origin fetches.
 */
import { startBrowserSandbox } from '../../src/browser.ts'
import type { components } from '../../src/generated/openapi.ts'

type Bill = components['schemas']['Bill']
type Session = components['schemas']['Session']
type Problem = components['schemas']['Problem']

const DEMO_ADMIN = { email: 'ada@acme.example', password: 'sandbox-admin-1' }
const BUSINESS_ID = 'biz_acme'

/** The API origin: `?api=` when it is a URL (the status line shows which one is used), else this page's. */
function apiOrigin(): string {
  const requested = new URLSearchParams(location.search).get('api')
  return requested && URL.canParse(requested) ? new URL(requested).origin : location.origin
}
const api = apiOrigin()

function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector)
  if (!found) throw new Error(`the page has no ${selector}`)
  return found
}

const status = element<HTMLParagraphElement>('#status')
const form = element<HTMLFormElement>('#bill-form')
const formError = element<HTMLParagraphElement>('#form-error')
const billRows = element<HTMLTableSectionElement>('#bills')
const billCount = element<HTMLSpanElement>('#bill-count')

function setStatus(state: 'starting' | 'ready' | 'error', text: string): void {
  status.dataset.state = state
  status.textContent = text
}

/** The API's error answers are problem documents; show their code and detail. */
async function failure(response: Response): Promise<Error> {
  const problem = (await response.json().catch(() => undefined)) as Partial<Problem> | undefined
  return new Error(`${response.status} ${problem?.code ?? ''}: ${problem?.detail ?? response.statusText}`)
}

async function signIn(): Promise<Session> {
  const response = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  if (!response.ok) throw await failure(response)
  return (await response.json()) as Session
}

function billHeaders(session: Session): Record<string, string> {
  return {
    authorization: `Bearer ${session.access_token}`,
    'x-identifier': 'SERVICE',
    'x-service-business-id': BUSINESS_ID,
    'content-type': 'application/json',
  }
}

function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100)
}

async function renderBills(session: Session, highlight?: string): Promise<void> {
  const response = await fetch(`${api}/vendor/bill/list?size=100`, { headers: billHeaders(session) })
  if (!response.ok) throw await failure(response)
  const bills = (await response.json()) as Bill[]
  billCount.textContent = `(${response.headers.get('x-total-count') ?? bills.length} in ${BUSINESS_ID})`
  billRows.replaceChildren(
    ...bills.map((bill) => {
      const row = document.createElement('tr')
      row.dataset.billId = bill.billID
      if (bill.billID === highlight) row.className = 'created'
      const cells = [
        bill.billID,
        String(bill.VendorBillPayload.billNumber ?? ''),
        bill.vendorID,
        bill.status,
        money(bill.totals.total, bill.currency),
      ]
      for (const [index, text] of cells.entries()) {
        const cell = document.createElement('td')
        cell.textContent = text
        if (index === cells.length - 1) cell.className = 'amount'
        row.append(cell)
      }
      return row
    }),
  )
}

async function createBill(session: Session, data: FormData): Promise<Bill> {
  const text = (name: string) => String(data.get(name) ?? '').trim()
  const billNumber = text('billNumber')
  const payload: components['schemas']['VendorBillPayload'] = {
    vendorID: text('vendorID'),
    currency: text('currency'),
    ...(billNumber ? { billNumber } : {}),
    lineItems: [
      {
        description: text('description'),
        quantity: Number(text('quantity')),
        unitAmount: Number(text('unitAmount')),
      },
    ],
  }
  const response = await fetch(`${api}/vendor/bill`, {
    method: 'POST',
    headers: billHeaders(session),
    body: JSON.stringify({ VendorBillPayload: payload }),
  })
  if (!response.ok) throw await failure(response)
  return (await response.json()) as Bill
}

async function main(): Promise<void> {
  const running = await startBrowserSandbox({ baseUrl: api })
  // For poking at the simulator from the devtools console: sandbox.exportState(), sandbox.advanceClock(60).
  Object.assign(globalThis, { sandbox: running.sandbox })
  const session = await signIn()
  await renderBills(session)
  setStatus('ready', `Worker ready on ${api}. Signed in as ${session.user.name} (${session.user.email}).`)

  const submit = element<HTMLButtonElement>('#bill-form button')
  submit.disabled = false
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    submit.disabled = true
    formError.textContent = ''
    createBill(session, new FormData(form))
      .then((bill) => renderBills(session, bill.billID))
      .catch((error: unknown) => {
        formError.textContent = error instanceof Error ? error.message : String(error)
      })
      .finally(() => {
        submit.disabled = false
      })
  })
}

main().catch((error: unknown) => {
  setStatus('error', `The sandbox did not start: ${error instanceof Error ? error.message : String(error)}`)
  console.error(error)
})
