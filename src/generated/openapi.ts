// Generated from spec/openapi.yaml by scripts/generate.ts. Do not edit: run `npm run generate`.
export type paths = {
    "/vendor/bill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bill */
        get: operations["getBill"];
        /**
         * Update a bill
         * @description Replaces the bill's `VendorBillPayload` (a full replacement, not a merge). Allowed in `draft` and
         *     `review`; `submit: true` moves a draft to review (emits `bill.submitted`). Other states: 409
         *     `BILL_NOT_EDITABLE`, or `BILL_ALREADY_PAID`.
         */
        put: operations["updateBill"];
        /**
         * Create a bill
         * @description Creates a bill in `draft`, or in `review` when `VendorBillPayload.submit` is true. The vendor must
         *     belong to the business (else 400 naming `VendorBillPayload.vendorID`). Emits `bill.created`
         *     (and `bill.submitted` when submitted). 409 is not produced by this operation.
         */
        post: operations["createBill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vendor/bill/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bills
         * @description Bills of the business, filtered by vendor and status, in creation order (oldest first). `page`
         *     starts at 1; `size` defaults to 20 and is at most 100. `X-Total-Count` carries the number of
         *     matching bills. A page past the end is an empty array.
         */
        get: operations["listBills"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vendor/bill/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or decline a bill in review
         * @description `APPROVE` moves `review` to `approved`; `DECLINE` moves `review` back to `draft` and records the
         *     decision (with the optional reason) in `lastDecision`. Other states: 409 `BILL_NOT_IN_REVIEW`, or
         *     `BILL_ALREADY_PAID`. Emits `bill.approved` or `bill.declined`.
         */
        post: operations["reviewBill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vendor/bill/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an approved bill (business API)
         * @description Business API: `X-Service-Business-ID` is required here (400 without it). Confirms an `approved` bill
         *     for settlement: the state stays `approved` and `confirmedAt` is set. Other states: 409
         *     `BILL_NOT_APPROVED` (or `BILL_ALREADY_PAID`); a second confirm: 409 `BILL_ALREADY_CONFIRMED`.
         *     Emits `bill.confirmed`.
         */
        post: operations["confirmBill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vendor/bill/paid/external": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a bill paid outside the service
         * @description Records a payment made outside the service: `approved` to `paid`, with `payment.method` `external`,
         *     the note and the emails. Each address in `emails` gets a notification (visible in the sandbox at
         *     `GET /__sandbox/outbox`). Other states: 409 `BILL_NOT_APPROVED` or `BILL_ALREADY_PAID`. Emits `bill.paid`.
         */
        post: operations["markBillPaidExternally"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vendor/bill/payout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a bill with an existing payout
         * @description Links an existing payout of the business to an `approved` bill, which becomes `paid`. An unknown
         *     payout (or one of another business): 404 `PAYOUT_NOT_FOUND`. A payout already linked to a bill: 409
         *     `PAYOUT_ALREADY_LINKED`. A payout whose currency or amount differs from the bill's total: 409
         *     `PAYOUT_MISMATCH`. Other states: 409 `BILL_NOT_APPROVED` or `BILL_ALREADY_PAID`. Emits `bill.paid`.
         */
        post: operations["mapBillToPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in
         * @description Creates a user and a business of their own in which they are `admin`, and returns an access token.
         *     An email already registered: 409 `EMAIL_TAKEN`.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description A wrong email or password gives 401 `INVALID_CREDENTIALS` (the two are not told apart).
         */
        post: operations["logIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/user/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user and their businesses
         * @description Takes a user token, or an app token carrying `profile:read` (else 403).
         */
        get: operations["getUserInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorize an app for the signed-in user (app-credential flow)
         * @description Issues a single-use authorization code bound to the user (from the bearer token), the app, the
         *     `redirect_uri` (exactly one of the app's registered URIs) and the requested permissions together with
         *     any the user granted earlier through `PATCH /oauth/permissions/grant` (while the app may still ask for
         *     them). The bearer token must be the user's own: an app token cannot authorize apps (401
         *     `invalid_token`). Wrong `app_id`/`app_key`: 401 `invalid_client`. A `redirect_uri` not exactly equal to
         *     one the app registered: 400 `invalid_request`. A permission not in `x-permissions` or not among the
         *     app's allowed ones: 400 `invalid_scope`. The code lives 600 s; the response carries
         *     `Cache-Control: no-store`.
         */
        post: operations["oauthAuthorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/permissions/grant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Grant an app further permissions
         * @description Records the extra permissions for the (user, app) pair. They are included by the next
         *     `POST /oauth/authorize`, whose code then yields a token carrying them. Grants only add permissions.
         *     Same credential and validation rules as authorize (the user's own token, the app's key, an exactly
         *     registered `redirect_uri`, documented and allowed permissions).
         */
        patch: operations["oauthGrantPermissions"];
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange an authorization code for an access token (app-credential flow)
         * @description No bearer token: authenticates through `auth_code`, `key_id` and `key_secret`. Wrong key: 401
         *     `invalid_client` (the code is not spent). Unknown, expired, reused or another app's code: 401
         *     `invalid_grant` (another app's code is left unspent; a reused code also revokes the token issued from it,
         *     which then gets 401 `TOKEN_REVOKED`). The token carries the code's permissions, limited by the user's
         *     role when used. Responses carry `Cache-Control: no-store`
         *     ([RFC 6749 §5.1](https://www.rfc-editor.org/rfc/rfc6749#section-5.1)).
         */
        post: operations["oauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start the redirect flow
         * @description Returns the hosted sign-in (or sign-up, `flow=sign-up`) page to send the browser to, on the same
         *     origin; the sign-in request behind it lives 900 s (`x-lifetimes.signInRequestSeconds`). Every error is
         *     a 400 JSON error and never a redirect
         *     ([RFC 6749 §4.1.2.1](https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1)): an unknown `client_id`
         *     gives `invalid_client`; a `redirect_uri` not exactly equal to a registered one (scheme, host, port,
         *     path, query, userinfo; no normalisation, [RFC 9700 §2.1](https://www.rfc-editor.org/rfc/rfc9700#section-2.1)),
         *     a `platform` other than the client's, or a missing parameter gives `invalid_request`. PKCE
         *     ([RFC 7636](https://www.rfc-editor.org/rfc/rfc7636)) is honoured when `code_challenge` is sent, `S256`
         *     only: a challenge without `code_challenge_method=S256` (which would mean `plain`) is `invalid_request`.
         */
        get: operations["redirectAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hosted sign-in or sign-up page (HTML)
         * @description The page `redirect_url` points to: an HTML form (email, password; name too for sign-up), with an
         *     allow and a deny button. No scripts and no secrets in it; it may not be framed (CSP
         *     `frame-ancestors 'none'`, [RFC 6749 §10.13](https://www.rfc-editor.org/rfc/rfc6749#section-10.13)).
         *     An unknown, expired or already answered `request`: an HTML error page with status 400 and no redirect.
         */
        get: operations["signInPage"];
        put?: never;
        /**
         * Submit the hosted sign-in or sign-up form
         * @description On success: 302 to `redirect_uri` with `code` and `state`. On deny: 302 with `error=access_denied`
         *     and `state` ([RFC 6749 §4.1.2.1](https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1)). The
         *     parameters are appended to the registered URI's own query, which is kept as registered; `state` is
         *     percent-encoded and comes back byte for byte. The code lives 600 s and is bound to the client, the
         *     `redirect_uri`, the user and the PKCE challenge. Wrong credentials or an invalid sign-up (a password
         *     under 8 characters, an email already registered): the form again with a message, status 200, and
         *     the request stays open. Allow or deny answers the request once; submitting it again, or a form
         *     without `request` or `decision`, gives the HTML 400 page.
         */
        post: operations["signInSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exchange the callback's code (server side only)
         * @description Exchanges the code once. `redirect_uri` and `client_id` must be those of the authorize request, and
         *     `state` too when it is sent; the `client_secret` is compared in constant time. With PKCE the
         *     `code_verifier` is required; a `code_verifier` when the authorize request sent no challenge is refused
         *     ([RFC 9700 §2.1.1](https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1)). A code presented by another
         *     client is refused and left unspent; presented by its own client it is spent even when a check fails,
         *     and a second use revokes the token issued from it. The token signs the user in to the client: it
         *     acts as the user (the role's permissions), like a token from `POST /auth/login`. Errors per
         *     [RFC 6749 §5.2](https://www.rfc-editor.org/rfc/rfc6749#section-5.2): 400 `invalid_request`,
         *     `invalid_grant`, `unsupported_grant_type`; 401 `invalid_client`. Responses carry `Cache-Control: no-store`.
         */
        get: operations["redirectToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/event/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an event name
         * @description Registers `name` as an event code owned by the calling app. Names are unique across the service:
         *     a name registered before (by any app) answers 409 `event_already_registered`. The `bill.` namespace
         *     is the service's own (see `x-lifecycle.events`): registering a name in it answers 409 `reserved_event`.
         */
        post: operations["registerEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/event/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish an event
         * @description Publishes an event of a code the calling app registered. Every enabled subscription to the code gets
         *     a signed delivery (see `webhooks`); the answer comes at once, before any receiver is called. An
         *     unknown code, or one registered by another app: 400 `unknown_event`. A `bill.*` code: 400
         *     `reserved_event` (only the service publishes those). An `idempotencyKey` seen from the same app
         *     within 86400 s (`x-lifetimes.idempotencyKeySeconds`) answers the first event's id and delivery count
         *     with `duplicate: true` and delivers nothing again.
         */
        post: operations["publishEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/event/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a webhook subscription
         * @description Subscribes a URL to an event code: one registered by any app, or a bill lifecycle code of
         *     `x-lifecycle.events` (`bill.created`, `bill.submitted`, `bill.approved`, `bill.declined`,
         *     `bill.confirmed`, `bill.paid`; their payload is `{billID, businessID, status, bill}` with the bill as
         *     `getBill` returns it). A subscription receives a business's bill events only while a member of that
         *     business whose role reads bills has authorized the app with `bills:read` through the app-credential
         *     flow (`POST /oauth/authorize` then `POST /oauth/token`) and the token from it was not revoked: a bill
         *     of another business is never revealed, here as in the API. Without `secret` a `whsec_` secret is generated
         *     and returned once; a given secret is not echoed. The same app, code and URL twice: 409
         *     `subscription_exists`. An unknown code: 400 `unknown_event`. The URL must be http(s) without
         *     credentials (else 400 `invalid_request`). `enabled: false` creates it paused.
         */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a webhook subscription
         * @description Changes the URL, description or enabled flag, or rotates the signing secret (`rotateSecret: true` for a
         *     generated one, returned once, or a given `secret`). During rotation, for 86400 s
         *     (`x-lifetimes.rotatedSecretGraceSeconds`), deliveries carry signatures with both the new and the old
         *     secret (at most three old ones). Pending retries go to the current URL, signed with the current
         *     secrets. `enabled: false` stops the subscription: its pending deliveries become `disabled`.
         *     `enabled: true` re-enables it, also after a 410 disabled it. An unknown subscription or one of
         *     another app: 400 `unknown_subscription`. A URL that another subscription of the app already has for
         *     the code: 409 `subscription_exists`.
         */
        patch: operations["updateSubscription"];
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public keys that verify access tokens */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reset the state to the loaded fixtures */
        post: operations["sandboxReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export the whole state */
        get: operations["sandboxExportState"];
        /**
         * Replace the whole state
         * @description The body is validated first; an invalid state answers 400 naming the path and changes nothing.
         */
        put: operations["sandboxImportState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The request log, newest last
         * @description Secrets, codes and tokens are redacted before they are logged.
         */
        get: operations["sandboxRequestLog"];
        put?: never;
        post?: never;
        /** Clear the request log */
        delete: operations["sandboxClearRequestLog"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The virtual clock */
        get: operations["sandboxGetClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the virtual clock forward
         * @description Expires codes and tokens and runs due webhook retries as if the time had passed. Answers once the
         *     attempts that became due are over (each is bounded by the webhook timeout).
         */
        post: operations["sandboxAdvanceClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fault rules in force */
        get: operations["sandboxGetFaults"];
        /**
         * Replace the fault rules
         * @description Per operation: a latency, a forced status, or both; `times` limits how often a rule fires. A single
         *     request can also force a status with the Prism-style header `Prefer: code=500`.
         */
        put: operations["sandboxSetFaults"];
        post?: never;
        /** Remove every fault rule */
        delete: operations["sandboxClearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notifications the sandbox would have sent (emails) */
        get: operations["sandboxOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook deliveries with every attempt */
        get: operations["sandboxListDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/deliveries/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description A new delivery of the same message (same `webhook-id`, same body) to the subscription's current URL,
         *     first attempted right away and retried like any other. The answer does not wait for the receiver:
         *     it shows the new delivery `pending`. A disabled subscription gets a delivery that is `disabled` at
         *     once; re-enable it first (`PATCH /event/subscribe` with `enabled: true`).
         */
        post: operations["sandboxReplayDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__sandbox/subscriptions/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A subscription's health */
        get: operations["sandboxSubscriptionHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    event: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A delivery to a subscription's URL
         * @description Sent for each published event to every enabled subscription of its code, signed per
         *     [Standard Webhooks](https://www.standardwebhooks.com/): the signature is
         *     `v1,` + base64(HMAC-SHA256(secret, `{webhook-id}.{webhook-timestamp}.{body}`)), with the secret the
         *     base64 part of `whsec_...`; during a rotation several space-separated signatures are sent. Only a 2xx
         *     answer is success. Redirects are failures and are never followed. No answer within 10 s is a failure.
         *     410 disables the subscription. 429 and 503 honour `Retry-After` (delay-seconds or an HTTP-date,
         *     capped at 1 h, no jitter). Other failures retry after 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h
         *     (8 attempts in all), each delay with up to ±10 % jitter, on the virtual clock. Every attempt carries
         *     the same `webhook-id` and the same body. `webhook-timestamp` is the attempt's wall-clock time, not
         *     virtual time: receivers check it against their own clock (Standard Webhooks suggests 5 minutes of
         *     tolerance), so fast-forwarded retries still verify; attempt times in the delivery log are virtual. Pending deliveries are part of the
         *     state: a restart (with `--state`) resumes them; an attempt cut off by a shutdown is made again.
         */
        post: operations["webhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        /** @enum {string} */
        BillStatus: "draft" | "review" | "approved" | "paid";
        /** @enum {string} */
        ReviewAction: "APPROVE" | "DECLINE";
        /** @description An amount in the currency's minor units (cents). */
        Money: number;
        LineItem: {
            description: string;
            quantity: number;
            unitAmount: components["schemas"]["Money"];
            /** @description A fraction: 0.08 is 8 %. */
            taxRate?: number;
        };
        /**
         * @description The bill header and its line items. Free-form: properties not named here are kept and returned
         *     unchanged. The named ones are validated; totals are computed from `lineItems` (each line
         *     `round(quantity * unitAmount)`, tax `round(line * taxRate)`, half away from zero).
         */
        VendorBillPayload: {
            vendorID: string;
            billNumber?: string;
            /**
             * @description ISO 4217 code.
             * @default USD
             */
            currency?: string;
            /** Format: date */
            issueDate?: string;
            /**
             * Format: date
             * @description Not before `issueDate`.
             */
            dueDate?: string;
            memo?: string;
            /** @description true: send the bill to review (see x-lifecycle). */
            submit?: boolean;
            lineItems: components["schemas"]["LineItem"][];
        } & {
            [key: string]: unknown;
        };
        Totals: {
            subtotal: components["schemas"]["Money"];
            tax: components["schemas"]["Money"];
            total: components["schemas"]["Money"];
        };
        Decision: {
            action: components["schemas"]["ReviewAction"];
            reason?: string;
            /** @description userID of the reviewer. */
            by: string;
            /** Format: date-time */
            at: string;
        };
        Payment: {
            /** @enum {string} */
            method: "external" | "payout";
            payoutID?: string;
            note?: string;
            emails?: string[];
            /** Format: date-time */
            paidAt: string;
        };
        Bill: {
            billID: string;
            businessID: string;
            vendorID: string;
            status: components["schemas"]["BillStatus"];
            currency: string;
            totals: components["schemas"]["Totals"];
            VendorBillPayload: components["schemas"]["VendorBillPayload"];
            lastDecision: components["schemas"]["Decision"] | null;
            /** Format: date-time */
            confirmedAt: string | null;
            payment: components["schemas"]["Payment"] | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            createdBy: string;
        };
        ReviewRequest: {
            reason?: string;
        };
        NoteRequest: {
            note?: string;
        };
        PaidExternallyRequest: {
            emails?: string[];
            note?: string;
        };
        /** @enum {string} */
        Role: "viewer" | "clerk" | "approver" | "admin";
        /** @enum {string} */
        Permission: "bills:read" | "bills:write" | "bills:review" | "bills:pay" | "profile:read";
        User: {
            userID: string;
            /** Format: email */
            email: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
        };
        Membership: {
            businessID: string;
            businessName: string;
            role: components["schemas"]["Role"];
        };
        UserInfo: {
            user: components["schemas"]["User"];
            defaultBusinessID: string | null;
            memberships: components["schemas"]["Membership"][];
            /** @description What the presented token allows in the default business. */
            permissions: components["schemas"]["Permission"][];
        };
        SignUpRequest: {
            /** Format: email */
            email: string;
            password: string;
            name: string;
            /** @description Defaults to "{name}'s business". */
            businessName?: string;
        };
        LogInRequest: {
            /** Format: email */
            email: string;
            password: string;
        };
        Session: {
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            expires_in: number;
            user: components["schemas"]["User"];
        };
        AppAuthorization: {
            app_id: string;
            app_key: string;
            state: string;
            redirect_uri: string;
            /** @description Comma-separated permission names (see `x-permissions`). */
            permissions: string;
        };
        MessageEnvelope: {
            data: {
                message: string;
            };
            /** @constant */
            status_code: 200;
        };
        /** @description The JSON client-error object of the OAuth and event endpoints. */
        ClientError: {
            /**
             * @description RFC 6749 code on OAuth endpoints (`invalid_request`, `invalid_client`, `invalid_grant`,
             *     `unauthorized_client`, `unsupported_grant_type`, `invalid_scope`, `access_denied`, `server_error`),
             *     and `invalid_token` (RFC 6750 §3.1) when the bearer token of authorize or grant is missing or bad;
             *     on event endpoints `invalid_request`, `invalid_credentials`, `unknown_event`, `event_already_registered`,
             *     `reserved_event`, `unknown_subscription`, `subscription_exists`, `server_error`.
             */
            error: string;
            error_description: string;
            status_code: number;
            errors?: components["schemas"]["FieldError"][];
        };
        FieldError: {
            /** @enum {string} */
            in: "query" | "header" | "body" | "path";
            /** @description The parameter or header name, or the body field as a dotted path. */
            name: string;
            message: string;
        };
        /** @description [RFC 9457](https://www.rfc-editor.org/rfc/rfc9457) problem details with a stable `code`. */
        Problem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /**
             * @description Stable machine-readable code: `VALIDATION_FAILED`, `INVALID_IDENTIFIER`, `BUSINESS_REQUIRED`,
             *     `BODY_TOO_LARGE`, `UNAUTHORIZED`, `TOKEN_EXPIRED`, `TOKEN_INVALID`, `TOKEN_REVOKED`,
             *     `INVALID_CREDENTIALS`, `NOT_A_MEMBER`, `MISSING_PERMISSION`, `BILL_NOT_FOUND`, `PAYOUT_NOT_FOUND`,
             *     `NOT_FOUND`, the lifecycle codes of `x-lifecycle`, `BILL_ALREADY_CONFIRMED`, `PAYOUT_ALREADY_LINKED`,
             *     `PAYOUT_MISMATCH`, `EMAIL_TAKEN`, `INJECTED_FAULT`, `INTERNAL`.
             */
            code: string;
            detail: string;
            errors?: components["schemas"]["FieldError"][];
            billStatus?: components["schemas"]["BillStatus"];
        };
        EventCode: string;
        PublishData: {
            code: components["schemas"]["EventCode"];
            /** @description Delivered unchanged as `data.payload`. */
            payload: {
                [key: string]: unknown;
            };
            idempotencyKey?: string;
        };
        PublishEnvelope: {
            data: {
                message: string;
                eventID: string;
                /** @description Subscriptions the event was sent to. */
                deliveries: number;
                /** @description true when the idempotency key was seen before. */
                duplicate?: boolean;
            };
            /** @constant */
            status_code: 200;
        };
        /** @description `whsec_` and the base64 of 24 to 64 random bytes. */
        WebhookSecret: string;
        SubscriptionCreate: {
            code: components["schemas"]["EventCode"];
            /** Format: uri */
            url: string;
            secret?: components["schemas"]["WebhookSecret"];
            description?: string;
            /** @default true */
            enabled?: boolean;
        };
        SubscriptionUpdate: {
            subscriptionID: string;
            /** Format: uri */
            url?: string;
            secret?: components["schemas"]["WebhookSecret"];
            rotateSecret?: boolean;
            description?: string;
            enabled?: boolean;
        };
        SubscriptionEnvelope: {
            data: {
                message: string;
                subscriptionID: string;
                secret?: components["schemas"]["WebhookSecret"];
            };
            /** @constant */
            status_code: 200;
        };
        WebhookPayload: {
            type: components["schemas"]["EventCode"];
            /** Format: date-time */
            timestamp: string;
            data: {
                eventID: string;
                code: components["schemas"]["EventCode"];
                /** @description The publishing app's id, or `service` for bill events. */
                publishedBy: string;
                payload: {
                    [key: string]: unknown;
                };
            };
        };
        SandboxSummary: {
            counts: {
                [key: string]: number;
            };
            /** Format: date-time */
            clock: string;
        };
        /** @description The whole simulator state. Its collections' shapes are internal; `version` guards imports. */
        SandboxState: {
            /** @constant */
            version: 1;
            /** Format: date-time */
            clock: string;
            collections: {
                [key: string]: Record<string, never>[];
            };
        };
        LoggedRequest: {
            /** Format: date-time */
            at: string;
            method: string;
            path: string;
            /** @description Redacted query string. */
            query: string;
            operationId?: string | null;
            status: number;
            durationMs: number;
            errorCode?: string;
        };
        Clock: {
            /** Format: date-time */
            now: string;
            /** @description How far the virtual clock runs ahead of the real one. */
            offsetSeconds: number;
        };
        FaultRule: {
            status?: number;
            latencyMs?: number;
            /** @description Fire this many times, then drop the rule. */
            times?: number;
        };
        /** @description Rules by operationId. */
        FaultRules: {
            [key: string]: components["schemas"]["FaultRule"];
        };
        Notification: {
            notificationID: string;
            /** Format: email */
            to: string;
            subject: string;
            body: string;
            billID: string;
            /** Format: date-time */
            at: string;
        };
        /**
         * @description `pending`: an attempt is due at `nextAttemptAt`. `succeeded`: a receiver answered 2xx. `failed`: all
         *     8 attempts failed. `disabled`: the subscription was disabled (a 410 answer, or `enabled: false`)
         *     before the delivery succeeded; nothing more is sent.
         * @enum {string}
         */
        DeliveryStatus: "pending" | "succeeded" | "failed" | "disabled";
        DeliveryAttempt: {
            /**
             * Format: date-time
             * @description Start of the attempt, on the virtual clock.
             */
            at: string;
            /** @description Real time until the answer's status line or the failure. */
            durationMs: number;
            /** @description The receiver's status; null without an answer. */
            responseStatus?: number | null;
            /**
             * @description `success` (2xx), `http_error` (another status), `redirect` (3xx, not followed), `timeout`,
             *     `network_error` (no connection), `gone` (410: the subscription is disabled).
             * @enum {string}
             */
            outcome: "success" | "http_error" | "redirect" | "timeout" | "network_error" | "gone";
            /** @description What went wrong, in words; absent on success. */
            error?: string;
        };
        Delivery: {
            deliveryID: string;
            /** @description The `webhook-id` header: the same on every attempt and replay. */
            webhookID: string;
            subscriptionID: string;
            eventID: string;
            code: components["schemas"]["EventCode"];
            /** @description The URL of the latest attempt (the subscription's URL then). */
            url: string;
            status: components["schemas"]["DeliveryStatus"];
            attempts: components["schemas"]["DeliveryAttempt"][];
            /** Format: date-time */
            nextAttemptAt: string | null;
            /** @description The delivery this one replays; null for the original. */
            replayOf: string | null;
        };
        SubscriptionHealth: {
            subscriptionID: string;
            enabled: boolean;
            disabledReason: string | null;
            attempts: number;
            successes: number;
            failures: number;
            lastStatus: number | null;
            /** Format: date-time */
            lastAttemptAt: string | null;
            pending: number;
        };
    };
    responses: {
        /** @description Invalid or missing parameters, headers or body; `errors` names each one. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Missing, malformed, expired or revoked access token, or wrong credentials. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The caller is not a member of the business (`NOT_A_MEMBER`) or lacks the operation's permission
         *     (`MISSING_PERMISSION`, naming it).
         */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such bill in the business (`BILL_NOT_FOUND`), or no such payout (`PAYOUT_NOT_FOUND`). */
        BillNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such resource. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The resource's state does not allow the operation (see `x-lifecycle`), or a duplicate. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Server-side failure. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Invalid request body or parameters. */
        ClientBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ClientError"];
            };
        };
        /** @description Invalid credentials, headers or code. */
        ClientUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ClientError"];
            };
        };
        /** @description A duplicate. */
        ClientConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ClientError"];
            };
        };
        /** @description Server-side failure. */
        ClientServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ClientError"];
            };
        };
        /** @description [RFC 6749 §5.2](https://www.rfc-editor.org/rfc/rfc6749#section-5.2) error. */
        OAuthError: {
            headers: {
                "Cache-Control": components["headers"]["NoStore"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ClientError"];
            };
        };
    };
    parameters: {
        /**
         * @description Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).
         * @example SERVICE
         */
        XIdentifier: "SERVICE";
        /**
         * @description Active business. Defaults to the caller's first membership; required on confirm.
         * @example biz_acme
         */
        XServiceBusinessID: string;
        /** @example bill_0001 */
        BillID: string;
        /** @example app_ledgerly */
        XServiceAppID: string;
        /** @example key_ledgerly */
        XServiceKeyID: string;
        /** @example ks_ledgerly_demo */
        XServiceKeySecret: string;
    };
    requestBodies: {
        VendorBill: {
            content: {
                "application/json": {
                    VendorBillPayload: components["schemas"]["VendorBillPayload"];
                };
            };
        };
    };
    headers: {
        /** @description [RFC 6749 §5.1](https://www.rfc-editor.org/rfc/rfc6749#section-5.1): token responses are not cached. */
        NoStore: "no-store";
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getBill: {
        parameters: {
            query: {
                /** @example bill_0001 */
                billID: components["parameters"]["BillID"];
            };
            header: {
                /**
                 * @description Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).
                 * @example SERVICE
                 */
                "X-Identifier": components["parameters"]["XIdentifier"];
                /**
                 * @description Active business. Defaults to the caller's first membership; required on confirm.
                 * @example biz_acme
                 */
                "X-Service-Business-ID"?: components["parameters"]["XServiceBusinessID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["BillNotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["ServerError"];
        };
    };
    updateBill: {
        parameters: {
            query: {
                /** @example bill_0001 */
                billID: components["parameters"]["BillID"];
            };
            header: {
                /**
                 * @description Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).
                 * @example SERVICE
                 */
                "X-Identifier": components["parameters"]["XIdentifier"];
                /**
                 * @description Active business. Defaults to the caller's first membership; required on confirm.
                 * @example biz_acme
                 */
                "X-Service-Business-ID"?: components["parameters"]["XServiceBusinessID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["VendorBill"];
        responses: {
            /** @description The updated bill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["BillNotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["ServerError"];
        };
    };
    createBill: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).
                 * @example SERVICE
                 */
                "X-Identifier": components["parameters"]["XIdentifier"];
                /**
                 * @description Active business. Defaults to the caller's first membership; required on confirm.
                 * @example biz_acme
                 */
                "X-Service-Business-ID"?: components["parameters"]["XServiceBusinessID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["VendorBill"];
        responses: {
            /** @description The created bill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["BillNotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["ServerError"];
        };
    };
    listBills: {
        parameters: {
            query?: {
                /** @example ven_acme */
                vendorID?: string;
                /** @example 1 */
                page?: number;
                /** @example 20 */
                size?: number;
                /**
                 * @description Repeat the parameter for several states, `status=draft&status=review`.
                 * @example [
                 *       "draft",
                 *       "review"
                 *     ]
                 */
                status?: components["schemas"]["BillStatus"][];
            };
            header: {
                /**
                 * @description Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).
                 * @example SERVICE
                 */
                "X-Identifier": components["parameters"]["XIdentifier"];
                /**
                 * @description Active business. Defaults to the caller's first membership; required on confirm.
                 * @example biz_acme
                 */
                "X-Service-Business-ID"?: components["parameters"]["XServiceBusinessID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bills. */
            200: {
                headers: {
                    /** @description Number of bills matching the filters, across all pages. */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bill"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["BillNotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["ServerError"];
        };
    };
    reviewBill: {
        parameters: {
            query: {
                /** @example bill_0001 */
                billID: components["parameters"]["BillID"];
                /** @example APPROVE */
                action: components["schemas"]["ReviewAction"];
            };
            header: {
                /**
                 * @description Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).
                 * @example SERVICE
                 */
                "X-Identifier": components["parameters"]["XIdentifier"];
                /**
                 * @description Active business. Defaults to the caller's first membership; required on confirm.
                 * @example biz_acme
                 */
                "X-Service-Business-ID"?: components["parameters"]["XServiceBusinessID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ReviewRequest"];
            };
        };
        responses: {
            /** @description The reviewed bill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["BillNotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["ServerError"];
        };
    };
    confirmBill: {
        parameters: {
            query: {
                /** @example bill_0001 */
                billID: components["parameters"]["BillID"];
            };
            header: {
                /**
                 * @description Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).
                 * @example SERVICE
                 */
                "X-Identifier": components["parameters"]["XIdentifier"];
                /**
                 * @description Active business. Defaults to the caller's first membership; required on confirm.
                 * @example biz_acme
                 */
                "X-Service-Business-ID"?: components["parameters"]["XServiceBusinessID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NoteRequest"];
            };
        };
        responses: {
            /** @description The confirmed bill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["BillNotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["ServerError"];
        };
    };
    markBillPaidExternally: {
        parameters: {
            query: {
                /** @example bill_0001 */
                billID: components["parameters"]["BillID"];
            };
            header: {
                /**
                 * @description Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).
                 * @example SERVICE
                 */
                "X-Identifier": components["parameters"]["XIdentifier"];
                /**
                 * @description Active business. Defaults to the caller's first membership; required on confirm.
                 * @example biz_acme
                 */
                "X-Service-Business-ID"?: components["parameters"]["XServiceBusinessID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaidExternallyRequest"];
            };
        };
        responses: {
            /** @description The paid bill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["BillNotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["ServerError"];
        };
    };
    mapBillToPayout: {
        parameters: {
            query: {
                /** @example bill_0001 */
                billID: components["parameters"]["BillID"];
                /** @example pay_0001 */
                payoutID: string;
            };
            header: {
                /**
                 * @description Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).
                 * @example SERVICE
                 */
                "X-Identifier": components["parameters"]["XIdentifier"];
                /**
                 * @description Active business. Defaults to the caller's first membership; required on confirm.
                 * @example biz_acme
                 */
                "X-Service-Business-ID"?: components["parameters"]["XServiceBusinessID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["NoteRequest"];
            };
        };
        responses: {
            /** @description The paid bill. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bill"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["BillNotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["ServerError"];
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignUpRequest"];
            };
        };
        responses: {
            /** @description Signed up and signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["ServerError"];
        };
    };
    logIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LogInRequest"];
            };
        };
        responses: {
            /** @description Signed in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["ServerError"];
        };
    };
    getUserInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInfo"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["ServerError"];
        };
    };
    oauthAuthorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: components["schemas"]["AppAuthorization"];
                };
            };
        };
        responses: {
            /** @description The authorization code and the user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Single-use authorization code. */
                            code: string;
                            user_id: string;
                            /** @description The request's `state`, echoed byte for byte. */
                            state?: string;
                        };
                        /** @constant */
                        status_code: 200;
                    };
                };
            };
            400: components["responses"]["ClientBadRequest"];
            401: components["responses"]["ClientUnauthorized"];
            500: components["responses"]["ClientServerError"];
        };
    };
    oauthGrantPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    permissions: components["schemas"]["AppAuthorization"];
                };
            };
        };
        responses: {
            /** @description The grant was recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageEnvelope"];
                };
            };
            400: components["responses"]["ClientBadRequest"];
            401: components["responses"]["ClientUnauthorized"];
            500: components["responses"]["ClientServerError"];
        };
    };
    oauthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: {
                        auth_code: string;
                        key_id: string;
                        key_secret: string;
                    };
                };
            };
        };
        responses: {
            /** @description The access token. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description JWT access token, opaque to clients. */
                            access_token: string;
                            /** @constant */
                            token_type?: "Bearer";
                            /** @description Seconds. */
                            expires_in?: number;
                            /** @description Comma-separated permissions the token carries. */
                            permissions?: string;
                        };
                        /** @constant */
                        status_code: 200;
                    };
                };
            };
            400: components["responses"]["ClientBadRequest"];
            401: components["responses"]["ClientUnauthorized"];
            500: components["responses"]["ClientServerError"];
        };
    };
    redirectAuthorize: {
        parameters: {
            query: {
                /** @example code */
                response_type: "code";
                /** @example cli_ledgerly_web */
                client_id: string;
                /** @example http://127.0.0.1:5173/auth/callback */
                redirect_uri: string;
                /**
                 * @description Recommended; echoed byte for byte.
                 * @example 6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c
                 */
                state?: string;
                /** @example ledgerly */
                platform: string;
                /** @example sign-in */
                flow?: "sign-in" | "sign-up";
                /** @example E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM */
                code_challenge?: string;
                /** @example S256 */
                code_challenge_method?: "S256";
            };
            header?: {
                /** @example application/json */
                Accept?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to send the browser. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        redirect_url: string;
                    };
                };
            };
            400: components["responses"]["OAuthError"];
            500: components["responses"]["ClientServerError"];
        };
    };
    signInPage: {
        parameters: {
            query: {
                /** @example req_Q2x7fK9mPz */
                request: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><form method="post" action="/v1/oauth/signin">...</form> */
                    "text/html": string;
                };
            };
            /** @description Unknown or expired sign-in request. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><p>This sign-in link has expired.</p> */
                    "text/html": string;
                };
            };
        };
    };
    signInSubmit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    request: string;
                    /** @enum {string} */
                    decision: "allow" | "deny";
                    email?: string;
                    password?: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The form again, with an error message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><p role="alert">Wrong email or password.</p> */
                    "text/html": string;
                };
            };
            /** @description Back to the client's `redirect_uri`. */
            302: {
                headers: {
                    /** @example http://127.0.0.1:5173/auth/callback?code=rc_7hQ2mZ&state=6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unknown or expired sign-in request. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><p>This sign-in link has expired.</p> */
                    "text/html": string;
                };
            };
        };
    };
    redirectToken: {
        parameters: {
            query: {
                /** @example authorization_code */
                grant_type: string;
                /** @example rc_7hQ2mZ */
                code: string;
                /** @example http://127.0.0.1:5173/auth/callback */
                redirect_uri: string;
                /** @example cli_ledgerly_web */
                client_id: string;
                /** @example cs_ledgerly_demo */
                client_secret: string;
                /** @example 6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c */
                state?: string;
                /** @example dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk */
                code_verifier?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The access token. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @constant */
                        token_type?: "Bearer";
                        expires_in?: number;
                    };
                };
            };
            400: components["responses"]["OAuthError"];
            401: components["responses"]["OAuthError"];
            500: components["responses"]["ClientServerError"];
        };
    };
    registerEvent: {
        parameters: {
            query: {
                /** @example invoice.synced */
                name: components["schemas"]["EventCode"];
            };
            header: {
                /** @example app_ledgerly */
                "X-Service-App-ID": components["parameters"]["XServiceAppID"];
                /** @example key_ledgerly */
                "X-Service-Key-ID": components["parameters"]["XServiceKeyID"];
                /** @example ks_ledgerly_demo */
                "X-Service-Key-Secret": components["parameters"]["XServiceKeySecret"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageEnvelope"];
                };
            };
            400: components["responses"]["ClientBadRequest"];
            401: components["responses"]["ClientUnauthorized"];
            409: components["responses"]["ClientConflict"];
            500: components["responses"]["ClientServerError"];
        };
    };
    publishEvent: {
        parameters: {
            query?: never;
            header: {
                /** @example app_ledgerly */
                "X-Service-App-ID": components["parameters"]["XServiceAppID"];
                /** @example key_ledgerly */
                "X-Service-Key-ID": components["parameters"]["XServiceKeyID"];
                /** @example ks_ledgerly_demo */
                "X-Service-Key-Secret": components["parameters"]["XServiceKeySecret"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: components["schemas"]["PublishData"];
                };
            };
        };
        responses: {
            /** @description Published. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishEnvelope"];
                };
            };
            400: components["responses"]["ClientBadRequest"];
            401: components["responses"]["ClientUnauthorized"];
            409: components["responses"]["ClientConflict"];
            500: components["responses"]["ClientServerError"];
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header: {
                /** @example app_ledgerly */
                "X-Service-App-ID": components["parameters"]["XServiceAppID"];
                /** @example key_ledgerly */
                "X-Service-Key-ID": components["parameters"]["XServiceKeyID"];
                /** @example ks_ledgerly_demo */
                "X-Service-Key-Secret": components["parameters"]["XServiceKeySecret"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subs: components["schemas"]["SubscriptionCreate"];
                };
            };
        };
        responses: {
            /** @description Subscribed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionEnvelope"];
                };
            };
            400: components["responses"]["ClientBadRequest"];
            401: components["responses"]["ClientUnauthorized"];
            409: components["responses"]["ClientConflict"];
            500: components["responses"]["ClientServerError"];
        };
    };
    updateSubscription: {
        parameters: {
            query?: never;
            header: {
                /** @example app_ledgerly */
                "X-Service-App-ID": components["parameters"]["XServiceAppID"];
                /** @example key_ledgerly */
                "X-Service-Key-ID": components["parameters"]["XServiceKeyID"];
                /** @example ks_ledgerly_demo */
                "X-Service-Key-Secret": components["parameters"]["XServiceKeySecret"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subs: components["schemas"]["SubscriptionUpdate"];
                };
            };
        };
        responses: {
            /** @description Updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionEnvelope"];
                };
            };
            400: components["responses"]["ClientBadRequest"];
            401: components["responses"]["ClientUnauthorized"];
            409: components["responses"]["ClientConflict"];
            500: components["responses"]["ClientServerError"];
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A JWK Set ([RFC 7517 §5](https://www.rfc-editor.org/rfc/rfc7517#section-5)). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            kty: string;
                            kid: string;
                            alg?: string;
                            use?: string;
                            crv?: string;
                            x?: string;
                            y?: string;
                        }[];
                    };
                };
            };
        };
    };
    sandboxReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxSummary"];
                };
            };
        };
    };
    sandboxExportState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state, as `--state FILE` stores it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxState"];
                };
            };
        };
    };
    sandboxImportState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxState"];
            };
        };
        responses: {
            /** @description Imported. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    sandboxRequestLog: {
        parameters: {
            query?: {
                /** @example 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latest requests. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoggedRequest"][];
                };
            };
        };
    };
    sandboxClearRequestLog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    sandboxGetClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
        };
    };
    sandboxAdvanceClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    seconds: number;
                };
            };
        };
        responses: {
            /** @description The clock after the move. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    sandboxGetFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultRules"];
                };
            };
        };
    };
    sandboxSetFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultRules"];
            };
        };
        responses: {
            /** @description The rules now in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultRules"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    sandboxClearFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    sandboxOutbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outbox, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"][];
                };
            };
        };
    };
    sandboxListDeliveries: {
        parameters: {
            query?: {
                /** @example sub_3nT8qL1x */
                subscriptionID?: string;
                /** @example evt_5kR2nQ8w */
                eventID?: string;
                /** @example failed */
                status?: components["schemas"]["DeliveryStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"][];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    sandboxReplayDelivery: {
        parameters: {
            query: {
                /** @example dlv_0001 */
                deliveryID: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    sandboxSubscriptionHealth: {
        parameters: {
            query: {
                /** @example sub_3nT8qL1x */
                subscriptionID: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Health. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionHealth"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    webhookDelivery: {
        parameters: {
            query?: never;
            header: {
                /** @example msg_2b7Qm4xK9pLz */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt.
                 * @example 1763892000
                 */
                "webhook-timestamp": string;
                /** @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4= */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
