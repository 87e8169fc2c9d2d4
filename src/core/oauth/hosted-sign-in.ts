/**
 * The hosted sign-in page's logic (no HTML here: src/http/pages renders it). A sign-in request lives
 * `x-lifetimes.signInRequestSeconds` and yields at most one answer: allow (a code, after the user signed
 * in or signed up) or deny (`error=access_denied`, RFC 6749 §4.1.2.1). Wrong credentials or an invalid
 * sign-up keep the request open and ask again.
 */
import { schemaValidator } from '../../contract/ajv.ts'
import { registerUser, verifyCredentials } from '../auth/sign-in.ts'
import { SandboxError } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { SignInRequestRecord } from '../store/oauth-records.ts'
import type { OAuthClientRecord, UserRecord } from '../store/records.ts'
import { issueAuthorizationCode } from './authorization-codes.ts'
import { withQueryParameters } from './redirect-uri.ts'

export interface OpenSignInRequest {
  request: SignInRequestRecord
  client: OAuthClientRecord
}

export interface SignInForm {
  request: string
  decision: 'allow' | 'deny'
  email?: string
  password?: string
  name?: string
}

export type SignInOutcome =
  | { kind: 'redirect'; location: string }
  /** Show the form again with `message`; `email` and `name` are kept, the password never. */
  | { kind: 'form'; open: OpenSignInRequest; message: string; email: string; name: string }

function unusable(): SandboxError {
  // No redirect: the request may be forged or stale, so its redirect_uri is not trusted any more.
  return new SandboxError({
    status: 400,
    code: 'invalid_request',
    detail: 'This sign-in link is unknown, has expired or was already used. Start again from the app.',
  })
}

/** The pending request and its client, or 400 when unknown, expired or already answered. */
export function openSignInRequest(sim: Simulator, requestID: string): OpenSignInRequest {
  const request = sim.db.signInRequests.get(requestID)
  const client = request && sim.db.oauthClients.get(request.clientID)
  if (!request || !client || request.finishedAt !== null || Date.parse(request.expiresAt) <= sim.clock.now())
    throw unusable()
  return { request, client }
}

/** Marks the request answered, atomically (no await between the check and the write). */
async function finish(sim: Simulator, requestID: string): Promise<SignInRequestRecord> {
  const { request } = openSignInRequest(sim, requestID)
  await sim.db.signInRequests.update(requestID, (draft) => {
    draft.finishedAt = sim.clock.nowIso()
  })
  return request
}

const signUpMessages: Record<string, string> = {
  email: 'Enter a valid email address.',
  password: 'Choose a password of at least 8 characters.',
  name: 'Enter your name.',
}

function signUpProblem(form: SignInForm): string | undefined {
  const candidate = { email: form.email ?? '', password: form.password ?? '', name: form.name ?? '' }
  const validate = schemaValidator('SignUpRequest')
  if (validate(candidate)) return undefined
  const field = validate.errors?.[0]?.instancePath.replace(/^\//, '') ?? ''
  return signUpMessages[field] ?? 'Check the form and try again.'
}

async function authenticate(
  sim: Simulator,
  open: OpenSignInRequest,
  form: SignInForm,
): Promise<UserRecord | string> {
  const email = form.email?.trim() ?? ''
  const password = form.password ?? ''
  try {
    if (open.request.flow === 'sign-up') {
      const problem = signUpProblem({ ...form, email })
      if (problem) return problem
      return await registerUser(sim, { email, password, name: form.name?.trim() ?? '' })
    }
    if (email === '' || password === '') return 'Enter your email and password.'
    return await verifyCredentials(sim, { email, password })
  } catch (error) {
    if (error instanceof SandboxError && error.code === 'INVALID_CREDENTIALS')
      return 'Wrong email or password.'
    if (error instanceof SandboxError && error.code === 'EMAIL_TAKEN')
      return 'This email is already registered. Sign in instead.'
    throw error
  }
}

export async function submitSignIn(sim: Simulator, form: SignInForm): Promise<SignInOutcome> {
  const open = openSignInRequest(sim, form.request)
  if (form.decision === 'deny') {
    const request = await finish(sim, form.request)
    return {
      kind: 'redirect',
      location: withQueryParameters(request.redirectURI, { error: 'access_denied', state: request.state }),
    }
  }
  const user = await authenticate(sim, open, form)
  if (typeof user === 'string') {
    return { kind: 'form', open, message: user, email: form.email ?? '', name: form.name ?? '' }
  }
  // Checked again after the password hashing: a parallel submission may have answered it meanwhile.
  const request = await finish(sim, form.request)
  const code = await issueAuthorizationCode(sim, {
    flow: 'redirect',
    clientID: request.clientID,
    userID: user.userID,
    redirectURI: request.redirectURI,
    permissions: [],
    state: request.state,
    codeChallenge: request.codeChallenge,
  })
  return {
    kind: 'redirect',
    location: withQueryParameters(request.redirectURI, { code, state: request.state }),
  }
}
