/**
 * The app-credential flow's authorize and grant (seed: "OAuth: app-credential endpoints"). Both take the
 * same request: the app authenticates with `app_id` + `app_key`, `redirect_uri` must be one the app
 * registered, and the permissions must be documented and allowed for the app. Authorize issues a code
 * bound to the user, the app, the redirect_uri and the permissions plus those granted earlier; grant
 * records extra permissions for the (user, app) pair, which the next authorize includes.
 */
import type { Principal } from '../auth/access.ts'
import { SandboxError } from '../errors.ts'
import type { Simulator } from '../simulator.ts'
import type { AppRecord, Permission, UserRecord } from '../store/records.ts'
import { issueAuthorizationCode } from './authorization-codes.ts'
import { authenticateAppKey } from './client-credentials.ts'
import { normalizePermissions, parsePermissionList } from './permissions.ts'
import { isRegisteredRedirectUri } from './redirect-uri.ts'

/** The seed's `{ app_id, app_key, state, redirect_uri, permissions }` (spec: AppAuthorization). */
export interface AppAuthorizationRequest {
  app_id: string
  app_key: string
  state: string
  redirect_uri: string
  permissions: string
}

/**
 * Only the user can consent: an app token (which holds some permissions) would otherwise let its app
 * authorize itself for more without asking anyone.
 */
function consentingUser(principal: Principal): UserRecord {
  if (principal.token.kind !== 'user') {
    throw new SandboxError({
      status: 401,
      code: 'invalid_token',
      detail: "Authorizing an app takes the user's own token, not an app token.",
    })
  }
  return principal.user
}

async function checkRequest(
  sim: Simulator,
  request: AppAuthorizationRequest,
): Promise<{ app: AppRecord; permissions: Permission[] }> {
  const app = await authenticateAppKey(sim, request.app_id, request.app_key)
  if (!isRegisteredRedirectUri(app.redirectURIs, request.redirect_uri)) {
    throw new SandboxError({
      status: 400,
      code: 'invalid_request',
      detail: 'redirect_uri is not one the app registered (compared exactly).',
    })
  }
  return { app, permissions: parsePermissionList(request.permissions, app.allowedPermissions) }
}

function grantKey(userID: string, appID: string): string {
  return `${encodeURIComponent(userID)}:${encodeURIComponent(appID)}`
}

export function grantedPermissions(sim: Simulator, userID: string, appID: string): Permission[] {
  return sim.db.oauthGrants.get(grantKey(userID, appID))?.permissions ?? []
}

export async function authorizeApp(
  sim: Simulator,
  principal: Principal,
  request: AppAuthorizationRequest,
): Promise<{ code: string; user_id: string; state: string }> {
  const user = consentingUser(principal)
  const { app, permissions } = await checkRequest(sim, request)
  // Earlier grants count only while the app may still ask for them.
  const granted = grantedPermissions(sim, user.userID, app.appID).filter((p) =>
    app.allowedPermissions.includes(p),
  )
  const code = await issueAuthorizationCode(sim, {
    flow: 'app',
    clientID: app.appID,
    userID: user.userID,
    redirectURI: request.redirect_uri,
    permissions: normalizePermissions([...permissions, ...granted]),
    state: request.state,
    codeChallenge: null,
  })
  return { code, user_id: user.userID, state: request.state }
}

export async function grantAppPermissions(
  sim: Simulator,
  principal: Principal,
  request: AppAuthorizationRequest,
): Promise<{ message: string }> {
  const user = consentingUser(principal)
  const { app, permissions } = await checkRequest(sim, request)
  const grantID = grantKey(user.userID, app.appID)
  const updatedAt = sim.clock.nowIso()
  // Read and write with no await between, so parallel grants merge instead of overwriting each other.
  const existing = sim.db.oauthGrants.get(grantID)
  await (existing
    ? sim.db.oauthGrants.update(grantID, (draft) => {
        draft.permissions = normalizePermissions([...draft.permissions, ...permissions])
        draft.updatedAt = updatedAt
      })
    : sim.db.oauthGrants.insert({ grantID, userID: user.userID, appID: app.appID, permissions, updatedAt }))
  return {
    message: `Granted ${permissions.join(',')} to ${app.appID}; authorize again for a token that carries it.`,
  }
}
