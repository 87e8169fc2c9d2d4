// Generated from spec/openapi.yaml by scripts/generate.ts. Do not edit: run `npm run generate`.
/* biome-ignore-all format: generated */
export const spec = {
  "openapi": "3.1.0",
  "info": {
    "title": "Service API (vendor bills, OAuth 2.0 sign-in, events and webhooks)",
    "version": "1.0.0",
    "summary": "The contract that service-sandbox simulates and its conformance suite checks.",
    "description": "The whole interface of the Service: vendor bills, sign-in, the app-credential OAuth endpoints,\nthe redirect (\"sign in with the Service\") OAuth flow, events with webhook subscriptions, and the\nwebhook deliveries themselves. Operations tagged `sandbox` are the simulator's control API and are\n**not part of the Service's contract**; a real deployment does not serve them.\n\n## Decisions where the interface says \"not shown\"\nEach decision is written next to what it governs (operation descriptions, `x-` extensions). In short:\n\n- **Order of checks** on every operation: authentication (401), then request validation (400, naming\n  the parameter, header or body field), then business access and permissions (403), then existence\n  (404), then state (409).\n- **Errors**: bill, sign-in and sandbox operations answer `application/problem+json`\n  ([RFC 9457](https://www.rfc-editor.org/rfc/rfc9457)) with a stable upper-case `code`; the\n  app-credential OAuth, redirect OAuth and event operations answer the JSON client-error object\n  `{error, error_description, status_code}` whose `error` is an\n  [RFC 6749 §5.2](https://www.rfc-editor.org/rfc/rfc6749#section-5.2) code or a lower-case event code.\n  Never HTML, never a stack trace.\n- **Access tokens** are JWTs (ES256) signed by the service and published at `GET /.well-known/jwks.json`.\n  Lifetime 3600 s. `Authorization: Bearer <jwt>` and the bare token are both accepted (the interface\n  shows both); a token in the query string is refused. `alg: none`, a bad signature, another issuer or\n  an expired token give 401.\n- **Authorization codes** (both OAuth mechanisms) are single use and live 600 s\n  ([RFC 6749 §4.1.2](https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2)); a second use of a code is\n  refused with `invalid_grant` and revokes every token issued from it (which then gets 401\n  `TOKEN_REVOKED`). Codes are stored only as SHA-256 hashes; redirect URIs are compared by exact string\n  equality. Tokens from the app-credential flow carry the granted permissions; the redirect flow's token\n  acts as the signed-in user.\n- **Business scope**: bills belong to a business. `X-Service-Business-ID` selects it; when absent the\n  caller's default business (the first membership, see `GET /auth/user/info`) is used, except on the\n  business API `POST /vendor/bill/confirm`, which requires it. A business the caller is not a member of\n  gives 403; a bill of another business gives 404 (existence is never revealed).\n- **Roles and permissions**: see `x-roles` and each operation's `x-permission`. A user token has its role's\n  permissions; an app token (from `POST /oauth/token`) has the permissions granted to the app, limited by\n  the user's role.\n- **Lifecycle**: the `x-lifecycle` table below drives the simulator and the conformance suite alike.\n- **Lists**: `page` starts at 1 (default 1); `size` defaults to 20, at most 100 (larger: 400). Order is\n  stable: creation order, oldest first. The total count is in the `X-Total-Count` response header.\n- **Limits**: request bodies up to 1 MiB (larger: 413 is not in the contract, so the sandbox answers 400\n  `BODY_TOO_LARGE`); rate limits: none.\n",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "http://127.0.0.1:4010",
      "description": "Development (service-sandbox, `npm start`)"
    },
    {
      "url": "https://api.service.example",
      "description": "Production (placeholder for `{base_url}`)"
    }
  ],
  "tags": [
    {
      "name": "bills",
      "description": "Vendor bills, scoped to a business."
    },
    {
      "name": "sign-in",
      "description": "First-party sign-in that issues the access token bill operations take."
    },
    {
      "name": "oauth-app",
      "description": "App-credential OAuth 2.0 endpoints (JSON, `{data, status_code}` envelope)."
    },
    {
      "name": "oauth-redirect",
      "description": "Redirect-based Authorization Code flow on the authorize host, under `/v1`."
    },
    {
      "name": "events",
      "description": "Event registration, publishing and webhook subscriptions, authenticated by app headers."
    },
    {
      "name": "keys",
      "description": "Public keys to verify access tokens."
    },
    {
      "name": "sandbox",
      "description": "**Not part of the Service's contract.** The simulator's control API: reset, state export and import,\nrequest log, virtual clock, fault injection, notification outbox, webhook deliveries.\n"
    }
  ],
  "x-roles": {
    "viewer": [
      "bills:read"
    ],
    "clerk": [
      "bills:read",
      "bills:write"
    ],
    "approver": [
      "bills:read",
      "bills:review"
    ],
    "admin": [
      "bills:read",
      "bills:write",
      "bills:review",
      "bills:pay",
      "profile:read"
    ]
  },
  "x-permissions": {
    "bills:read": "Read bills (get, list).",
    "bills:write": "Create and update bills.",
    "bills:review": "Approve or decline bills in review.",
    "bills:pay": "Confirm bills and settle them (paid externally, map to payout).",
    "profile:read": "Read the signed-in user's profile through GET /auth/user/info with an app token."
  },
  "x-lifecycle": {
    "description": "Every bill operation that changes state is listed with the states it may start from and the state it\nleaves. `when` narrows a row: `submit` means `VendorBillPayload.submit` is true; `APPROVE` and `DECLINE`\nare the review actions. An operation on a bill whose state has no row answers 409 with the operation's\n`conflictCode`; a paid bill always answers `BILL_ALREADY_PAID`. DECLINE returns the bill to `draft`\nand records the decision in `lastDecision`. Confirm keeps the bill `approved` and sets `confirmedAt`;\nconfirming twice answers `BILL_ALREADY_CONFIRMED`. Settling does not require confirmation.\n",
    "states": [
      "draft",
      "review",
      "approved",
      "paid"
    ],
    "transitions": [
      {
        "operation": "createBill",
        "from": null,
        "to": "draft"
      },
      {
        "operation": "createBill",
        "when": "submit",
        "from": null,
        "to": "review"
      },
      {
        "operation": "updateBill",
        "from": "draft",
        "to": "draft"
      },
      {
        "operation": "updateBill",
        "when": "submit",
        "from": "draft",
        "to": "review"
      },
      {
        "operation": "updateBill",
        "from": "review",
        "to": "review"
      },
      {
        "operation": "reviewBill",
        "when": "APPROVE",
        "from": "review",
        "to": "approved"
      },
      {
        "operation": "reviewBill",
        "when": "DECLINE",
        "from": "review",
        "to": "draft"
      },
      {
        "operation": "confirmBill",
        "from": "approved",
        "to": "approved"
      },
      {
        "operation": "markBillPaidExternally",
        "from": "approved",
        "to": "paid"
      },
      {
        "operation": "mapBillToPayout",
        "from": "approved",
        "to": "paid"
      }
    ],
    "conflictCodes": {
      "updateBill": "BILL_NOT_EDITABLE",
      "reviewBill": "BILL_NOT_IN_REVIEW",
      "confirmBill": "BILL_NOT_APPROVED",
      "markBillPaidExternally": "BILL_NOT_APPROVED",
      "mapBillToPayout": "BILL_NOT_APPROVED"
    },
    "paidConflictCode": "BILL_ALREADY_PAID",
    "events": {
      "createBill": "bill.created",
      "submit": "bill.submitted",
      "APPROVE": "bill.approved",
      "DECLINE": "bill.declined",
      "confirmBill": "bill.confirmed",
      "markBillPaidExternally": "bill.paid",
      "mapBillToPayout": "bill.paid"
    }
  },
  "x-lifetimes": {
    "accessTokenSeconds": 3600,
    "authorizationCodeSeconds": 600,
    "signInRequestSeconds": 900,
    "rotatedSecretGraceSeconds": 86400,
    "idempotencyKeySeconds": 86400
  },
  "paths": {
    "/vendor/bill": {
      "get": {
        "operationId": "getBill",
        "summary": "Get a bill",
        "tags": [
          "bills"
        ],
        "x-permission": "bills:read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XIdentifier"
          },
          {
            "$ref": "#/components/parameters/XServiceBusinessID"
          },
          {
            "$ref": "#/components/parameters/BillID"
          }
        ],
        "responses": {
          "200": {
            "description": "The bill.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Bill"
                },
                "examples": {
                  "draft": {
                    "$ref": "#/components/examples/DraftBill"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/BillNotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "post": {
        "operationId": "createBill",
        "summary": "Create a bill",
        "description": "Creates a bill in `draft`, or in `review` when `VendorBillPayload.submit` is true. The vendor must\nbelong to the business (else 400 naming `VendorBillPayload.vendorID`). Emits `bill.created`\n(and `bill.submitted` when submitted). 409 is not produced by this operation.\n",
        "tags": [
          "bills"
        ],
        "x-permission": "bills:write",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XIdentifier"
          },
          {
            "$ref": "#/components/parameters/XServiceBusinessID"
          }
        ],
        "requestBody": {
          "$ref": "#/components/requestBodies/VendorBill"
        },
        "responses": {
          "200": {
            "description": "The created bill.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Bill"
                },
                "examples": {
                  "draft": {
                    "$ref": "#/components/examples/DraftBill"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/BillNotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      },
      "put": {
        "operationId": "updateBill",
        "summary": "Update a bill",
        "description": "Replaces the bill's `VendorBillPayload` (a full replacement, not a merge). Allowed in `draft` and\n`review`; `submit: true` moves a draft to review (emits `bill.submitted`). Other states: 409\n`BILL_NOT_EDITABLE`, or `BILL_ALREADY_PAID`.\n",
        "tags": [
          "bills"
        ],
        "x-permission": "bills:write",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XIdentifier"
          },
          {
            "$ref": "#/components/parameters/XServiceBusinessID"
          },
          {
            "$ref": "#/components/parameters/BillID"
          }
        ],
        "requestBody": {
          "$ref": "#/components/requestBodies/VendorBill"
        },
        "responses": {
          "200": {
            "description": "The updated bill.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Bill"
                },
                "examples": {
                  "review": {
                    "$ref": "#/components/examples/ReviewBill"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/BillNotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/vendor/bill/list": {
      "get": {
        "operationId": "listBills",
        "summary": "List bills",
        "description": "Bills of the business, filtered by vendor and status, in creation order (oldest first). `page`\nstarts at 1; `size` defaults to 20 and is at most 100. `X-Total-Count` carries the number of\nmatching bills. A page past the end is an empty array.\n",
        "tags": [
          "bills"
        ],
        "x-permission": "bills:read",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XIdentifier"
          },
          {
            "$ref": "#/components/parameters/XServiceBusinessID"
          },
          {
            "name": "vendorID",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 64
            },
            "example": "ven_acme"
          },
          {
            "name": "page",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number",
              "minimum": 1,
              "multipleOf": 1,
              "default": 1
            },
            "example": 1
          },
          {
            "name": "size",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number",
              "minimum": 1,
              "maximum": 100,
              "multipleOf": 1,
              "default": 20
            },
            "example": 20
          },
          {
            "name": "status",
            "in": "query",
            "required": false,
            "style": "form",
            "explode": true,
            "description": "Repeat the parameter for several states, `status=draft&status=review`.",
            "schema": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/BillStatus"
              }
            },
            "example": [
              "draft",
              "review"
            ]
          }
        ],
        "responses": {
          "200": {
            "description": "A page of bills.",
            "headers": {
              "X-Total-Count": {
                "description": "Number of bills matching the filters, across all pages.",
                "schema": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Bill"
                  }
                },
                "examples": {
                  "page": {
                    "summary": "One bill on the page",
                    "value": [
                      {
                        "billID": "bill_0001",
                        "businessID": "biz_acme",
                        "vendorID": "ven_acme_supply",
                        "status": "draft",
                        "currency": "USD",
                        "totals": {
                          "subtotal": 61000,
                          "tax": 3600,
                          "total": 64600
                        },
                        "VendorBillPayload": {
                          "vendorID": "ven_acme_supply",
                          "billNumber": "INV-2041",
                          "currency": "USD",
                          "issueDate": "2026-11-01",
                          "dueDate": "2026-12-01",
                          "lineItems": [
                            {
                              "description": "Printer paper",
                              "quantity": 10,
                              "unitAmount": 4500,
                              "taxRate": 0.08
                            },
                            {
                              "description": "Toner",
                              "quantity": 2,
                              "unitAmount": 8000
                            }
                          ],
                          "costCenter": "OPS-12"
                        },
                        "lastDecision": null,
                        "confirmedAt": null,
                        "payment": null,
                        "createdAt": "2026-11-01T09:00:00.000Z",
                        "updatedAt": "2026-11-01T09:00:00.000Z",
                        "createdBy": "usr_ada"
                      }
                    ]
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/BillNotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/vendor/bill/review": {
      "post": {
        "operationId": "reviewBill",
        "summary": "Approve or decline a bill in review",
        "description": "`APPROVE` moves `review` to `approved`; `DECLINE` moves `review` back to `draft` and records the\ndecision (with the optional reason) in `lastDecision`. Other states: 409 `BILL_NOT_IN_REVIEW`, or\n`BILL_ALREADY_PAID`. Emits `bill.approved` or `bill.declined`.\n",
        "tags": [
          "bills"
        ],
        "x-permission": "bills:review",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XIdentifier"
          },
          {
            "$ref": "#/components/parameters/XServiceBusinessID"
          },
          {
            "$ref": "#/components/parameters/BillID"
          },
          {
            "name": "action",
            "in": "query",
            "required": true,
            "schema": {
              "$ref": "#/components/schemas/ReviewAction"
            },
            "example": "APPROVE"
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ReviewRequest"
              },
              "examples": {
                "decline": {
                  "summary": "A reason for a decline",
                  "value": {
                    "reason": "Duplicate of INV-2041"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The reviewed bill.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Bill"
                },
                "examples": {
                  "approved": {
                    "$ref": "#/components/examples/ApprovedBill"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/BillNotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/vendor/bill/confirm": {
      "post": {
        "operationId": "confirmBill",
        "summary": "Confirm an approved bill (business API)",
        "description": "Business API: `X-Service-Business-ID` is required here (400 without it). Confirms an `approved` bill\nfor settlement: the state stays `approved` and `confirmedAt` is set. Other states: 409\n`BILL_NOT_APPROVED` (or `BILL_ALREADY_PAID`); a second confirm: 409 `BILL_ALREADY_CONFIRMED`.\nEmits `bill.confirmed`.\n",
        "tags": [
          "bills"
        ],
        "x-permission": "bills:pay",
        "x-requires-business": true,
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XIdentifier"
          },
          {
            "$ref": "#/components/parameters/XServiceBusinessID"
          },
          {
            "$ref": "#/components/parameters/BillID"
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NoteRequest"
              },
              "examples": {
                "note": {
                  "summary": "A note for the record",
                  "value": {
                    "note": "Scheduled for the Friday run"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The confirmed bill.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Bill"
                },
                "examples": {
                  "confirmed": {
                    "$ref": "#/components/examples/ConfirmedBill"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/BillNotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/vendor/bill/paid/external": {
      "post": {
        "operationId": "markBillPaidExternally",
        "summary": "Mark a bill paid outside the service",
        "description": "Records a payment made outside the service: `approved` to `paid`, with `payment.method` `external`,\nthe note and the emails. Each address in `emails` gets a notification (visible in the sandbox at\n`GET /__sandbox/outbox`). Other states: 409 `BILL_NOT_APPROVED` or `BILL_ALREADY_PAID`. Emits `bill.paid`.\n",
        "tags": [
          "bills"
        ],
        "x-permission": "bills:pay",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XIdentifier"
          },
          {
            "$ref": "#/components/parameters/XServiceBusinessID"
          },
          {
            "$ref": "#/components/parameters/BillID"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/PaidExternallyRequest"
              },
              "examples": {
                "notify": {
                  "summary": "Paid by wire, notify the vendor",
                  "value": {
                    "emails": [
                      "billing@acme.example"
                    ],
                    "note": "Paid by wire 2026-11-20"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The paid bill.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Bill"
                },
                "examples": {
                  "paid": {
                    "$ref": "#/components/examples/PaidExternallyBill"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/BillNotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/vendor/bill/payout": {
      "post": {
        "operationId": "mapBillToPayout",
        "summary": "Settle a bill with an existing payout",
        "description": "Links an existing payout of the business to an `approved` bill, which becomes `paid`. An unknown\npayout (or one of another business): 404 `PAYOUT_NOT_FOUND`. A payout already linked to a bill: 409\n`PAYOUT_ALREADY_LINKED`. A payout whose currency or amount differs from the bill's total: 409\n`PAYOUT_MISMATCH`. Other states: 409 `BILL_NOT_APPROVED` or `BILL_ALREADY_PAID`. Emits `bill.paid`.\n",
        "tags": [
          "bills"
        ],
        "x-permission": "bills:pay",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XIdentifier"
          },
          {
            "$ref": "#/components/parameters/XServiceBusinessID"
          },
          {
            "$ref": "#/components/parameters/BillID"
          },
          {
            "name": "payoutID",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 64
            },
            "example": "pay_0001"
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NoteRequest"
              },
              "examples": {
                "note": {
                  "summary": "A note for the record",
                  "value": {
                    "note": "Batch 2026-11-20"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The paid bill.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Bill"
                },
                "examples": {
                  "paid": {
                    "$ref": "#/components/examples/PaidByPayoutBill"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/BillNotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/auth/signup": {
      "post": {
        "operationId": "signUp",
        "summary": "Create an account and sign in",
        "description": "Creates a user and a business of their own in which they are `admin`, and returns an access token.\nAn email already registered: 409 `EMAIL_TAKEN`.\n",
        "tags": [
          "sign-in"
        ],
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SignUpRequest"
              },
              "examples": {
                "new": {
                  "summary": "A new user and their business",
                  "value": {
                    "email": "new.user@example.com",
                    "password": "correct-horse-battery",
                    "name": "New User",
                    "businessName": "New Co"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Signed up and signed in.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Session"
                },
                "examples": {
                  "session": {
                    "$ref": "#/components/examples/Session"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/auth/login": {
      "post": {
        "operationId": "logIn",
        "summary": "Sign in with email and password",
        "description": "A wrong email or password gives 401 `INVALID_CREDENTIALS` (the two are not told apart).",
        "tags": [
          "sign-in"
        ],
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/LogInRequest"
              },
              "examples": {
                "admin": {
                  "summary": "The demo admin",
                  "value": {
                    "email": "ada@acme.example",
                    "password": "sandbox-admin-1"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Signed in.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Session"
                },
                "examples": {
                  "session": {
                    "$ref": "#/components/examples/Session"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/auth/user/info": {
      "get": {
        "operationId": "getUserInfo",
        "summary": "The signed-in user and their businesses",
        "description": "Takes a user token, or an app token carrying `profile:read` (else 403).",
        "tags": [
          "sign-in"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "responses": {
          "200": {
            "description": "The user.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/UserInfo"
                },
                "examples": {
                  "admin": {
                    "summary": "The demo admin",
                    "value": {
                      "user": {
                        "userID": "usr_ada",
                        "email": "ada@acme.example",
                        "name": "Ada Admin",
                        "createdAt": "2026-01-05T09:00:00.000Z"
                      },
                      "defaultBusinessID": "biz_acme",
                      "memberships": [
                        {
                          "businessID": "biz_acme",
                          "businessName": "Acme Corp",
                          "role": "admin"
                        }
                      ],
                      "permissions": [
                        "bills:read",
                        "bills:write",
                        "bills:review",
                        "bills:pay",
                        "profile:read"
                      ]
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/ServerError"
          }
        }
      }
    },
    "/oauth/authorize": {
      "post": {
        "operationId": "oauthAuthorize",
        "summary": "Authorize an app for the signed-in user (app-credential flow)",
        "description": "Issues a single-use authorization code bound to the user (from the bearer token), the app, the\n`redirect_uri` (exactly one of the app's registered URIs) and the requested permissions together with\nany the user granted earlier through `PATCH /oauth/permissions/grant` (while the app may still ask for\nthem). The bearer token must be the user's own: an app token cannot authorize apps (401\n`invalid_token`). Wrong `app_id`/`app_key`: 401 `invalid_client`. A `redirect_uri` not exactly equal to\none the app registered: 400 `invalid_request`. A permission not in `x-permissions` or not among the\napp's allowed ones: 400 `invalid_scope`. The code lives 600 s; the response carries\n`Cache-Control: no-store`.\n",
        "tags": [
          "oauth-app"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "token"
                ],
                "additionalProperties": false,
                "properties": {
                  "token": {
                    "$ref": "#/components/schemas/AppAuthorization"
                  }
                }
              },
              "examples": {
                "read": {
                  "summary": "Read and write bills",
                  "value": {
                    "token": {
                      "app_id": "app_ledgerly",
                      "app_key": "ak_ledgerly_demo",
                      "state": "3f1c9a7e-2b1d-4f5e-9c3a-6d2b8e1f0a47",
                      "redirect_uri": "http://127.0.0.1:5173/callback",
                      "permissions": "bills:read,bills:write"
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The authorization code and the user.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data",
                    "status_code"
                  ],
                  "properties": {
                    "data": {
                      "type": "object",
                      "required": [
                        "code",
                        "user_id"
                      ],
                      "properties": {
                        "code": {
                          "type": "string",
                          "description": "Single-use authorization code."
                        },
                        "user_id": {
                          "type": "string"
                        },
                        "state": {
                          "type": "string",
                          "description": "The request's `state`, echoed byte for byte."
                        }
                      }
                    },
                    "status_code": {
                      "type": "integer",
                      "const": 200
                    }
                  }
                },
                "examples": {
                  "code": {
                    "summary": "A code for the user",
                    "value": {
                      "data": {
                        "code": "ac_8Jm2kQxW4nT7vB1c",
                        "user_id": "usr_ada",
                        "state": "3f1c9a7e-2b1d-4f5e-9c3a-6d2b8e1f0a47"
                      },
                      "status_code": 200
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/ClientBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ClientUnauthorized"
          },
          "500": {
            "$ref": "#/components/responses/ClientServerError"
          }
        }
      }
    },
    "/oauth/permissions/grant": {
      "patch": {
        "operationId": "oauthGrantPermissions",
        "summary": "Grant an app further permissions",
        "description": "Records the extra permissions for the (user, app) pair. They are included by the next\n`POST /oauth/authorize`, whose code then yields a token carrying them. Grants only add permissions.\nSame credential and validation rules as authorize (the user's own token, the app's key, an exactly\nregistered `redirect_uri`, documented and allowed permissions).\n",
        "tags": [
          "oauth-app"
        ],
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "permissions"
                ],
                "additionalProperties": false,
                "properties": {
                  "permissions": {
                    "$ref": "#/components/schemas/AppAuthorization"
                  }
                }
              },
              "examples": {
                "pay": {
                  "summary": "Add the pay permission",
                  "value": {
                    "permissions": {
                      "app_id": "app_ledgerly",
                      "app_key": "ak_ledgerly_demo",
                      "state": "9b2e4c1d-7a3f-4e8b-b5d6-0c1f2a3e4d5b",
                      "redirect_uri": "http://127.0.0.1:5173/callback",
                      "permissions": "bills:pay"
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The grant was recorded.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MessageEnvelope"
                },
                "examples": {
                  "granted": {
                    "summary": "Granted",
                    "value": {
                      "data": {
                        "message": "Granted bills:pay to app_ledgerly; authorize again for a token that carries it."
                      },
                      "status_code": 200
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/ClientBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ClientUnauthorized"
          },
          "500": {
            "$ref": "#/components/responses/ClientServerError"
          }
        }
      }
    },
    "/oauth/token": {
      "post": {
        "operationId": "oauthToken",
        "summary": "Exchange an authorization code for an access token (app-credential flow)",
        "description": "No bearer token: authenticates through `auth_code`, `key_id` and `key_secret`. Wrong key: 401\n`invalid_client` (the code is not spent). Unknown, expired, reused or another app's code: 401\n`invalid_grant` (another app's code is left unspent; a reused code also revokes the token issued from it,\nwhich then gets 401 `TOKEN_REVOKED`). The token carries the code's permissions, limited by the user's\nrole when used. Responses carry `Cache-Control: no-store`\n([RFC 6749 §5.1](https://www.rfc-editor.org/rfc/rfc6749#section-5.1)).\n",
        "tags": [
          "oauth-app"
        ],
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "token"
                ],
                "additionalProperties": false,
                "properties": {
                  "token": {
                    "type": "object",
                    "required": [
                      "auth_code",
                      "key_id",
                      "key_secret"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "auth_code": {
                        "type": "string",
                        "minLength": 1
                      },
                      "key_id": {
                        "type": "string",
                        "minLength": 1
                      },
                      "key_secret": {
                        "type": "string",
                        "minLength": 1
                      }
                    }
                  }
                }
              },
              "examples": {
                "exchange": {
                  "summary": "Exchange a code",
                  "value": {
                    "token": {
                      "auth_code": "ac_8Jm2kQxW4nT7vB1c",
                      "key_id": "key_ledgerly",
                      "key_secret": "ks_ledgerly_demo"
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The access token.",
            "headers": {
              "Cache-Control": {
                "$ref": "#/components/headers/NoStore"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data",
                    "status_code"
                  ],
                  "properties": {
                    "data": {
                      "type": "object",
                      "required": [
                        "access_token"
                      ],
                      "properties": {
                        "access_token": {
                          "type": "string",
                          "description": "JWT access token, opaque to clients."
                        },
                        "token_type": {
                          "type": "string",
                          "const": "Bearer"
                        },
                        "expires_in": {
                          "type": "integer",
                          "description": "Seconds."
                        },
                        "permissions": {
                          "type": "string",
                          "description": "Comma-separated permissions the token carries."
                        }
                      }
                    },
                    "status_code": {
                      "type": "integer",
                      "const": 200
                    }
                  }
                },
                "examples": {
                  "token": {
                    "summary": "A token",
                    "value": {
                      "data": {
                        "access_token": "eyJhbGciOiJFUzI1NiIsImtpZCI6InNhbmRib3gtMSJ9.eyJzdWIiOiJ1c3JfYWRhIn0.c2lnbmF0dXJl",
                        "token_type": "Bearer",
                        "expires_in": 3600,
                        "permissions": "bills:read,bills:write"
                      },
                      "status_code": 200
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/ClientBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ClientUnauthorized"
          },
          "500": {
            "$ref": "#/components/responses/ClientServerError"
          }
        }
      }
    },
    "/v1/oauth/authorize": {
      "servers": [
        {
          "url": "http://127.0.0.1:4010",
          "description": "Development authorize host (the sandbox serves both hosts on one origin)"
        },
        {
          "url": "https://auth.service.example",
          "description": "Production placeholder for `{authorize_host}`"
        }
      ],
      "get": {
        "operationId": "redirectAuthorize",
        "summary": "Start the redirect flow",
        "description": "Returns the hosted sign-in (or sign-up, `flow=sign-up`) page to send the browser to, on the same\norigin; the sign-in request behind it lives 900 s (`x-lifetimes.signInRequestSeconds`). Every error is\na 400 JSON error and never a redirect\n([RFC 6749 §4.1.2.1](https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1)): an unknown `client_id`\ngives `invalid_client`; a `redirect_uri` not exactly equal to a registered one (scheme, host, port,\npath, query, userinfo; no normalisation, [RFC 9700 §2.1](https://www.rfc-editor.org/rfc/rfc9700#section-2.1)),\na `platform` other than the client's, or a missing parameter gives `invalid_request`. PKCE\n([RFC 7636](https://www.rfc-editor.org/rfc/rfc7636)) is honoured when `code_challenge` is sent, `S256`\nonly: a challenge without `code_challenge_method=S256` (which would mean `plain`) is `invalid_request`.\n",
        "tags": [
          "oauth-redirect"
        ],
        "security": [],
        "parameters": [
          {
            "name": "Accept",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            },
            "example": "application/json"
          },
          {
            "name": "response_type",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "const": "code"
            },
            "example": "code"
          },
          {
            "name": "client_id",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 1
            },
            "example": "cli_ledgerly_web"
          },
          {
            "name": "redirect_uri",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 1
            },
            "example": "http://127.0.0.1:5173/auth/callback"
          },
          {
            "name": "state",
            "in": "query",
            "required": false,
            "description": "Recommended; echoed byte for byte.",
            "schema": {
              "type": "string",
              "maxLength": 512
            },
            "example": "6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c"
          },
          {
            "name": "platform",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 1
            },
            "example": "ledgerly"
          },
          {
            "name": "flow",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "sign-in",
                "sign-up"
              ],
              "default": "sign-in"
            },
            "example": "sign-in"
          },
          {
            "name": "code_challenge",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "pattern": "^[A-Za-z0-9_-]{43,128}$"
            },
            "example": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
          },
          {
            "name": "code_challenge_method",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "const": "S256"
            },
            "example": "S256"
          }
        ],
        "responses": {
          "200": {
            "description": "Where to send the browser.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "redirect_url"
                  ],
                  "properties": {
                    "redirect_url": {
                      "type": "string",
                      "format": "uri"
                    }
                  }
                },
                "examples": {
                  "signin": {
                    "summary": "The hosted sign-in page",
                    "value": {
                      "redirect_url": "http://127.0.0.1:4010/v1/oauth/signin?request=req_Q2x7fK9mPz"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/OAuthError"
          },
          "500": {
            "$ref": "#/components/responses/ClientServerError"
          }
        }
      }
    },
    "/v1/oauth/signin": {
      "servers": [
        {
          "url": "http://127.0.0.1:4010"
        },
        {
          "url": "https://auth.service.example"
        }
      ],
      "get": {
        "operationId": "signInPage",
        "summary": "Hosted sign-in or sign-up page (HTML)",
        "description": "The page `redirect_url` points to: an HTML form (email, password; name too for sign-up), with an\nallow and a deny button. No scripts and no secrets in it; it may not be framed (CSP\n`frame-ancestors 'none'`, [RFC 6749 §10.13](https://www.rfc-editor.org/rfc/rfc6749#section-10.13)).\nAn unknown, expired or already answered `request`: an HTML error page with status 400 and no redirect.\n",
        "tags": [
          "oauth-redirect"
        ],
        "security": [],
        "parameters": [
          {
            "name": "request",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 1
            },
            "example": "req_Q2x7fK9mPz"
          }
        ],
        "responses": {
          "200": {
            "description": "The form.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                },
                "example": "<!doctype html><form method=\"post\" action=\"/v1/oauth/signin\">...</form>"
              }
            }
          },
          "400": {
            "description": "Unknown or expired sign-in request.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                },
                "example": "<!doctype html><p>This sign-in link has expired.</p>"
              }
            }
          }
        }
      },
      "post": {
        "operationId": "signInSubmit",
        "summary": "Submit the hosted sign-in or sign-up form",
        "description": "On success: 302 to `redirect_uri` with `code` and `state`. On deny: 302 with `error=access_denied`\nand `state` ([RFC 6749 §4.1.2.1](https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1)). The\nparameters are appended to the registered URI's own query, which is kept as registered; `state` is\npercent-encoded and comes back byte for byte. The code lives 600 s and is bound to the client, the\n`redirect_uri`, the user and the PKCE challenge. Wrong credentials or an invalid sign-up (a password\nunder 8 characters, an email already registered): the form again with a message, status 200, and\nthe request stays open. Allow or deny answers the request once; submitting it again, or a form\nwithout `request` or `decision`, gives the HTML 400 page.\n",
        "tags": [
          "oauth-redirect"
        ],
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "required": [
                  "request",
                  "decision"
                ],
                "properties": {
                  "request": {
                    "type": "string"
                  },
                  "decision": {
                    "type": "string",
                    "enum": [
                      "allow",
                      "deny"
                    ]
                  },
                  "email": {
                    "type": "string"
                  },
                  "password": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  }
                }
              },
              "examples": {
                "allow": {
                  "summary": "Sign in and allow",
                  "value": {
                    "request": "req_Q2x7fK9mPz",
                    "decision": "allow",
                    "email": "ada@acme.example",
                    "password": "sandbox-admin-1"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The form again, with an error message.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                },
                "example": "<!doctype html><p role=\"alert\">Wrong email or password.</p>"
              }
            }
          },
          "302": {
            "description": "Back to the client's `redirect_uri`.",
            "headers": {
              "Location": {
                "schema": {
                  "type": "string",
                  "format": "uri"
                },
                "example": "http://127.0.0.1:5173/auth/callback?code=rc_7hQ2mZ&state=6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c"
              }
            }
          },
          "400": {
            "description": "Unknown or expired sign-in request.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                },
                "example": "<!doctype html><p>This sign-in link has expired.</p>"
              }
            }
          }
        }
      }
    },
    "/v1/oauth/token": {
      "servers": [
        {
          "url": "http://127.0.0.1:4010"
        },
        {
          "url": "https://auth.service.example"
        }
      ],
      "get": {
        "operationId": "redirectToken",
        "summary": "Exchange the callback's code (server side only)",
        "description": "Exchanges the code once. `redirect_uri` and `client_id` must be those of the authorize request, and\n`state` too when it is sent; the `client_secret` is compared in constant time. With PKCE the\n`code_verifier` is required; a `code_verifier` when the authorize request sent no challenge is refused\n([RFC 9700 §2.1.1](https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1)). A code presented by another\nclient is refused and left unspent; presented by its own client it is spent even when a check fails,\nand a second use revokes the token issued from it. The token signs the user in to the client: it\nacts as the user (the role's permissions), like a token from `POST /auth/login`. Errors per\n[RFC 6749 §5.2](https://www.rfc-editor.org/rfc/rfc6749#section-5.2): 400 `invalid_request`,\n`invalid_grant`, `unsupported_grant_type`; 401 `invalid_client`. Responses carry `Cache-Control: no-store`.\n",
        "tags": [
          "oauth-redirect"
        ],
        "security": [],
        "parameters": [
          {
            "name": "grant_type",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string"
            },
            "example": "authorization_code"
          },
          {
            "name": "code",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 1
            },
            "example": "rc_7hQ2mZ"
          },
          {
            "name": "redirect_uri",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 1
            },
            "example": "http://127.0.0.1:5173/auth/callback"
          },
          {
            "name": "client_id",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 1
            },
            "example": "cli_ledgerly_web"
          },
          {
            "name": "client_secret",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 1
            },
            "example": "cs_ledgerly_demo"
          },
          {
            "name": "state",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "example": "6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c"
          },
          {
            "name": "code_verifier",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "pattern": "^[A-Za-z0-9._~-]{43,128}$"
            },
            "example": "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
          }
        ],
        "responses": {
          "200": {
            "description": "The access token.",
            "headers": {
              "Cache-Control": {
                "$ref": "#/components/headers/NoStore"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "access_token"
                  ],
                  "properties": {
                    "access_token": {
                      "type": "string"
                    },
                    "token_type": {
                      "type": "string",
                      "const": "Bearer"
                    },
                    "expires_in": {
                      "type": "integer"
                    }
                  }
                },
                "examples": {
                  "token": {
                    "summary": "A token",
                    "value": {
                      "access_token": "eyJhbGciOiJFUzI1NiIsImtpZCI6InNhbmRib3gtMSJ9.eyJzdWIiOiJ1c3JfYWRhIn0.c2lnbmF0dXJl",
                      "token_type": "Bearer",
                      "expires_in": 3600
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/OAuthError"
          },
          "401": {
            "$ref": "#/components/responses/OAuthError"
          },
          "500": {
            "$ref": "#/components/responses/ClientServerError"
          }
        }
      }
    },
    "/event/register": {
      "post": {
        "operationId": "registerEvent",
        "summary": "Register an event name",
        "description": "Registers `name` as an event code owned by the calling app. Names are unique across the service:\na name registered before (by any app) answers 409 `event_already_registered`. The `bill.` namespace\nis the service's own (see `x-lifecycle.events`): registering a name in it answers 409 `reserved_event`.\n",
        "tags": [
          "events"
        ],
        "security": [
          {
            "appId": [],
            "keyId": [],
            "keySecret": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XServiceAppID"
          },
          {
            "$ref": "#/components/parameters/XServiceKeyID"
          },
          {
            "$ref": "#/components/parameters/XServiceKeySecret"
          },
          {
            "name": "name",
            "in": "query",
            "required": true,
            "schema": {
              "$ref": "#/components/schemas/EventCode"
            },
            "example": "invoice.synced"
          }
        ],
        "responses": {
          "200": {
            "description": "Registered.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/MessageEnvelope"
                },
                "examples": {
                  "registered": {
                    "summary": "Registered",
                    "value": {
                      "data": {
                        "message": "Event invoice.synced registered"
                      },
                      "status_code": 200
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/ClientBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ClientUnauthorized"
          },
          "409": {
            "$ref": "#/components/responses/ClientConflict"
          },
          "500": {
            "$ref": "#/components/responses/ClientServerError"
          }
        }
      }
    },
    "/event/publish": {
      "post": {
        "operationId": "publishEvent",
        "summary": "Publish an event",
        "description": "Publishes an event of a code the calling app registered. Every enabled subscription to the code gets\na signed delivery (see `webhooks`); the answer comes at once, before any receiver is called. An\nunknown code, or one registered by another app: 400 `unknown_event`. A `bill.*` code: 400\n`reserved_event` (only the service publishes those). An `idempotencyKey` seen from the same app\nwithin 86400 s (`x-lifetimes.idempotencyKeySeconds`) answers the first event's id and delivery count\nwith `duplicate: true` and delivers nothing again.\n",
        "tags": [
          "events"
        ],
        "security": [
          {
            "appId": [],
            "keyId": [],
            "keySecret": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XServiceAppID"
          },
          {
            "$ref": "#/components/parameters/XServiceKeyID"
          },
          {
            "$ref": "#/components/parameters/XServiceKeySecret"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "data"
                ],
                "additionalProperties": false,
                "properties": {
                  "data": {
                    "$ref": "#/components/schemas/PublishData"
                  }
                }
              },
              "examples": {
                "synced": {
                  "summary": "An invoice was synced",
                  "value": {
                    "data": {
                      "code": "invoice.synced",
                      "payload": {
                        "invoiceID": "INV-2041",
                        "total": 125000
                      },
                      "idempotencyKey": "sync-INV-2041"
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Published.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/PublishEnvelope"
                },
                "examples": {
                  "published": {
                    "summary": "Published to two subscriptions",
                    "value": {
                      "data": {
                        "message": "Event published to 2 subscriptions",
                        "eventID": "evt_5kR2nQ8w",
                        "deliveries": 2
                      },
                      "status_code": 200
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/ClientBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ClientUnauthorized"
          },
          "409": {
            "$ref": "#/components/responses/ClientConflict"
          },
          "500": {
            "$ref": "#/components/responses/ClientServerError"
          }
        }
      }
    },
    "/event/subscribe": {
      "post": {
        "operationId": "createSubscription",
        "summary": "Create a webhook subscription",
        "description": "Subscribes a URL to an event code: one registered by any app, or a bill lifecycle code of\n`x-lifecycle.events` (`bill.created`, `bill.submitted`, `bill.approved`, `bill.declined`,\n`bill.confirmed`, `bill.paid`; their payload is `{billID, businessID, status, bill}` with the bill as\n`getBill` returns it). A subscription receives a business's bill events only while a member of that\nbusiness whose role reads bills has authorized the app with `bills:read` through the app-credential\nflow (`POST /oauth/authorize` then `POST /oauth/token`) and the token from it was not revoked: a bill\nof another business is never revealed, here as in the API. Without `secret` a `whsec_` secret is generated\nand returned once; a given secret is not echoed. The same app, code and URL twice: 409\n`subscription_exists`. An unknown code: 400 `unknown_event`. The URL must be http(s) without\ncredentials (else 400 `invalid_request`). `enabled: false` creates it paused.\n",
        "tags": [
          "events"
        ],
        "security": [
          {
            "appId": [],
            "keyId": [],
            "keySecret": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XServiceAppID"
          },
          {
            "$ref": "#/components/parameters/XServiceKeyID"
          },
          {
            "$ref": "#/components/parameters/XServiceKeySecret"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "subs"
                ],
                "additionalProperties": false,
                "properties": {
                  "subs": {
                    "$ref": "#/components/schemas/SubscriptionCreate"
                  }
                }
              },
              "examples": {
                "approved": {
                  "summary": "Approved bills to a local receiver",
                  "value": {
                    "subs": {
                      "code": "bill.approved",
                      "url": "http://127.0.0.1:9000/webhooks",
                      "description": "Ledger sync"
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Subscribed.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SubscriptionEnvelope"
                },
                "examples": {
                  "created": {
                    "summary": "Created with a generated secret",
                    "value": {
                      "data": {
                        "message": "Subscribed to bill.approved",
                        "subscriptionID": "sub_3nT8qL1x",
                        "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                      },
                      "status_code": 200
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/ClientBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ClientUnauthorized"
          },
          "409": {
            "$ref": "#/components/responses/ClientConflict"
          },
          "500": {
            "$ref": "#/components/responses/ClientServerError"
          }
        }
      },
      "patch": {
        "operationId": "updateSubscription",
        "summary": "Update a webhook subscription",
        "description": "Changes the URL, description or enabled flag, or rotates the signing secret (`rotateSecret: true` for a\ngenerated one, returned once, or a given `secret`). During rotation, for 86400 s\n(`x-lifetimes.rotatedSecretGraceSeconds`), deliveries carry signatures with both the new and the old\nsecret (at most three old ones). Pending retries go to the current URL, signed with the current\nsecrets. `enabled: false` stops the subscription: its pending deliveries become `disabled`.\n`enabled: true` re-enables it, also after a 410 disabled it. An unknown subscription or one of\nanother app: 400 `unknown_subscription`. A URL that another subscription of the app already has for\nthe code: 409 `subscription_exists`.\n",
        "tags": [
          "events"
        ],
        "security": [
          {
            "appId": [],
            "keyId": [],
            "keySecret": []
          }
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/XServiceAppID"
          },
          {
            "$ref": "#/components/parameters/XServiceKeyID"
          },
          {
            "$ref": "#/components/parameters/XServiceKeySecret"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "subs"
                ],
                "additionalProperties": false,
                "properties": {
                  "subs": {
                    "$ref": "#/components/schemas/SubscriptionUpdate"
                  }
                }
              },
              "examples": {
                "rotate": {
                  "summary": "Rotate the secret",
                  "value": {
                    "subs": {
                      "subscriptionID": "sub_3nT8qL1x",
                      "rotateSecret": true
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Updated.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SubscriptionEnvelope"
                },
                "examples": {
                  "rotated": {
                    "summary": "Rotated",
                    "value": {
                      "data": {
                        "message": "Subscription sub_3nT8qL1x updated",
                        "subscriptionID": "sub_3nT8qL1x",
                        "secret": "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD"
                      },
                      "status_code": 200
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/ClientBadRequest"
          },
          "401": {
            "$ref": "#/components/responses/ClientUnauthorized"
          },
          "409": {
            "$ref": "#/components/responses/ClientConflict"
          },
          "500": {
            "$ref": "#/components/responses/ClientServerError"
          }
        }
      }
    },
    "/.well-known/jwks.json": {
      "get": {
        "operationId": "getJwks",
        "summary": "Public keys that verify access tokens",
        "tags": [
          "keys"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "A JWK Set ([RFC 7517 §5](https://www.rfc-editor.org/rfc/rfc7517#section-5)).",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "keys"
                  ],
                  "properties": {
                    "keys": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": [
                          "kty",
                          "kid"
                        ],
                        "properties": {
                          "kty": {
                            "type": "string"
                          },
                          "kid": {
                            "type": "string"
                          },
                          "alg": {
                            "type": "string"
                          },
                          "use": {
                            "type": "string"
                          },
                          "crv": {
                            "type": "string"
                          },
                          "x": {
                            "type": "string"
                          },
                          "y": {
                            "type": "string"
                          }
                        }
                      }
                    }
                  }
                },
                "examples": {
                  "ec": {
                    "summary": "One P-256 key",
                    "value": {
                      "keys": [
                        {
                          "kty": "EC",
                          "crv": "P-256",
                          "kid": "sandbox-1",
                          "alg": "ES256",
                          "use": "sig",
                          "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
                          "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"
                        }
                      ]
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
    "/__sandbox/reset": {
      "post": {
        "operationId": "sandboxReset",
        "summary": "Reset the state to the loaded fixtures",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "Reset.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SandboxSummary"
                },
                "examples": {
                  "reset": {
                    "$ref": "#/components/examples/SandboxSummary"
                  }
                }
              }
            }
          }
        }
      }
    },
    "/__sandbox/state": {
      "get": {
        "operationId": "sandboxExportState",
        "summary": "Export the whole state",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "The state, as `--state FILE` stores it.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SandboxState"
                },
                "examples": {
                  "empty": {
                    "$ref": "#/components/examples/EmptyState"
                  }
                }
              }
            }
          }
        }
      },
      "put": {
        "operationId": "sandboxImportState",
        "summary": "Replace the whole state",
        "description": "The body is validated first; an invalid state answers 400 naming the path and changes nothing.",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SandboxState"
              },
              "examples": {
                "empty": {
                  "$ref": "#/components/examples/EmptyState"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Imported.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SandboxSummary"
                },
                "examples": {
                  "imported": {
                    "$ref": "#/components/examples/SandboxSummary"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          }
        }
      }
    },
    "/__sandbox/requests": {
      "get": {
        "operationId": "sandboxRequestLog",
        "summary": "The request log, newest last",
        "description": "Secrets, codes and tokens are redacted before they are logged.",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "number",
              "minimum": 1,
              "maximum": 1000,
              "default": 100
            },
            "example": 50
          }
        ],
        "responses": {
          "200": {
            "description": "The latest requests.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/LoggedRequest"
                  }
                },
                "examples": {
                  "one": {
                    "summary": "One request",
                    "value": [
                      {
                        "at": "2026-11-23T10:00:00.000Z",
                        "method": "GET",
                        "path": "/vendor/bill",
                        "query": "billID=bill_0001",
                        "operationId": "getBill",
                        "status": 200,
                        "durationMs": 1.2
                      }
                    ]
                  }
                }
              }
            }
          }
        }
      },
      "delete": {
        "operationId": "sandboxClearRequestLog",
        "summary": "Clear the request log",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "responses": {
          "204": {
            "description": "Cleared."
          }
        }
      }
    },
    "/__sandbox/clock": {
      "get": {
        "operationId": "sandboxGetClock",
        "summary": "The virtual clock",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "The clock.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Clock"
                },
                "examples": {
                  "now": {
                    "$ref": "#/components/examples/Clock"
                  }
                }
              }
            }
          }
        }
      }
    },
    "/__sandbox/clock/advance": {
      "post": {
        "operationId": "sandboxAdvanceClock",
        "summary": "Move the virtual clock forward",
        "description": "Expires codes and tokens and runs due webhook retries as if the time had passed. Answers once the\nattempts that became due are over (each is bounded by the webhook timeout).\n",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "seconds"
                ],
                "additionalProperties": false,
                "properties": {
                  "seconds": {
                    "type": "number",
                    "exclusiveMinimum": 0,
                    "maximum": 31536000
                  }
                }
              },
              "examples": {
                "tenMinutes": {
                  "summary": "Ten minutes",
                  "value": {
                    "seconds": 600
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The clock after the move.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Clock"
                },
                "examples": {
                  "now": {
                    "$ref": "#/components/examples/Clock"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          }
        }
      }
    },
    "/__sandbox/faults": {
      "get": {
        "operationId": "sandboxGetFaults",
        "summary": "The fault rules in force",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "The rules.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FaultRules"
                },
                "examples": {
                  "slowList": {
                    "$ref": "#/components/examples/FaultRules"
                  }
                }
              }
            }
          }
        }
      },
      "put": {
        "operationId": "sandboxSetFaults",
        "summary": "Replace the fault rules",
        "description": "Per operation: a latency, a forced status, or both; `times` limits how often a rule fires. A single\nrequest can also force a status with the Prism-style header `Prefer: code=500`.\n",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/FaultRules"
              },
              "examples": {
                "slowList": {
                  "$ref": "#/components/examples/FaultRules"
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The rules now in force.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FaultRules"
                },
                "examples": {
                  "slowList": {
                    "$ref": "#/components/examples/FaultRules"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          }
        }
      },
      "delete": {
        "operationId": "sandboxClearFaults",
        "summary": "Remove every fault rule",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "responses": {
          "204": {
            "description": "Cleared."
          }
        }
      }
    },
    "/__sandbox/outbox": {
      "get": {
        "operationId": "sandboxOutbox",
        "summary": "Notifications the sandbox would have sent (emails)",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "The outbox, oldest first.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Notification"
                  }
                },
                "examples": {
                  "paid": {
                    "summary": "A paid-externally notification",
                    "value": [
                      {
                        "notificationID": "ntf_0001",
                        "to": "billing@acme.example",
                        "subject": "Bill bill_0004 was paid",
                        "body": "Paid by wire 2026-11-20",
                        "billID": "bill_0004",
                        "at": "2026-11-20T12:00:00.000Z"
                      }
                    ]
                  }
                }
              }
            }
          }
        }
      }
    },
    "/__sandbox/deliveries": {
      "get": {
        "operationId": "sandboxListDeliveries",
        "summary": "Webhook deliveries with every attempt",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "parameters": [
          {
            "name": "subscriptionID",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "example": "sub_3nT8qL1x"
          },
          {
            "name": "eventID",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "example": "evt_5kR2nQ8w"
          },
          {
            "name": "status",
            "in": "query",
            "required": false,
            "schema": {
              "$ref": "#/components/schemas/DeliveryStatus"
            },
            "example": "failed"
          }
        ],
        "responses": {
          "200": {
            "description": "Deliveries, oldest first.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Delivery"
                  }
                },
                "examples": {
                  "one": {
                    "summary": "A delivery that succeeded on the second attempt",
                    "value": [
                      {
                        "deliveryID": "dlv_0001",
                        "webhookID": "msg_2b7Qm4xK9pLz",
                        "subscriptionID": "sub_3nT8qL1x",
                        "eventID": "evt_5kR2nQ8w",
                        "code": "bill.approved",
                        "url": "http://127.0.0.1:9000/webhooks",
                        "status": "succeeded",
                        "attempts": [
                          {
                            "at": "2026-11-23T10:00:00.000Z",
                            "durationMs": 12.5,
                            "responseStatus": 500,
                            "outcome": "http_error"
                          },
                          {
                            "at": "2026-11-23T10:00:05.000Z",
                            "durationMs": 8.1,
                            "responseStatus": 204,
                            "outcome": "success"
                          }
                        ],
                        "nextAttemptAt": null,
                        "replayOf": null
                      }
                    ]
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          }
        }
      }
    },
    "/__sandbox/deliveries/replay": {
      "post": {
        "operationId": "sandboxReplayDelivery",
        "summary": "Send a delivery again",
        "description": "A new delivery of the same message (same `webhook-id`, same body) to the subscription's current URL,\nfirst attempted right away and retried like any other. The answer does not wait for the receiver:\nit shows the new delivery `pending`. A disabled subscription gets a delivery that is `disabled` at\nonce; re-enable it first (`PATCH /event/subscribe` with `enabled: true`).\n",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "parameters": [
          {
            "name": "deliveryID",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string"
            },
            "example": "dlv_0001"
          }
        ],
        "responses": {
          "200": {
            "description": "The new delivery.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Delivery"
                },
                "examples": {
                  "replay": {
                    "$ref": "#/components/examples/Delivery"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          }
        }
      }
    },
    "/__sandbox/subscriptions/health": {
      "get": {
        "operationId": "sandboxSubscriptionHealth",
        "summary": "A subscription's health",
        "tags": [
          "sandbox"
        ],
        "security": [],
        "parameters": [
          {
            "name": "subscriptionID",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string"
            },
            "example": "sub_3nT8qL1x"
          }
        ],
        "responses": {
          "200": {
            "description": "Health.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SubscriptionHealth"
                },
                "examples": {
                  "healthy": {
                    "summary": "Healthy",
                    "value": {
                      "subscriptionID": "sub_3nT8qL1x",
                      "enabled": true,
                      "disabledReason": null,
                      "attempts": 12,
                      "successes": 11,
                      "failures": 1,
                      "lastStatus": 200,
                      "lastAttemptAt": "2026-11-23T10:00:00.000Z",
                      "pending": 0
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          }
        }
      }
    }
  },
  "webhooks": {
    "event": {
      "post": {
        "operationId": "webhookDelivery",
        "security": [],
        "summary": "A delivery to a subscription's URL",
        "description": "Sent for each published event to every enabled subscription of its code, signed per\n[Standard Webhooks](https://www.standardwebhooks.com/): the signature is\n`v1,` + base64(HMAC-SHA256(secret, `{webhook-id}.{webhook-timestamp}.{body}`)), with the secret the\nbase64 part of `whsec_...`; during a rotation several space-separated signatures are sent. Only a 2xx\nanswer is success. Redirects are failures and are never followed. No answer within 10 s is a failure.\n410 disables the subscription. 429 and 503 honour `Retry-After` (delay-seconds or an HTTP-date,\ncapped at 1 h, no jitter). Other failures retry after 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h\n(8 attempts in all), each delay with up to ±10 % jitter, on the virtual clock. Every attempt carries\nthe same `webhook-id` and the same body. `webhook-timestamp` is the attempt's wall-clock time, not\nvirtual time: receivers check it against their own clock (Standard Webhooks suggests 5 minutes of\ntolerance), so fast-forwarded retries still verify; attempt times in the delivery log are virtual. Pending deliveries are part of the\nstate: a restart (with `--state`) resumes them; an attempt cut off by a shutdown is made again.\n",
        "x-retry-schedule-seconds": [
          5,
          30,
          120,
          600,
          1800,
          3600,
          10800
        ],
        "x-timeout-seconds": 10,
        "x-jitter-ratio": 0.1,
        "parameters": [
          {
            "name": "webhook-id",
            "in": "header",
            "required": true,
            "schema": {
              "type": "string"
            },
            "example": "msg_2b7Qm4xK9pLz"
          },
          {
            "name": "webhook-timestamp",
            "in": "header",
            "required": true,
            "description": "Unix seconds of this attempt.",
            "schema": {
              "type": "string",
              "pattern": "^[0-9]+$"
            },
            "example": "1763892000"
          },
          {
            "name": "webhook-signature",
            "in": "header",
            "required": true,
            "schema": {
              "type": "string",
              "pattern": "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$"
            },
            "example": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/WebhookPayload"
              },
              "examples": {
                "approved": {
                  "summary": "A bill was approved",
                  "value": {
                    "type": "bill.approved",
                    "timestamp": "2026-11-23T10:00:00.000Z",
                    "data": {
                      "eventID": "evt_5kR2nQ8w",
                      "code": "bill.approved",
                      "publishedBy": "service",
                      "payload": {
                        "billID": "bill_0003",
                        "businessID": "biz_acme",
                        "status": "approved"
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Any 2xx acknowledges the delivery."
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "JWT",
        "description": "A JWT access token. The bare token without `Bearer ` is accepted too."
      },
      "appId": {
        "type": "apiKey",
        "in": "header",
        "name": "X-Service-App-ID"
      },
      "keyId": {
        "type": "apiKey",
        "in": "header",
        "name": "X-Service-Key-ID"
      },
      "keySecret": {
        "type": "apiKey",
        "in": "header",
        "name": "X-Service-Key-Secret"
      }
    },
    "headers": {
      "NoStore": {
        "description": "[RFC 6749 §5.1](https://www.rfc-editor.org/rfc/rfc6749#section-5.1): token responses are not cached.",
        "schema": {
          "type": "string",
          "const": "no-store"
        }
      }
    },
    "parameters": {
      "XIdentifier": {
        "name": "X-Identifier",
        "in": "header",
        "required": true,
        "description": "Platform identifier; must be `SERVICE` (else 400 `INVALID_IDENTIFIER`).",
        "schema": {
          "type": "string",
          "const": "SERVICE"
        },
        "example": "SERVICE"
      },
      "XServiceBusinessID": {
        "name": "X-Service-Business-ID",
        "in": "header",
        "required": false,
        "description": "Active business. Defaults to the caller's first membership; required on confirm.",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        },
        "example": "biz_acme"
      },
      "BillID": {
        "name": "billID",
        "in": "query",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        },
        "example": "bill_0001"
      },
      "XServiceAppID": {
        "name": "X-Service-App-ID",
        "in": "header",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1
        },
        "example": "app_ledgerly"
      },
      "XServiceKeyID": {
        "name": "X-Service-Key-ID",
        "in": "header",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1
        },
        "example": "key_ledgerly"
      },
      "XServiceKeySecret": {
        "name": "X-Service-Key-Secret",
        "in": "header",
        "required": true,
        "schema": {
          "type": "string",
          "minLength": 1
        },
        "example": "ks_ledgerly_demo"
      }
    },
    "requestBodies": {
      "VendorBill": {
        "required": true,
        "content": {
          "application/json": {
            "schema": {
              "type": "object",
              "required": [
                "VendorBillPayload"
              ],
              "properties": {
                "VendorBillPayload": {
                  "$ref": "#/components/schemas/VendorBillPayload"
                }
              }
            },
            "examples": {
              "office": {
                "summary": "Office supplies, kept in draft",
                "value": {
                  "VendorBillPayload": {
                    "vendorID": "ven_acme_supply",
                    "billNumber": "INV-2041",
                    "currency": "USD",
                    "issueDate": "2026-11-01",
                    "dueDate": "2026-12-01",
                    "lineItems": [
                      {
                        "description": "Printer paper",
                        "quantity": 10,
                        "unitAmount": 4500,
                        "taxRate": 0.08
                      },
                      {
                        "description": "Toner",
                        "quantity": 2,
                        "unitAmount": 8000
                      }
                    ],
                    "costCenter": "OPS-12"
                  }
                }
              }
            }
          }
        }
      }
    },
    "responses": {
      "BadRequest": {
        "description": "Invalid or missing parameters, headers or body; `errors` names each one.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "missing": {
                "$ref": "#/components/examples/ProblemValidation"
              }
            }
          }
        }
      },
      "Unauthorized": {
        "description": "Missing, malformed, expired or revoked access token, or wrong credentials.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "missing": {
                "summary": "No token",
                "value": {
                  "type": "https://service-sandbox.dev/problems/unauthorized",
                  "title": "Unauthorized",
                  "status": 401,
                  "code": "UNAUTHORIZED",
                  "detail": "A bearer access token is required."
                }
              }
            }
          }
        }
      },
      "Forbidden": {
        "description": "The caller is not a member of the business (`NOT_A_MEMBER`) or lacks the operation's permission\n(`MISSING_PERMISSION`, naming it).\n",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "permission": {
                "summary": "A viewer tries to approve",
                "value": {
                  "type": "https://service-sandbox.dev/problems/missing-permission",
                  "title": "Forbidden",
                  "status": 403,
                  "code": "MISSING_PERMISSION",
                  "detail": "This operation needs the permission bills:review."
                }
              }
            }
          }
        }
      },
      "BillNotFound": {
        "description": "No such bill in the business (`BILL_NOT_FOUND`), or no such payout (`PAYOUT_NOT_FOUND`).",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "bill": {
                "summary": "No such bill",
                "value": {
                  "type": "https://service-sandbox.dev/problems/bill-not-found",
                  "title": "Not Found",
                  "status": 404,
                  "code": "BILL_NOT_FOUND",
                  "detail": "No bill bill_9999 in business biz_acme."
                }
              }
            }
          }
        }
      },
      "NotFound": {
        "description": "No such resource.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "delivery": {
                "summary": "No such delivery",
                "value": {
                  "type": "https://service-sandbox.dev/problems/not-found",
                  "title": "Not Found",
                  "status": 404,
                  "code": "NOT_FOUND",
                  "detail": "No delivery dlv_9999."
                }
              }
            }
          }
        }
      },
      "Conflict": {
        "description": "The resource's state does not allow the operation (see `x-lifecycle`), or a duplicate.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "notInReview": {
                "summary": "Approving a draft",
                "value": {
                  "type": "https://service-sandbox.dev/problems/bill-not-in-review",
                  "title": "Conflict",
                  "status": 409,
                  "code": "BILL_NOT_IN_REVIEW",
                  "detail": "reviewBill needs a bill in review; bill_0001 is draft.",
                  "billStatus": "draft"
                }
              }
            }
          }
        }
      },
      "ServerError": {
        "description": "Server-side failure.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            },
            "examples": {
              "internal": {
                "summary": "Internal error",
                "value": {
                  "type": "https://service-sandbox.dev/problems/internal",
                  "title": "Internal Server Error",
                  "status": 500,
                  "code": "INTERNAL",
                  "detail": "The server failed to answer."
                }
              }
            }
          }
        }
      },
      "ClientBadRequest": {
        "description": "Invalid request body or parameters.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ClientError"
            },
            "examples": {
              "invalid": {
                "summary": "Missing field",
                "value": {
                  "error": "invalid_request",
                  "error_description": "token.app_key is required",
                  "status_code": 400,
                  "errors": [
                    {
                      "in": "body",
                      "name": "token.app_key",
                      "message": "is required"
                    }
                  ]
                }
              }
            }
          }
        }
      },
      "ClientUnauthorized": {
        "description": "Invalid credentials, headers or code.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ClientError"
            },
            "examples": {
              "client": {
                "summary": "Wrong key",
                "value": {
                  "error": "invalid_client",
                  "error_description": "Unknown key_id or wrong key_secret.",
                  "status_code": 401
                }
              }
            }
          }
        }
      },
      "ClientConflict": {
        "description": "A duplicate.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ClientError"
            },
            "examples": {
              "duplicate": {
                "summary": "Already registered",
                "value": {
                  "error": "event_already_registered",
                  "error_description": "Event invoice.synced is already registered.",
                  "status_code": 409
                }
              }
            }
          }
        }
      },
      "ClientServerError": {
        "description": "Server-side failure.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ClientError"
            },
            "examples": {
              "internal": {
                "summary": "Internal error",
                "value": {
                  "error": "server_error",
                  "error_description": "The server failed to answer.",
                  "status_code": 500
                }
              }
            }
          }
        }
      },
      "OAuthError": {
        "description": "[RFC 6749 §5.2](https://www.rfc-editor.org/rfc/rfc6749#section-5.2) error.",
        "headers": {
          "Cache-Control": {
            "$ref": "#/components/headers/NoStore"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/ClientError"
            },
            "examples": {
              "grant": {
                "summary": "Used code",
                "value": {
                  "error": "invalid_grant",
                  "error_description": "The code was already used.",
                  "status_code": 400
                }
              }
            }
          }
        }
      }
    },
    "schemas": {
      "BillStatus": {
        "type": "string",
        "enum": [
          "draft",
          "review",
          "approved",
          "paid"
        ]
      },
      "ReviewAction": {
        "type": "string",
        "enum": [
          "APPROVE",
          "DECLINE"
        ]
      },
      "Money": {
        "type": "integer",
        "description": "An amount in the currency's minor units (cents).",
        "minimum": 0
      },
      "LineItem": {
        "type": "object",
        "required": [
          "description",
          "quantity",
          "unitAmount"
        ],
        "properties": {
          "description": {
            "type": "string",
            "minLength": 1,
            "maxLength": 500
          },
          "quantity": {
            "type": "number",
            "exclusiveMinimum": 0,
            "maximum": 1000000
          },
          "unitAmount": {
            "$ref": "#/components/schemas/Money"
          },
          "taxRate": {
            "type": "number",
            "minimum": 0,
            "maximum": 1,
            "description": "A fraction: 0.08 is 8 %."
          }
        }
      },
      "VendorBillPayload": {
        "type": "object",
        "description": "The bill header and its line items. Free-form: properties not named here are kept and returned\nunchanged. The named ones are validated; totals are computed from `lineItems` (each line\n`round(quantity * unitAmount)`, tax `round(line * taxRate)`, half away from zero).\n",
        "required": [
          "vendorID",
          "lineItems"
        ],
        "additionalProperties": true,
        "properties": {
          "vendorID": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64
          },
          "billNumber": {
            "type": "string",
            "maxLength": 64
          },
          "currency": {
            "type": "string",
            "pattern": "^[A-Z]{3}$",
            "default": "USD",
            "description": "ISO 4217 code."
          },
          "issueDate": {
            "type": "string",
            "format": "date"
          },
          "dueDate": {
            "type": "string",
            "format": "date",
            "description": "Not before `issueDate`."
          },
          "memo": {
            "type": "string",
            "maxLength": 2000
          },
          "submit": {
            "type": "boolean",
            "description": "true: send the bill to review (see x-lifecycle)."
          },
          "lineItems": {
            "type": "array",
            "minItems": 1,
            "maxItems": 500,
            "items": {
              "$ref": "#/components/schemas/LineItem"
            }
          }
        }
      },
      "Totals": {
        "type": "object",
        "required": [
          "subtotal",
          "tax",
          "total"
        ],
        "properties": {
          "subtotal": {
            "$ref": "#/components/schemas/Money"
          },
          "tax": {
            "$ref": "#/components/schemas/Money"
          },
          "total": {
            "$ref": "#/components/schemas/Money"
          }
        }
      },
      "Decision": {
        "type": "object",
        "required": [
          "action",
          "by",
          "at"
        ],
        "properties": {
          "action": {
            "$ref": "#/components/schemas/ReviewAction"
          },
          "reason": {
            "type": "string"
          },
          "by": {
            "type": "string",
            "description": "userID of the reviewer."
          },
          "at": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "Payment": {
        "type": "object",
        "required": [
          "method",
          "paidAt"
        ],
        "properties": {
          "method": {
            "type": "string",
            "enum": [
              "external",
              "payout"
            ]
          },
          "payoutID": {
            "type": "string"
          },
          "note": {
            "type": "string"
          },
          "emails": {
            "type": "array",
            "items": {
              "type": "string",
              "format": "email"
            }
          },
          "paidAt": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "Bill": {
        "type": "object",
        "required": [
          "billID",
          "businessID",
          "vendorID",
          "status",
          "currency",
          "totals",
          "VendorBillPayload",
          "lastDecision",
          "confirmedAt",
          "payment",
          "createdAt",
          "updatedAt",
          "createdBy"
        ],
        "properties": {
          "billID": {
            "type": "string"
          },
          "businessID": {
            "type": "string"
          },
          "vendorID": {
            "type": "string"
          },
          "status": {
            "$ref": "#/components/schemas/BillStatus"
          },
          "currency": {
            "type": "string",
            "pattern": "^[A-Z]{3}$"
          },
          "totals": {
            "$ref": "#/components/schemas/Totals"
          },
          "VendorBillPayload": {
            "$ref": "#/components/schemas/VendorBillPayload"
          },
          "lastDecision": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/Decision"
              },
              {
                "type": "null"
              }
            ]
          },
          "confirmedAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "payment": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/Payment"
              },
              {
                "type": "null"
              }
            ]
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "updatedAt": {
            "type": "string",
            "format": "date-time"
          },
          "createdBy": {
            "type": "string"
          }
        }
      },
      "ReviewRequest": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "reason": {
            "type": "string",
            "maxLength": 2000
          }
        }
      },
      "NoteRequest": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "note": {
            "type": "string",
            "maxLength": 2000
          }
        }
      },
      "PaidExternallyRequest": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "emails": {
            "type": "array",
            "maxItems": 20,
            "items": {
              "type": "string",
              "format": "email"
            }
          },
          "note": {
            "type": "string",
            "maxLength": 2000
          }
        }
      },
      "Role": {
        "type": "string",
        "enum": [
          "viewer",
          "clerk",
          "approver",
          "admin"
        ]
      },
      "Permission": {
        "type": "string",
        "enum": [
          "bills:read",
          "bills:write",
          "bills:review",
          "bills:pay",
          "profile:read"
        ]
      },
      "User": {
        "type": "object",
        "required": [
          "userID",
          "email",
          "name",
          "createdAt"
        ],
        "properties": {
          "userID": {
            "type": "string"
          },
          "email": {
            "type": "string",
            "format": "email"
          },
          "name": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "Membership": {
        "type": "object",
        "required": [
          "businessID",
          "businessName",
          "role"
        ],
        "properties": {
          "businessID": {
            "type": "string"
          },
          "businessName": {
            "type": "string"
          },
          "role": {
            "$ref": "#/components/schemas/Role"
          }
        }
      },
      "UserInfo": {
        "type": "object",
        "required": [
          "user",
          "defaultBusinessID",
          "memberships",
          "permissions"
        ],
        "properties": {
          "user": {
            "$ref": "#/components/schemas/User"
          },
          "defaultBusinessID": {
            "type": [
              "string",
              "null"
            ]
          },
          "memberships": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Membership"
            }
          },
          "permissions": {
            "type": "array",
            "description": "What the presented token allows in the default business.",
            "items": {
              "$ref": "#/components/schemas/Permission"
            }
          }
        }
      },
      "SignUpRequest": {
        "type": "object",
        "required": [
          "email",
          "password",
          "name"
        ],
        "additionalProperties": false,
        "properties": {
          "email": {
            "type": "string",
            "format": "email",
            "maxLength": 254
          },
          "password": {
            "type": "string",
            "minLength": 8,
            "maxLength": 256
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200
          },
          "businessName": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "Defaults to \"{name}'s business\"."
          }
        }
      },
      "LogInRequest": {
        "type": "object",
        "required": [
          "email",
          "password"
        ],
        "additionalProperties": false,
        "properties": {
          "email": {
            "type": "string",
            "format": "email",
            "maxLength": 254
          },
          "password": {
            "type": "string",
            "minLength": 1,
            "maxLength": 256
          }
        }
      },
      "Session": {
        "type": "object",
        "required": [
          "access_token",
          "token_type",
          "expires_in",
          "user"
        ],
        "properties": {
          "access_token": {
            "type": "string"
          },
          "token_type": {
            "type": "string",
            "const": "Bearer"
          },
          "expires_in": {
            "type": "integer"
          },
          "user": {
            "$ref": "#/components/schemas/User"
          }
        }
      },
      "AppAuthorization": {
        "type": "object",
        "required": [
          "app_id",
          "app_key",
          "state",
          "redirect_uri",
          "permissions"
        ],
        "additionalProperties": false,
        "properties": {
          "app_id": {
            "type": "string",
            "minLength": 1
          },
          "app_key": {
            "type": "string",
            "minLength": 1
          },
          "state": {
            "type": "string",
            "maxLength": 512
          },
          "redirect_uri": {
            "type": "string",
            "minLength": 1
          },
          "permissions": {
            "type": "string",
            "description": "Comma-separated permission names (see `x-permissions`).",
            "pattern": "^[a-z]+:[a-z]+(,[a-z]+:[a-z]+)*$"
          }
        }
      },
      "MessageEnvelope": {
        "type": "object",
        "required": [
          "data",
          "status_code"
        ],
        "properties": {
          "data": {
            "type": "object",
            "required": [
              "message"
            ],
            "properties": {
              "message": {
                "type": "string"
              }
            }
          },
          "status_code": {
            "type": "integer",
            "const": 200
          }
        }
      },
      "ClientError": {
        "type": "object",
        "description": "The JSON client-error object of the OAuth and event endpoints.",
        "required": [
          "error",
          "error_description",
          "status_code"
        ],
        "properties": {
          "error": {
            "type": "string",
            "description": "RFC 6749 code on OAuth endpoints (`invalid_request`, `invalid_client`, `invalid_grant`,\n`unauthorized_client`, `unsupported_grant_type`, `invalid_scope`, `access_denied`, `server_error`),\nand `invalid_token` (RFC 6750 §3.1) when the bearer token of authorize or grant is missing or bad;\non event endpoints `invalid_request`, `invalid_credentials`, `unknown_event`, `event_already_registered`,\n`reserved_event`, `unknown_subscription`, `subscription_exists`, `server_error`.\n",
            "pattern": "^[a-z_]+$"
          },
          "error_description": {
            "type": "string"
          },
          "status_code": {
            "type": "integer"
          },
          "errors": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/FieldError"
            }
          }
        }
      },
      "FieldError": {
        "type": "object",
        "required": [
          "in",
          "name",
          "message"
        ],
        "properties": {
          "in": {
            "type": "string",
            "enum": [
              "query",
              "header",
              "body",
              "path"
            ]
          },
          "name": {
            "type": "string",
            "description": "The parameter or header name, or the body field as a dotted path."
          },
          "message": {
            "type": "string"
          }
        }
      },
      "Problem": {
        "type": "object",
        "description": "[RFC 9457](https://www.rfc-editor.org/rfc/rfc9457) problem details with a stable `code`.",
        "required": [
          "type",
          "title",
          "status",
          "code",
          "detail"
        ],
        "properties": {
          "type": {
            "type": "string",
            "format": "uri"
          },
          "title": {
            "type": "string"
          },
          "status": {
            "type": "integer"
          },
          "code": {
            "type": "string",
            "pattern": "^[A-Z][A-Z0-9_]*$",
            "description": "Stable machine-readable code: `VALIDATION_FAILED`, `INVALID_IDENTIFIER`, `BUSINESS_REQUIRED`,\n`BODY_TOO_LARGE`, `UNAUTHORIZED`, `TOKEN_EXPIRED`, `TOKEN_INVALID`, `TOKEN_REVOKED`,\n`INVALID_CREDENTIALS`, `NOT_A_MEMBER`, `MISSING_PERMISSION`, `BILL_NOT_FOUND`, `PAYOUT_NOT_FOUND`,\n`NOT_FOUND`, the lifecycle codes of `x-lifecycle`, `BILL_ALREADY_CONFIRMED`, `PAYOUT_ALREADY_LINKED`,\n`PAYOUT_MISMATCH`, `EMAIL_TAKEN`, `INJECTED_FAULT`, `INTERNAL`.\n"
          },
          "detail": {
            "type": "string"
          },
          "errors": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/FieldError"
            }
          },
          "billStatus": {
            "$ref": "#/components/schemas/BillStatus"
          }
        }
      },
      "EventCode": {
        "type": "string",
        "pattern": "^[a-z][a-z0-9_-]*(\\.[a-z0-9_-]+)*$",
        "minLength": 1,
        "maxLength": 64
      },
      "PublishData": {
        "type": "object",
        "required": [
          "code",
          "payload"
        ],
        "additionalProperties": false,
        "properties": {
          "code": {
            "$ref": "#/components/schemas/EventCode"
          },
          "payload": {
            "type": "object",
            "additionalProperties": true,
            "description": "Delivered unchanged as `data.payload`."
          },
          "idempotencyKey": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255
          }
        }
      },
      "PublishEnvelope": {
        "type": "object",
        "required": [
          "data",
          "status_code"
        ],
        "properties": {
          "data": {
            "type": "object",
            "required": [
              "message",
              "eventID",
              "deliveries"
            ],
            "properties": {
              "message": {
                "type": "string"
              },
              "eventID": {
                "type": "string"
              },
              "deliveries": {
                "type": "integer",
                "minimum": 0,
                "description": "Subscriptions the event was sent to."
              },
              "duplicate": {
                "type": "boolean",
                "description": "true when the idempotency key was seen before."
              }
            }
          },
          "status_code": {
            "type": "integer",
            "const": 200
          }
        }
      },
      "WebhookSecret": {
        "type": "string",
        "pattern": "^whsec_[A-Za-z0-9+/=]{32,}$",
        "description": "`whsec_` and the base64 of 24 to 64 random bytes."
      },
      "SubscriptionCreate": {
        "type": "object",
        "required": [
          "code",
          "url"
        ],
        "additionalProperties": false,
        "properties": {
          "code": {
            "$ref": "#/components/schemas/EventCode"
          },
          "url": {
            "type": "string",
            "format": "uri",
            "pattern": "^https?://",
            "maxLength": 2048
          },
          "secret": {
            "$ref": "#/components/schemas/WebhookSecret"
          },
          "description": {
            "type": "string",
            "maxLength": 500
          },
          "enabled": {
            "type": "boolean",
            "default": true
          }
        }
      },
      "SubscriptionUpdate": {
        "type": "object",
        "required": [
          "subscriptionID"
        ],
        "additionalProperties": false,
        "minProperties": 2,
        "properties": {
          "subscriptionID": {
            "type": "string",
            "minLength": 1
          },
          "url": {
            "type": "string",
            "format": "uri",
            "pattern": "^https?://",
            "maxLength": 2048
          },
          "secret": {
            "$ref": "#/components/schemas/WebhookSecret"
          },
          "rotateSecret": {
            "type": "boolean"
          },
          "description": {
            "type": "string",
            "maxLength": 500
          },
          "enabled": {
            "type": "boolean"
          }
        }
      },
      "SubscriptionEnvelope": {
        "type": "object",
        "required": [
          "data",
          "status_code"
        ],
        "properties": {
          "data": {
            "type": "object",
            "required": [
              "message",
              "subscriptionID"
            ],
            "properties": {
              "message": {
                "type": "string"
              },
              "subscriptionID": {
                "type": "string"
              },
              "secret": {
                "$ref": "#/components/schemas/WebhookSecret"
              }
            }
          },
          "status_code": {
            "type": "integer",
            "const": 200
          }
        }
      },
      "WebhookPayload": {
        "type": "object",
        "required": [
          "type",
          "timestamp",
          "data"
        ],
        "properties": {
          "type": {
            "$ref": "#/components/schemas/EventCode"
          },
          "timestamp": {
            "type": "string",
            "format": "date-time"
          },
          "data": {
            "type": "object",
            "required": [
              "eventID",
              "code",
              "publishedBy",
              "payload"
            ],
            "properties": {
              "eventID": {
                "type": "string"
              },
              "code": {
                "$ref": "#/components/schemas/EventCode"
              },
              "publishedBy": {
                "type": "string",
                "description": "The publishing app's id, or `service` for bill events."
              },
              "payload": {
                "type": "object",
                "additionalProperties": true
              }
            }
          }
        }
      },
      "SandboxSummary": {
        "type": "object",
        "required": [
          "counts",
          "clock"
        ],
        "properties": {
          "counts": {
            "type": "object",
            "additionalProperties": {
              "type": "integer",
              "minimum": 0
            }
          },
          "clock": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "SandboxState": {
        "type": "object",
        "description": "The whole simulator state. Its collections' shapes are internal; `version` guards imports.",
        "required": [
          "version",
          "clock",
          "collections"
        ],
        "properties": {
          "version": {
            "type": "integer",
            "const": 1
          },
          "clock": {
            "type": "string",
            "format": "date-time"
          },
          "collections": {
            "type": "object",
            "additionalProperties": {
              "type": "array",
              "items": {
                "type": "object"
              }
            }
          }
        }
      },
      "LoggedRequest": {
        "type": "object",
        "required": [
          "at",
          "method",
          "path",
          "query",
          "status",
          "durationMs"
        ],
        "properties": {
          "at": {
            "type": "string",
            "format": "date-time"
          },
          "method": {
            "type": "string"
          },
          "path": {
            "type": "string"
          },
          "query": {
            "type": "string",
            "description": "Redacted query string."
          },
          "operationId": {
            "type": [
              "string",
              "null"
            ]
          },
          "status": {
            "type": "integer"
          },
          "durationMs": {
            "type": "number"
          },
          "errorCode": {
            "type": "string"
          }
        }
      },
      "Clock": {
        "type": "object",
        "required": [
          "now",
          "offsetSeconds"
        ],
        "properties": {
          "now": {
            "type": "string",
            "format": "date-time"
          },
          "offsetSeconds": {
            "type": "number",
            "description": "How far the virtual clock runs ahead of the real one."
          }
        }
      },
      "FaultRule": {
        "type": "object",
        "additionalProperties": false,
        "minProperties": 1,
        "properties": {
          "status": {
            "type": "integer",
            "minimum": 100,
            "maximum": 599
          },
          "latencyMs": {
            "type": "integer",
            "minimum": 0,
            "maximum": 60000
          },
          "times": {
            "type": "integer",
            "minimum": 1,
            "description": "Fire this many times, then drop the rule."
          }
        }
      },
      "FaultRules": {
        "type": "object",
        "description": "Rules by operationId.",
        "propertyNames": {
          "pattern": "^[a-zA-Z]+$"
        },
        "additionalProperties": {
          "$ref": "#/components/schemas/FaultRule"
        }
      },
      "Notification": {
        "type": "object",
        "required": [
          "notificationID",
          "to",
          "subject",
          "body",
          "billID",
          "at"
        ],
        "properties": {
          "notificationID": {
            "type": "string"
          },
          "to": {
            "type": "string",
            "format": "email"
          },
          "subject": {
            "type": "string"
          },
          "body": {
            "type": "string"
          },
          "billID": {
            "type": "string"
          },
          "at": {
            "type": "string",
            "format": "date-time"
          }
        }
      },
      "DeliveryStatus": {
        "type": "string",
        "description": "`pending`: an attempt is due at `nextAttemptAt`. `succeeded`: a receiver answered 2xx. `failed`: all\n8 attempts failed. `disabled`: the subscription was disabled (a 410 answer, or `enabled: false`)\nbefore the delivery succeeded; nothing more is sent.\n",
        "enum": [
          "pending",
          "succeeded",
          "failed",
          "disabled"
        ]
      },
      "DeliveryAttempt": {
        "type": "object",
        "required": [
          "at",
          "durationMs",
          "outcome"
        ],
        "properties": {
          "at": {
            "type": "string",
            "format": "date-time",
            "description": "Start of the attempt, on the virtual clock."
          },
          "durationMs": {
            "type": "number",
            "description": "Real time until the answer's status line or the failure."
          },
          "responseStatus": {
            "type": [
              "integer",
              "null"
            ],
            "description": "The receiver's status; null without an answer."
          },
          "outcome": {
            "type": "string",
            "description": "`success` (2xx), `http_error` (another status), `redirect` (3xx, not followed), `timeout`,\n`network_error` (no connection), `gone` (410: the subscription is disabled).\n",
            "enum": [
              "success",
              "http_error",
              "redirect",
              "timeout",
              "network_error",
              "gone"
            ]
          },
          "error": {
            "type": "string",
            "description": "What went wrong, in words; absent on success."
          }
        }
      },
      "Delivery": {
        "type": "object",
        "required": [
          "deliveryID",
          "webhookID",
          "subscriptionID",
          "eventID",
          "code",
          "url",
          "status",
          "attempts",
          "nextAttemptAt",
          "replayOf"
        ],
        "properties": {
          "deliveryID": {
            "type": "string"
          },
          "webhookID": {
            "type": "string",
            "description": "The `webhook-id` header: the same on every attempt and replay."
          },
          "subscriptionID": {
            "type": "string"
          },
          "eventID": {
            "type": "string"
          },
          "code": {
            "$ref": "#/components/schemas/EventCode"
          },
          "url": {
            "type": "string",
            "description": "The URL of the latest attempt (the subscription's URL then)."
          },
          "status": {
            "$ref": "#/components/schemas/DeliveryStatus"
          },
          "attempts": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/DeliveryAttempt"
            }
          },
          "nextAttemptAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "replayOf": {
            "type": [
              "string",
              "null"
            ],
            "description": "The delivery this one replays; null for the original."
          }
        }
      },
      "SubscriptionHealth": {
        "type": "object",
        "required": [
          "subscriptionID",
          "enabled",
          "disabledReason",
          "attempts",
          "successes",
          "failures",
          "lastStatus",
          "lastAttemptAt",
          "pending"
        ],
        "properties": {
          "subscriptionID": {
            "type": "string"
          },
          "enabled": {
            "type": "boolean"
          },
          "disabledReason": {
            "type": [
              "string",
              "null"
            ]
          },
          "attempts": {
            "type": "integer"
          },
          "successes": {
            "type": "integer"
          },
          "failures": {
            "type": "integer"
          },
          "lastStatus": {
            "type": [
              "integer",
              "null"
            ]
          },
          "lastAttemptAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "pending": {
            "type": "integer"
          }
        }
      }
    },
    "examples": {
      "DraftBill": {
        "summary": "A draft bill",
        "value": {
          "billID": "bill_0001",
          "businessID": "biz_acme",
          "vendorID": "ven_acme_supply",
          "status": "draft",
          "currency": "USD",
          "totals": {
            "subtotal": 61000,
            "tax": 3600,
            "total": 64600
          },
          "VendorBillPayload": {
            "vendorID": "ven_acme_supply",
            "billNumber": "INV-2041",
            "currency": "USD",
            "issueDate": "2026-11-01",
            "dueDate": "2026-12-01",
            "lineItems": [
              {
                "description": "Printer paper",
                "quantity": 10,
                "unitAmount": 4500,
                "taxRate": 0.08
              },
              {
                "description": "Toner",
                "quantity": 2,
                "unitAmount": 8000
              }
            ],
            "costCenter": "OPS-12"
          },
          "lastDecision": null,
          "confirmedAt": null,
          "payment": null,
          "createdAt": "2026-11-01T09:00:00.000Z",
          "updatedAt": "2026-11-01T09:00:00.000Z",
          "createdBy": "usr_ada"
        }
      },
      "ReviewBill": {
        "summary": "A bill in review",
        "value": {
          "billID": "bill_0002",
          "businessID": "biz_acme",
          "vendorID": "ven_acme_supply",
          "status": "review",
          "currency": "USD",
          "totals": {
            "subtotal": 10000,
            "tax": 0,
            "total": 10000
          },
          "VendorBillPayload": {
            "vendorID": "ven_acme_supply",
            "submit": true,
            "lineItems": [
              {
                "description": "Consulting",
                "quantity": 1,
                "unitAmount": 10000
              }
            ]
          },
          "lastDecision": null,
          "confirmedAt": null,
          "payment": null,
          "createdAt": "2026-11-02T09:00:00.000Z",
          "updatedAt": "2026-11-02T10:00:00.000Z",
          "createdBy": "usr_cole"
        }
      },
      "ApprovedBill": {
        "summary": "An approved bill",
        "value": {
          "billID": "bill_0002",
          "businessID": "biz_acme",
          "vendorID": "ven_acme_supply",
          "status": "approved",
          "currency": "USD",
          "totals": {
            "subtotal": 10000,
            "tax": 0,
            "total": 10000
          },
          "VendorBillPayload": {
            "vendorID": "ven_acme_supply",
            "submit": true,
            "lineItems": [
              {
                "description": "Consulting",
                "quantity": 1,
                "unitAmount": 10000
              }
            ]
          },
          "lastDecision": {
            "action": "APPROVE",
            "by": "usr_april",
            "at": "2026-11-02T11:00:00.000Z"
          },
          "confirmedAt": null,
          "payment": null,
          "createdAt": "2026-11-02T09:00:00.000Z",
          "updatedAt": "2026-11-02T11:00:00.000Z",
          "createdBy": "usr_cole"
        }
      },
      "ConfirmedBill": {
        "summary": "A confirmed bill",
        "value": {
          "billID": "bill_0002",
          "businessID": "biz_acme",
          "vendorID": "ven_acme_supply",
          "status": "approved",
          "currency": "USD",
          "totals": {
            "subtotal": 10000,
            "tax": 0,
            "total": 10000
          },
          "VendorBillPayload": {
            "vendorID": "ven_acme_supply",
            "submit": true,
            "lineItems": [
              {
                "description": "Consulting",
                "quantity": 1,
                "unitAmount": 10000
              }
            ]
          },
          "lastDecision": {
            "action": "APPROVE",
            "by": "usr_april",
            "at": "2026-11-02T11:00:00.000Z"
          },
          "confirmedAt": "2026-11-02T12:00:00.000Z",
          "payment": null,
          "createdAt": "2026-11-02T09:00:00.000Z",
          "updatedAt": "2026-11-02T12:00:00.000Z",
          "createdBy": "usr_cole"
        }
      },
      "PaidExternallyBill": {
        "summary": "A bill paid outside the service",
        "value": {
          "billID": "bill_0002",
          "businessID": "biz_acme",
          "vendorID": "ven_acme_supply",
          "status": "paid",
          "currency": "USD",
          "totals": {
            "subtotal": 10000,
            "tax": 0,
            "total": 10000
          },
          "VendorBillPayload": {
            "vendorID": "ven_acme_supply",
            "submit": true,
            "lineItems": [
              {
                "description": "Consulting",
                "quantity": 1,
                "unitAmount": 10000
              }
            ]
          },
          "lastDecision": {
            "action": "APPROVE",
            "by": "usr_april",
            "at": "2026-11-02T11:00:00.000Z"
          },
          "confirmedAt": null,
          "payment": {
            "method": "external",
            "note": "Paid by wire 2026-11-20",
            "emails": [
              "billing@acme.example"
            ],
            "paidAt": "2026-11-20T12:00:00.000Z"
          },
          "createdAt": "2026-11-02T09:00:00.000Z",
          "updatedAt": "2026-11-20T12:00:00.000Z",
          "createdBy": "usr_cole"
        }
      },
      "PaidByPayoutBill": {
        "summary": "A bill settled by a payout",
        "value": {
          "billID": "bill_0002",
          "businessID": "biz_acme",
          "vendorID": "ven_acme_supply",
          "status": "paid",
          "currency": "USD",
          "totals": {
            "subtotal": 10000,
            "tax": 0,
            "total": 10000
          },
          "VendorBillPayload": {
            "vendorID": "ven_acme_supply",
            "submit": true,
            "lineItems": [
              {
                "description": "Consulting",
                "quantity": 1,
                "unitAmount": 10000
              }
            ]
          },
          "lastDecision": {
            "action": "APPROVE",
            "by": "usr_april",
            "at": "2026-11-02T11:00:00.000Z"
          },
          "confirmedAt": "2026-11-02T12:00:00.000Z",
          "payment": {
            "method": "payout",
            "payoutID": "pay_0001",
            "paidAt": "2026-11-20T12:00:00.000Z"
          },
          "createdAt": "2026-11-02T09:00:00.000Z",
          "updatedAt": "2026-11-20T12:00:00.000Z",
          "createdBy": "usr_cole"
        }
      },
      "Session": {
        "summary": "A session",
        "value": {
          "access_token": "eyJhbGciOiJFUzI1NiIsImtpZCI6InNhbmRib3gtMSJ9.eyJzdWIiOiJ1c3JfYWRhIn0.c2lnbmF0dXJl",
          "token_type": "Bearer",
          "expires_in": 3600,
          "user": {
            "userID": "usr_ada",
            "email": "ada@acme.example",
            "name": "Ada Admin",
            "createdAt": "2026-01-05T09:00:00.000Z"
          }
        }
      },
      "ProblemValidation": {
        "summary": "A missing parameter",
        "value": {
          "type": "https://service-sandbox.dev/problems/validation-failed",
          "title": "Bad Request",
          "status": 400,
          "code": "VALIDATION_FAILED",
          "detail": "The request is invalid: billID is required.",
          "errors": [
            {
              "in": "query",
              "name": "billID",
              "message": "is required"
            }
          ]
        }
      },
      "SandboxSummary": {
        "summary": "Counts after a reset",
        "value": {
          "counts": {
            "users": 5,
            "businesses": 2,
            "bills": 8
          },
          "clock": "2026-11-23T10:00:00.000Z"
        }
      },
      "EmptyState": {
        "summary": "An empty state",
        "value": {
          "version": 1,
          "clock": "2026-11-23T10:00:00.000Z",
          "collections": {
            "users": [],
            "bills": []
          }
        }
      },
      "Clock": {
        "summary": "The clock ten minutes ahead",
        "value": {
          "now": "2026-11-23T10:10:00.000Z",
          "offsetSeconds": 600
        }
      },
      "FaultRules": {
        "summary": "A slow list and a failing create",
        "value": {
          "listBills": {
            "latencyMs": 1500
          },
          "createBill": {
            "status": 500,
            "times": 1
          }
        }
      },
      "Delivery": {
        "summary": "A delivery that succeeded on the second attempt",
        "value": {
          "deliveryID": "dlv_0001",
          "webhookID": "msg_2b7Qm4xK9pLz",
          "subscriptionID": "sub_3nT8qL1x",
          "eventID": "evt_5kR2nQ8w",
          "code": "bill.approved",
          "url": "http://127.0.0.1:9000/webhooks",
          "status": "succeeded",
          "attempts": [
            {
              "at": "2026-11-23T10:00:00.000Z",
              "durationMs": 12.5,
              "responseStatus": 500,
              "outcome": "http_error"
            },
            {
              "at": "2026-11-23T10:00:05.000Z",
              "durationMs": 8.1,
              "responseStatus": 204,
              "outcome": "success"
            }
          ],
          "nextAttemptAt": null,
          "replayOf": null
        }
      }
    }
  }
} as const
