import { commitCreatorImportPreviewResponseExample } from '../routers/creator-import-previews/commit.schema';
import { createCreatorImportPreviewRequestExample } from '../routers/creator-import-previews/create.schema';
import { previewExample } from '../routers/creator-import-previews/schemas';
import { duplicateMediaKitResponseExample } from '../routers/media-kits/duplicate.schema';

/**
 * A request and a response example for every operation, keyed `METHOD /path` as in the document.
 * `request` is what the procedure receives (path and query parameters and body fields together);
 * the document splits it into parameter examples and the body example. `response` is the procedure
 * result (the envelope adds request_id). Both are checked against the operation’s schemas in
 * tests/openapi/completeness.test.ts, so they cannot drift from the API.
 */
export interface OperationExample {
  request?: Record<string, unknown>;
  /** The success status the response example belongs to. */
  status: number;
  /** Absent for 204 No Content. */
  response?: { data: unknown; meta?: unknown };
}

const WEBHOOK_ENDPOINT_ID = '6b0262a17c1e9a0d6a1f0e01';
const webhookEndpoint = {
  id: WEBHOOK_ENDPOINT_ID,
  url: 'https://hooks.example.com/creator-api',
  description: 'CRM sync',
  events: ['creator.created', 'creator_import.completed'],
  status: 'enabled',
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-23T14:20:00.000Z',
  updated_at: '2026-11-23T14:20:00.000Z',
};
const webhookDelivery = {
  id: '6b0262b37c1e9a0d6a1f0e10',
  endpoint_id: WEBHOOK_ENDPOINT_ID,
  event_id: '6b0262b37c1e9a0d6a1f0e0f',
  event_type: 'creator.created',
  status: 'succeeded',
  attempts: 1,
  last_attempt_at: '2026-11-23T14:21:00.180Z',
  last_response_code: 200,
  last_error: null,
  last_duration_ms: 41,
  next_attempt_at: null,
  created_at: '2026-11-23T14:21:00.000Z',
};
const pendingDelivery = { ...webhookDelivery, status: 'pending', attempts: 1, last_response_code: 500, last_error: 'HTTP 500', next_attempt_at: '2026-11-23T14:25:00.000Z' };

export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  'POST /webhook-endpoints': {
    request: { url: 'https://hooks.example.com/creator-api', events: ['creator.created', 'creator_import.completed'], description: 'CRM sync' },
    status: 201,
    response: { data: { ...webhookEndpoint, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } },
  },
  'GET /webhook-endpoints': { request: { limit: 25 }, status: 200, response: { data: [webhookEndpoint], meta: { next_cursor: null, limit: 25 } } },
  'GET /webhook-endpoints/{endpoint_id}': { request: { endpoint_id: WEBHOOK_ENDPOINT_ID }, status: 200, response: { data: webhookEndpoint } },
  'PATCH /webhook-endpoints/{endpoint_id}': {
    request: { endpoint_id: WEBHOOK_ENDPOINT_ID, events: ['*'] },
    status: 200,
    response: { data: { ...webhookEndpoint, events: ['*'], updated_at: '2026-11-23T15:00:00.000Z' } },
  },
  'DELETE /webhook-endpoints/{endpoint_id}': { request: { endpoint_id: WEBHOOK_ENDPOINT_ID }, status: 204 },
  'POST /webhook-endpoints/{endpoint_id}/rotate-secret': {
    request: { endpoint_id: WEBHOOK_ENDPOINT_ID },
    status: 200,
    response: {
      data: {
        ...webhookEndpoint,
        previous_secret_expires_at: '2026-11-24T15:00:00.000Z',
        updated_at: '2026-11-23T15:00:00.000Z',
        secret: 'whsec_2c3RvY2tzLWFuZC1mbG93cy1hcmUtbmljZQ==',
      },
    },
  },
  'GET /webhook-endpoints/{endpoint_id}/deliveries': {
    request: { endpoint_id: WEBHOOK_ENDPOINT_ID, limit: 25 },
    status: 200,
    response: { data: [webhookDelivery], meta: { next_cursor: null, limit: 25 } },
  },
  'POST /webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/retry': {
    request: { endpoint_id: WEBHOOK_ENDPOINT_ID, delivery_id: webhookDelivery.id },
    status: 202,
    response: { data: pendingDelivery },
  },
  'POST /webhook-endpoints/{endpoint_id}/test': {
    request: { endpoint_id: WEBHOOK_ENDPOINT_ID },
    status: 202,
    response: { data: { ...pendingDelivery, event_type: 'webhook.test', attempts: 0, last_attempt_at: null, last_response_code: null, last_error: null, last_duration_ms: null, next_attempt_at: '2026-11-23T14:21:00.000Z' } },
  },
  'GET /event-types': {
    status: 200,
    response: {
      data: [
        {
          type: 'creator.created',
          description: 'A creator was added to a roster (API, settings UI, CSV import or tool interface).',
          resource: 'Creator',
          payload_schema: { type: 'object', required: ['type', 'timestamp', 'data'] },
        },
      ],
    },
  },
  'POST /creator-imports/previews': { request: createCreatorImportPreviewRequestExample, status: 201, response: { data: previewExample } },
  'GET /creator-imports/previews/{preview_id}': { request: { preview_id: previewExample.id }, status: 200, response: { data: previewExample } },
  'POST /creator-imports/previews/{preview_id}/commit': {
    request: { preview_id: previewExample.id },
    status: 202,
    response: commitCreatorImportPreviewResponseExample,
  },
  'POST /media-kits/{media_kit_id}/duplicate': {
    request: { media_kit_id: '6b0243d1a5e3c20d6a1f0c11', name: 'Spring 2027 rates' },
    status: 201,
    response: duplicateMediaKitResponseExample,
  },
  "GET /me": {
    "status": 200,
    "response": {
      "data": {
        "subject_type": "agency",
        "subject_id": "6b04481c1ba105ce1549512c",
        "user_id": "6b04481c1ba105ce1549512b",
        "scopes": [
          "roster:read",
          "roster:write",
          "media_kits:read",
          "media_kits:write",
          "decks:read",
          "decks:write",
          "campaigns:read",
          "campaigns:write",
          "analytics:read",
          "sponsorships:read"
        ],
        "entitlement": "active"
      }
    }
  },
  "POST /creators": {
    "request": {
      "display_name": "Maya Chen",
      "email": "maya@example.com",
      "country": "US",
      "languages": [
        "en",
        "zh"
      ],
      "tags": [
        "travel",
        "food"
      ],
      "socials": [
        {
          "platform": "instagram",
          "handle_or_url": "@maya.eats"
        },
        {
          "platform": "tiktok",
          "handle_or_url": "https://www.tiktok.com/@mayaeats"
        }
      ]
    },
    "status": 201,
    "response": {
      "data": {
        "created": true,
        "creator": {
          "id": "6b04481e1ba105ce15495131",
          "username": "maya.eats",
          "display_name": "Maya Chen",
          "avatar_url": null,
          "bio": null,
          "location": null,
          "country": "US",
          "languages": [
            "en",
            "zh"
          ],
          "tags": [
            "travel",
            "food"
          ],
          "socials": [
            {
              "id": "6b04481e1ba105ce15495133",
              "platform": "instagram",
              "username": "maya.eats",
              "display_name": null,
              "profile_url": "https://www.instagram.com/maya.eats/",
              "status": "unverified",
              "followers": null,
              "average_views": null,
              "average_engagements": null,
              "engagement_rate": null,
              "metrics_updated_at": null
            },
            {
              "id": "6b04481e1ba105ce15495134",
              "platform": "tiktok",
              "username": "mayaeats",
              "display_name": null,
              "profile_url": "https://www.tiktok.com/@mayaeats",
              "status": "unverified",
              "followers": null,
              "average_views": null,
              "average_engagements": null,
              "engagement_rate": null,
              "metrics_updated_at": null
            }
          ],
          "summary_metrics": {
            "total_followers": null,
            "metrics_updated_at": null
          },
          "data_status": "pending",
          "created_at": "2026-11-23T14:05:18.378Z",
          "updated_at": "2026-11-23T14:05:18.378Z"
        },
        "media_kit": {
          "id": "6b04481e1ba105ce15495135",
          "creator_id": "6b04481e1ba105ce15495131",
          "owner_type": "agency",
          "owner_id": "6b04481c1ba105ce1549512c",
          "is_default": true,
          "name": "Maya Chen — media kit",
          "slug": "maya-chen-192126df04",
          "visibility": "link",
          "template": "classic",
          "headline": null,
          "bio": null,
          "contact_email": null,
          "sections": [
            "about",
            "socials",
            "audience",
            "content",
            "brands",
            "contact"
          ],
          "theme": "light",
          "accent_color": "#2563EB",
          "background_color": "#FFFFFF",
          "picture_url": null,
          "cover_url": null,
          "editor_url": "https://app.creator-api.dev/editor/media-kits/6b04481e1ba105ce15495135",
          "share_url": "https://app.creator-api.dev/m/maya-chen-192126df04",
          "created_at": "2026-11-23T14:05:18.612Z",
          "updated_at": "2026-11-23T14:05:18.612Z"
        }
      }
    }
  },
  "GET /creators": {
    "request": {
      "limit": 25
    },
    "status": 200,
    "response": {
      "data": [
        {
          "id": "6b04481e1ba105ce15495131",
          "username": "maya.eats",
          "display_name": "Maya Chen",
          "avatar_url": null,
          "bio": null,
          "location": null,
          "country": "US",
          "languages": [
            "en",
            "zh"
          ],
          "tags": [
            "travel",
            "food"
          ],
          "socials": [
            {
              "id": "6b04481e1ba105ce15495133",
              "platform": "instagram",
              "username": "maya.eats",
              "display_name": null,
              "profile_url": "https://www.instagram.com/maya.eats/",
              "status": "unverified",
              "followers": null,
              "average_views": null,
              "average_engagements": null,
              "engagement_rate": null,
              "metrics_updated_at": null
            },
            {
              "id": "6b04481e1ba105ce15495134",
              "platform": "tiktok",
              "username": "mayaeats",
              "display_name": null,
              "profile_url": "https://www.tiktok.com/@mayaeats",
              "status": "unverified",
              "followers": null,
              "average_views": null,
              "average_engagements": null,
              "engagement_rate": null,
              "metrics_updated_at": null
            }
          ],
          "summary_metrics": {
            "total_followers": null,
            "metrics_updated_at": null
          },
          "data_status": "pending",
          "created_at": "2026-11-23T14:05:18.378Z",
          "updated_at": "2026-11-23T14:05:18.378Z"
        }
      ],
      "meta": {
        "next_cursor": null,
        "limit": 25
      }
    }
  },
  "GET /creators/{creator_id}": {
    "request": {
      "creator_id": "6b04481e1ba105ce15495131"
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b04481e1ba105ce15495131",
        "username": "maya.eats",
        "display_name": "Maya Chen",
        "avatar_url": null,
        "bio": null,
        "location": null,
        "country": "US",
        "languages": [
          "en",
          "zh"
        ],
        "tags": [
          "travel",
          "food"
        ],
        "socials": [
          {
            "id": "6b04481e1ba105ce15495133",
            "platform": "instagram",
            "username": "maya.eats",
            "display_name": null,
            "profile_url": "https://www.instagram.com/maya.eats/",
            "status": "unverified",
            "followers": null,
            "average_views": null,
            "average_engagements": null,
            "engagement_rate": null,
            "metrics_updated_at": null
          },
          {
            "id": "6b04481e1ba105ce15495134",
            "platform": "tiktok",
            "username": "mayaeats",
            "display_name": null,
            "profile_url": "https://www.tiktok.com/@mayaeats",
            "status": "unverified",
            "followers": null,
            "average_views": null,
            "average_engagements": null,
            "engagement_rate": null,
            "metrics_updated_at": null
          }
        ],
        "summary_metrics": {
          "total_followers": null,
          "metrics_updated_at": null
        },
        "data_status": "pending",
        "created_at": "2026-11-23T14:05:18.378Z",
        "updated_at": "2026-11-23T14:05:18.378Z"
      }
    }
  },
  "POST /creator-imports": {
    "request": {
      "file": "display_name,email,instagram,tags\nLeo Park,leo@example.com,@leo.park,fitness;travel\n"
    },
    "status": 202,
    "response": {
      "data": {
        "id": "6b04481f1ba105ce15495136",
        "status": "queued",
        "source_filename": "creators.csv",
        "progress": {
          "total": 1,
          "processed": 0,
          "created": 0,
          "socials_attached": 0,
          "failed": 0
        },
        "rows": [],
        "created_at": "2026-11-23T14:05:19.818Z",
        "started_at": null,
        "completed_at": null
      }
    }
  },
  "GET /creator-imports/{import_id}": {
    "request": {
      "import_id": "6b04481f1ba105ce15495136"
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b04481f1ba105ce15495136",
        "status": "completed",
        "source_filename": "creators.csv",
        "progress": {
          "total": 1,
          "processed": 1,
          "created": 1,
          "socials_attached": 1,
          "failed": 0
        },
        "rows": [
          {
            "row_number": 1,
            "status": "created",
            "creator_id": "6b04481f003c1b7da249a439",
            "media_kit_id": "6b0448201ba105ce15495139",
            "social_ids": [
              "6b04481ff39961133766b52d"
            ],
            "errors": []
          }
        ],
        "created_at": "2026-11-23T14:05:19.818Z",
        "started_at": "2026-11-23T14:05:19.886Z",
        "completed_at": "2026-11-23T14:05:20.093Z"
      }
    }
  },
  "GET /socials": {
    "request": {
      "creator_id": "6b04481e1ba105ce15495131",
      "limit": 25
    },
    "status": 200,
    "response": {
      "data": [
        {
          "id": "6b04481e1ba105ce15495134",
          "platform": "tiktok",
          "username": "mayaeats",
          "display_name": null,
          "profile_url": "https://www.tiktok.com/@mayaeats",
          "status": "unverified",
          "followers": null,
          "average_views": null,
          "average_engagements": null,
          "engagement_rate": null,
          "metrics_updated_at": null
        }
      ],
      "meta": {
        "next_cursor": null,
        "limit": 25,
        "creator_id": "6b04481e1ba105ce15495131"
      }
    }
  },
  "POST /media-kits": {
    "request": {
      "creator_id": "6b04481e1ba105ce15495131"
    },
    "status": 200,
    "response": {
      "data": {
        "created": false,
        "media_kit": {
          "id": "6b04481e1ba105ce15495135",
          "creator_id": "6b04481e1ba105ce15495131",
          "owner_type": "agency",
          "owner_id": "6b04481c1ba105ce1549512c",
          "is_default": true,
          "name": "Maya Chen — media kit",
          "slug": "maya-chen-192126df04",
          "visibility": "link",
          "template": "classic",
          "headline": null,
          "bio": null,
          "contact_email": null,
          "sections": [
            "about",
            "socials",
            "audience",
            "content",
            "brands",
            "contact"
          ],
          "theme": "light",
          "accent_color": "#2563EB",
          "background_color": "#FFFFFF",
          "picture_url": null,
          "cover_url": null,
          "editor_url": "https://app.creator-api.dev/editor/media-kits/6b04481e1ba105ce15495135",
          "share_url": "https://app.creator-api.dev/m/maya-chen-192126df04",
          "created_at": "2026-11-23T14:05:18.612Z",
          "updated_at": "2026-11-23T14:05:18.612Z"
        }
      }
    }
  },
  "POST /media-kits/new": {
    "request": {
      "creator_id": "6b04481e1ba105ce15495131",
      "name": "Summer pitch",
      "template": "bold",
      "headline": "Travel & food stories",
      "sections": [
        "about",
        "socials",
        "rates",
        "contact"
      ],
      "picture_url": "https://cdn.example.com/maya.jpg"
    },
    "status": 201,
    "response": {
      "data": {
        "id": "6b0448221ba105ce1549513a",
        "creator_id": "6b04481e1ba105ce15495131",
        "owner_type": "agency",
        "owner_id": "6b04481c1ba105ce1549512c",
        "is_default": false,
        "name": "Summer pitch",
        "slug": "summer-pitch-6080e56141",
        "visibility": "link",
        "template": "bold",
        "headline": "Travel & food stories",
        "bio": null,
        "contact_email": null,
        "sections": [
          "about",
          "socials",
          "rates",
          "contact"
        ],
        "theme": "dark",
        "accent_color": "#F43F5E",
        "background_color": "#0B0B0F",
        "picture_url": "https://cdn.example.com/maya.jpg",
        "cover_url": null,
        "editor_url": "https://app.creator-api.dev/editor/media-kits/6b0448221ba105ce1549513a",
        "share_url": "https://app.creator-api.dev/m/summer-pitch-6080e56141",
        "created_at": "2026-11-23T14:05:22.058Z",
        "updated_at": "2026-11-23T14:05:22.058Z"
      }
    }
  },
  "GET /media-kits": {
    "request": {
      "creator_id": "6b04481e1ba105ce15495131",
      "limit": 25
    },
    "status": 200,
    "response": {
      "data": [
        {
          "id": "6b0448221ba105ce1549513a",
          "creator_id": "6b04481e1ba105ce15495131",
          "owner_type": "agency",
          "owner_id": "6b04481c1ba105ce1549512c",
          "is_default": false,
          "name": "Summer pitch",
          "slug": "summer-pitch-6080e56141",
          "visibility": "link",
          "template": "bold",
          "headline": "Travel & food stories",
          "bio": null,
          "contact_email": null,
          "sections": [
            "about",
            "socials",
            "rates",
            "contact"
          ],
          "theme": "dark",
          "accent_color": "#F43F5E",
          "background_color": "#0B0B0F",
          "picture_url": "https://cdn.example.com/maya.jpg",
          "cover_url": null,
          "editor_url": "https://app.creator-api.dev/editor/media-kits/6b0448221ba105ce1549513a",
          "share_url": "https://app.creator-api.dev/m/summer-pitch-6080e56141",
          "created_at": "2026-11-23T14:05:22.058Z",
          "updated_at": "2026-11-23T14:05:22.058Z"
        }
      ],
      "meta": {
        "next_cursor": "eyJsIjoiU3U5V01FNkxwWnh0IiwiYSI6IjZiMDQ0ODIyMWJhMTA1Y2UxNTQ5NTEzYSJ9.iub8JVQHMkA3fJBHK-NOTl",
        "limit": 1
      }
    }
  },
  "GET /media-kits/{media_kit_id}": {
    "request": {
      "media_kit_id": "6b04481e1ba105ce15495135"
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b04481e1ba105ce15495135",
        "creator_id": "6b04481e1ba105ce15495131",
        "owner_type": "agency",
        "owner_id": "6b04481c1ba105ce1549512c",
        "is_default": true,
        "name": "Maya Chen — media kit",
        "slug": "maya-chen-192126df04",
        "visibility": "link",
        "template": "classic",
        "headline": null,
        "bio": null,
        "contact_email": null,
        "sections": [
          "about",
          "socials",
          "audience",
          "content",
          "brands",
          "contact"
        ],
        "theme": "light",
        "accent_color": "#2563EB",
        "background_color": "#FFFFFF",
        "picture_url": null,
        "cover_url": null,
        "editor_url": "https://app.creator-api.dev/editor/media-kits/6b04481e1ba105ce15495135",
        "share_url": "https://app.creator-api.dev/m/maya-chen-192126df04",
        "created_at": "2026-11-23T14:05:18.612Z",
        "updated_at": "2026-11-23T14:05:18.612Z"
      }
    }
  },
  "PATCH /media-kits/{media_kit_id}": {
    "request": {
      "media_kit_id": "6b04481e1ba105ce15495135",
      "headline": "Food, travel and slow mornings",
      "theme": "dark"
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b04481e1ba105ce15495135",
        "creator_id": "6b04481e1ba105ce15495131",
        "owner_type": "agency",
        "owner_id": "6b04481c1ba105ce1549512c",
        "is_default": true,
        "name": "Maya Chen — media kit",
        "slug": "maya-chen-192126df04",
        "visibility": "link",
        "template": "classic",
        "headline": "Food, travel and slow mornings",
        "bio": null,
        "contact_email": null,
        "sections": [
          "about",
          "socials",
          "audience",
          "content",
          "brands",
          "contact"
        ],
        "theme": "dark",
        "accent_color": "#2563EB",
        "background_color": "#FFFFFF",
        "picture_url": null,
        "cover_url": null,
        "editor_url": "https://app.creator-api.dev/editor/media-kits/6b04481e1ba105ce15495135",
        "share_url": "https://app.creator-api.dev/m/maya-chen-192126df04",
        "created_at": "2026-11-23T14:05:18.612Z",
        "updated_at": "2026-11-23T14:05:22.379Z"
      }
    }
  },
  "GET /media-kit-templates": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "classic",
          "name": "Classic",
          "description": "A portrait header, a short bio and every section in one column.",
          "theme": "light",
          "accent_color": "#2563EB",
          "background_color": "#FFFFFF",
          "sections": [
            "about",
            "socials",
            "audience",
            "content",
            "brands",
            "contact"
          ]
        }
      ]
    }
  },
  "POST /link-in-bio": {
    "request": {
      "slug": "ada-lovelace",
      "username": "ada",
      "bio": "Mathematician. Writing about engines.",
      "social_links": [
        {
          "platform": "instagram",
          "handle_or_url": "@ada.lovelace"
        }
      ],
      "blocks": [
        {
          "client_id": "newsletter",
          "type": "link",
          "title": "My newsletter",
          "url": "https://ada.example.com/newsletter"
        }
      ]
    },
    "status": 201,
    "response": {
      "data": {
        "id": "6b0448221ba105ce1549513b",
        "creator_id": "6b04481d1ba105ce1549512f",
        "slug": "ada-lovelace",
        "username": "ada",
        "theme": "light",
        "button_style": "rounded",
        "accent_color": null,
        "background_color": null,
        "picture_url": null,
        "bio": "Mathematician. Writing about engines.",
        "social_links": [
          {
            "platform": "instagram",
            "username": "ada.lovelace",
            "url": "https://www.instagram.com/ada.lovelace/"
          }
        ],
        "blocks": [
          {
            "id": "6b0448221ba105ce1549513c",
            "client_id": "newsletter",
            "type": "link",
            "title": "My newsletter",
            "url": "https://ada.example.com/newsletter",
            "media_url": null,
            "visible": true,
            "order": 0,
            "created_at": "2026-11-23T14:05:22.609Z",
            "updated_at": "2026-11-23T14:05:22.609Z"
          }
        ],
        "share_url": "https://app.creator-api.dev/l/ada-lovelace",
        "editor_url": "https://app.creator-api.dev/editor/link-in-bio/6b0448221ba105ce1549513b",
        "created_at": "2026-11-23T14:05:22.572Z",
        "updated_at": "2026-11-23T14:05:22.572Z"
      }
    }
  },
  "GET /link-in-bio": {
    "status": 200,
    "response": {
      "data": {
        "id": "6b0448221ba105ce1549513b",
        "creator_id": "6b04481d1ba105ce1549512f",
        "slug": "ada-lovelace",
        "username": "ada",
        "theme": "light",
        "button_style": "rounded",
        "accent_color": null,
        "background_color": null,
        "picture_url": null,
        "bio": "Mathematician. Writing about engines.",
        "social_links": [
          {
            "platform": "instagram",
            "username": "ada.lovelace",
            "url": "https://www.instagram.com/ada.lovelace/"
          }
        ],
        "blocks": [
          {
            "id": "6b0448221ba105ce1549513c",
            "client_id": "newsletter",
            "type": "link",
            "title": "My newsletter",
            "url": "https://ada.example.com/newsletter",
            "media_url": null,
            "visible": true,
            "order": 0,
            "created_at": "2026-11-23T14:05:22.609Z",
            "updated_at": "2026-11-23T14:05:22.609Z"
          }
        ],
        "share_url": "https://app.creator-api.dev/l/ada-lovelace",
        "editor_url": "https://app.creator-api.dev/editor/link-in-bio/6b0448221ba105ce1549513b",
        "created_at": "2026-11-23T14:05:22.572Z",
        "updated_at": "2026-11-23T14:05:22.572Z"
      }
    }
  },
  "PATCH /link-in-bio": {
    "request": {
      "bio": "Mathematician and writer.",
      "blocks": [
        {
          "client_id": "talks",
          "type": "title",
          "title": "Talks"
        }
      ]
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b0448221ba105ce1549513b",
        "creator_id": "6b04481d1ba105ce1549512f",
        "slug": "ada-lovelace",
        "username": "ada",
        "theme": "light",
        "button_style": "rounded",
        "accent_color": null,
        "background_color": null,
        "picture_url": null,
        "bio": "Mathematician and writer.",
        "social_links": [
          {
            "platform": "instagram",
            "username": "ada.lovelace",
            "url": "https://www.instagram.com/ada.lovelace/"
          }
        ],
        "blocks": [
          {
            "id": "6b0448221ba105ce1549513c",
            "client_id": "newsletter",
            "type": "link",
            "title": "My newsletter",
            "url": "https://ada.example.com/newsletter",
            "media_url": null,
            "visible": true,
            "order": 0,
            "created_at": "2026-11-23T14:05:22.609Z",
            "updated_at": "2026-11-23T14:05:22.609Z"
          },
          {
            "id": "6b0448231ba105ce1549513d",
            "client_id": "talks",
            "type": "title",
            "title": "Talks",
            "url": null,
            "media_url": null,
            "visible": true,
            "order": 1,
            "created_at": "2026-11-23T14:05:23.102Z",
            "updated_at": "2026-11-23T14:05:23.102Z"
          }
        ],
        "share_url": "https://app.creator-api.dev/l/ada-lovelace",
        "editor_url": "https://app.creator-api.dev/editor/link-in-bio/6b0448221ba105ce1549513b",
        "created_at": "2026-11-23T14:05:22.572Z",
        "updated_at": "2026-11-23T14:05:23.104Z"
      }
    }
  },
  "POST /link-in-bio/blocks": {
    "request": {
      "client_id": "portrait",
      "type": "image",
      "media_url": "https://cdn.example.com/ada-portrait.jpg",
      "title": "Portrait"
    },
    "status": 201,
    "response": {
      "data": {
        "id": "6b0448221ba105ce1549513b",
        "creator_id": "6b04481d1ba105ce1549512f",
        "slug": "ada-lovelace",
        "username": "ada",
        "theme": "light",
        "button_style": "rounded",
        "accent_color": null,
        "background_color": null,
        "picture_url": null,
        "bio": "Mathematician and writer.",
        "social_links": [
          {
            "platform": "instagram",
            "username": "ada.lovelace",
            "url": "https://www.instagram.com/ada.lovelace/"
          }
        ],
        "blocks": [
          {
            "id": "6b0448221ba105ce1549513c",
            "client_id": "newsletter",
            "type": "link",
            "title": "My newsletter",
            "url": "https://ada.example.com/newsletter",
            "media_url": null,
            "visible": true,
            "order": 0,
            "created_at": "2026-11-23T14:05:22.609Z",
            "updated_at": "2026-11-23T14:05:22.609Z"
          },
          {
            "id": "6b0448231ba105ce1549513d",
            "client_id": "talks",
            "type": "title",
            "title": "Talks",
            "url": null,
            "media_url": null,
            "visible": true,
            "order": 1,
            "created_at": "2026-11-23T14:05:23.102Z",
            "updated_at": "2026-11-23T14:05:23.102Z"
          },
          {
            "id": "6b0448231ba105ce1549513e",
            "client_id": "portrait",
            "type": "image",
            "title": "Portrait",
            "url": null,
            "media_url": "https://cdn.example.com/ada-portrait.jpg",
            "visible": true,
            "order": 2,
            "created_at": "2026-11-23T14:05:23.293Z",
            "updated_at": "2026-11-23T14:05:23.293Z"
          }
        ],
        "share_url": "https://app.creator-api.dev/l/ada-lovelace",
        "editor_url": "https://app.creator-api.dev/editor/link-in-bio/6b0448221ba105ce1549513b",
        "created_at": "2026-11-23T14:05:22.572Z",
        "updated_at": "2026-11-23T14:05:23.303Z"
      },
      "meta": {
        "block_id": "6b0448231ba105ce1549513e",
        "created": true
      }
    }
  },
  "POST /link-in-bio/imports": {
    "request": {
      "source_url": "https://linktr.ee/ada"
    },
    "status": 202,
    "response": {
      "data": {
        "id": "6b0448231ba105ce1549513f",
        "status": "queued",
        "source_url": "https://linktr.ee/ada",
        "progress": {
          "items_found": 0,
          "blocks_created": 0,
          "items_skipped": 0
        },
        "blocks_created": 0,
        "errors": [],
        "created_at": "2026-11-23T14:05:23.497Z",
        "started_at": null,
        "completed_at": null
      }
    }
  },
  "GET /link-in-bio/imports/{import_id}": {
    "request": {
      "import_id": "6b0448231ba105ce1549513f"
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b0448231ba105ce1549513f",
        "status": "completed",
        "source_url": "https://linktr.ee/ada",
        "progress": {
          "items_found": 6,
          "blocks_created": 5,
          "items_skipped": 1
        },
        "blocks_created": 5,
        "errors": [
          "1 item was already on your page (an earlier import) and was skipped."
        ],
        "created_at": "2026-11-23T14:05:23.497Z",
        "started_at": "2026-11-23T14:05:23.512Z",
        "completed_at": "2026-11-23T14:05:23.614Z"
      }
    }
  },
  "POST /decks": {
    "request": {
      "title": "Spring Roster 2026",
      "bio": "Food and travel creators for spring launches.",
      "creator_ids": [
        "6b04481e1ba105ce15495131"
      ],
      "tags": [
        "food",
        "travel"
      ],
      "theme": "light",
      "cta": "bookACall",
      "contact_email": "bookings@northwind.example"
    },
    "status": 201,
    "response": {
      "data": {
        "id": "6b0448251ba105ce15495140",
        "agency_id": "6b04481c1ba105ce1549512c",
        "creator_ids": [
          "6b04481e1ba105ce15495131"
        ],
        "slug": "spring-roster-2026",
        "title": "Spring Roster 2026",
        "bio": "Food and travel creators for spring launches.",
        "contact_email": "bookings@northwind.example",
        "tags": [
          "food",
          "travel"
        ],
        "picture_url": null,
        "cover_url": null,
        "theme": "light",
        "accent_color": null,
        "background_color": null,
        "cta": "bookACall",
        "location": null,
        "visibility": "link",
        "has_password": false,
        "editor_url": "https://app.creator-api.dev/editor/decks/6b0448251ba105ce15495140",
        "share_url": "https://app.creator-api.dev/d/spring-roster-2026",
        "created_at": "2026-11-23T14:05:25.351Z",
        "updated_at": "2026-11-23T14:05:25.351Z"
      }
    }
  },
  "GET /decks": {
    "request": {
      "limit": 25
    },
    "status": 200,
    "response": {
      "data": [
        {
          "id": "6b0448251ba105ce15495140",
          "agency_id": "6b04481c1ba105ce1549512c",
          "creator_ids": [
            "6b04481e1ba105ce15495131"
          ],
          "slug": "spring-roster-2026",
          "title": "Spring Roster 2026",
          "bio": "Food and travel creators for spring launches.",
          "contact_email": "bookings@northwind.example",
          "tags": [
            "food",
            "travel"
          ],
          "picture_url": null,
          "cover_url": null,
          "theme": "light",
          "accent_color": null,
          "background_color": null,
          "cta": "bookACall",
          "location": null,
          "visibility": "link",
          "has_password": false,
          "editor_url": "https://app.creator-api.dev/editor/decks/6b0448251ba105ce15495140",
          "share_url": "https://app.creator-api.dev/d/spring-roster-2026",
          "created_at": "2026-11-23T14:05:25.351Z",
          "updated_at": "2026-11-23T14:05:25.351Z"
        }
      ],
      "meta": {
        "next_cursor": null,
        "limit": 25
      }
    }
  },
  "GET /decks/{deck_id}": {
    "request": {
      "deck_id": "6b0448251ba105ce15495140"
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b0448251ba105ce15495140",
        "agency_id": "6b04481c1ba105ce1549512c",
        "creator_ids": [
          "6b04481e1ba105ce15495131"
        ],
        "slug": "spring-roster-2026",
        "title": "Spring Roster 2026",
        "bio": "Food and travel creators for spring launches.",
        "contact_email": "bookings@northwind.example",
        "tags": [
          "food",
          "travel"
        ],
        "picture_url": null,
        "cover_url": null,
        "theme": "light",
        "accent_color": null,
        "background_color": null,
        "cta": "bookACall",
        "location": null,
        "visibility": "link",
        "has_password": false,
        "editor_url": "https://app.creator-api.dev/editor/decks/6b0448251ba105ce15495140",
        "share_url": "https://app.creator-api.dev/d/spring-roster-2026",
        "created_at": "2026-11-23T14:05:25.351Z",
        "updated_at": "2026-11-23T14:05:25.351Z"
      }
    }
  },
  "PATCH /decks/{deck_id}": {
    "request": {
      "deck_id": "6b0448251ba105ce15495140",
      "title": "Spring Roster 2026 (updated)",
      "visibility": "private"
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b0448251ba105ce15495140",
        "agency_id": "6b04481c1ba105ce1549512c",
        "creator_ids": [
          "6b04481e1ba105ce15495131"
        ],
        "slug": "spring-roster-2026",
        "title": "Spring Roster 2026 (updated)",
        "bio": "Food and travel creators for spring launches.",
        "contact_email": "bookings@northwind.example",
        "tags": [
          "food",
          "travel"
        ],
        "picture_url": null,
        "cover_url": null,
        "theme": "light",
        "accent_color": null,
        "background_color": null,
        "cta": "bookACall",
        "location": null,
        "visibility": "private",
        "has_password": false,
        "editor_url": "https://app.creator-api.dev/editor/decks/6b0448251ba105ce15495140",
        "share_url": "https://app.creator-api.dev/d/spring-roster-2026",
        "created_at": "2026-11-23T14:05:25.351Z",
        "updated_at": "2026-11-23T14:05:25.611Z"
      }
    }
  },
  "POST /campaigns": {
    "request": {
      "name": "Peak Protein spring launch",
      "description": "Instagram and TikTok push for the new bar.",
      "starts_at": "2026-03-01T00:00:00Z",
      "ends_at": "2026-04-30T23:59:59Z",
      "cpm": {
        "instagram": 12.5,
        "tiktok": 9
      }
    },
    "status": 201,
    "response": {
      "data": {
        "id": "6b0448251ba105ce15495141",
        "owner_type": "agency",
        "owner_id": "6b04481c1ba105ce1549512c",
        "name": "Peak Protein spring launch",
        "description": "Instagram and TikTok push for the new bar.",
        "status": "active",
        "starts_at": "2026-03-01T00:00:00.000Z",
        "ends_at": "2026-04-30T23:59:59.000Z",
        "refresh_cadence": "daily",
        "refresh_state": "active",
        "cpm": {
          "instagram": 12.5,
          "tiktok": 9,
          "youtube": 0,
          "twitter": 0
        },
        "emv_override": null,
        "public_report": {
          "enabled": false,
          "access_mode": "link",
          "slug": "F3BZIwX8FZic-IGV",
          "share_url": "https://app.creator-api.dev/r/F3BZIwX8FZic-IGV"
        },
        "editor_url": "https://app.creator-api.dev/editor/campaigns/6b0448251ba105ce15495141",
        "summary": {
          "creators": 0,
          "content": 0,
          "views": 0,
          "impressions": 0,
          "engagements": 0,
          "engagement_rate": 0,
          "emv": 0
        },
        "created_at": "2026-11-23T14:05:25.680Z",
        "updated_at": "2026-11-23T14:05:25.680Z"
      }
    }
  },
  "GET /campaigns": {
    "request": {
      "status": "active",
      "limit": 25
    },
    "status": 200,
    "response": {
      "data": [
        {
          "id": "6b0448251ba105ce15495141",
          "owner_type": "agency",
          "owner_id": "6b04481c1ba105ce1549512c",
          "name": "Peak Protein spring launch",
          "description": "Instagram and TikTok push for the new bar.",
          "status": "active",
          "starts_at": "2026-03-01T00:00:00.000Z",
          "ends_at": "2026-04-30T23:59:59.000Z",
          "refresh_cadence": "daily",
          "refresh_state": "active",
          "cpm": {
            "instagram": 12.5,
            "tiktok": 9,
            "youtube": 0,
            "twitter": 0
          },
          "emv_override": null,
          "public_report": {
            "enabled": false,
            "access_mode": "link",
            "slug": "F3BZIwX8FZic-IGV",
            "share_url": "https://app.creator-api.dev/r/F3BZIwX8FZic-IGV"
          },
          "editor_url": "https://app.creator-api.dev/editor/campaigns/6b0448251ba105ce15495141",
          "summary": {
            "creators": 0,
            "content": 0,
            "views": 0,
            "impressions": 0,
            "engagements": 0,
            "engagement_rate": 0,
            "emv": 0
          },
          "created_at": "2026-11-23T14:05:25.680Z",
          "updated_at": "2026-11-23T14:05:25.680Z"
        }
      ],
      "meta": {
        "next_cursor": null,
        "limit": 25
      }
    }
  },
  "GET /campaigns/{campaign_id}": {
    "request": {
      "campaign_id": "6b0448251ba105ce15495141"
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b0448251ba105ce15495141",
        "owner_type": "agency",
        "owner_id": "6b04481c1ba105ce1549512c",
        "name": "Peak Protein spring launch",
        "description": "Instagram and TikTok push for the new bar.",
        "status": "active",
        "starts_at": "2026-03-01T00:00:00.000Z",
        "ends_at": "2026-04-30T23:59:59.000Z",
        "refresh_cadence": "daily",
        "refresh_state": "active",
        "cpm": {
          "instagram": 12.5,
          "tiktok": 9,
          "youtube": 0,
          "twitter": 0
        },
        "emv_override": null,
        "public_report": {
          "enabled": false,
          "access_mode": "link",
          "slug": "F3BZIwX8FZic-IGV",
          "share_url": "https://app.creator-api.dev/r/F3BZIwX8FZic-IGV"
        },
        "editor_url": "https://app.creator-api.dev/editor/campaigns/6b0448251ba105ce15495141",
        "summary": {
          "creators": 0,
          "content": 0,
          "views": 0,
          "impressions": 0,
          "engagements": 0,
          "engagement_rate": 0,
          "emv": 0
        },
        "created_at": "2026-11-23T14:05:25.680Z",
        "updated_at": "2026-11-23T14:05:25.680Z"
      }
    }
  },
  "PATCH /campaigns/{campaign_id}": {
    "request": {
      "campaign_id": "6b0448251ba105ce15495141",
      "refresh_cadence": "weekly",
      "cpm": {
        "youtube": 20
      }
    },
    "status": 200,
    "response": {
      "data": {
        "id": "6b0448251ba105ce15495141",
        "owner_type": "agency",
        "owner_id": "6b04481c1ba105ce1549512c",
        "name": "Peak Protein spring launch",
        "description": "Instagram and TikTok push for the new bar.",
        "status": "active",
        "starts_at": "2026-03-01T00:00:00.000Z",
        "ends_at": "2026-04-30T23:59:59.000Z",
        "refresh_cadence": "weekly",
        "refresh_state": "active",
        "cpm": {
          "instagram": 12.5,
          "tiktok": 9,
          "youtube": 20,
          "twitter": 0
        },
        "emv_override": null,
        "public_report": {
          "enabled": false,
          "access_mode": "link",
          "slug": "F3BZIwX8FZic-IGV",
          "share_url": "https://app.creator-api.dev/r/F3BZIwX8FZic-IGV"
        },
        "editor_url": "https://app.creator-api.dev/editor/campaigns/6b0448251ba105ce15495141",
        "summary": {
          "creators": 0,
          "content": 0,
          "views": 0,
          "impressions": 0,
          "engagements": 0,
          "engagement_rate": 0,
          "emv": 0
        },
        "created_at": "2026-11-23T14:05:25.680Z",
        "updated_at": "2026-11-23T14:05:26.133Z"
      }
    }
  },
  "GET /analytics/views": {
    "request": {
      "resource_type": "media_kit",
      "resource_id": "6b04481e1ba105ce15495135",
      "timeframe": "last7d",
      "timezone": "America/New_York"
    },
    "status": 200,
    "response": {
      "data": {
        "resource_type": "media_kit",
        "resource_scope": "single",
        "resource_count": 1,
        "resource_ids": [
          "6b04481e1ba105ce15495135"
        ],
        "metric": "page_views",
        "totals": {
          "page_views": 36,
          "unique_visitors": 24
        },
        "timeframe": "last7d",
        "timezone": "America/New_York",
        "period": {
          "start": "2026-11-17T00:00:00.000-05:00",
          "end": "2026-11-23T09:05:26.297-05:00"
        },
        "granularity": "day",
        "series": [
          {
            "start": "2026-11-22T00:00:00.000-05:00",
            "end": "2026-11-23T00:00:00.000-05:00",
            "page_views": 22,
            "unique_visitors": 17
          },
          {
            "start": "2026-11-23T00:00:00.000-05:00",
            "end": "2026-11-23T09:05:26.297-05:00",
            "page_views": 14,
            "unique_visitors": 9
          }
        ]
      }
    }
  },
  "GET /sponsorship-matches": {
    "request": {
      "limit": 1
    },
    "status": 200,
    "response": {
      "data": [
        {
          "score": 82.5,
          "score_breakdown": {
            "platforms": 30,
            "audience": 25,
            "tags": 12.5,
            "country": 10,
            "languages": 5
          },
          "reasons": [
            "On instagram and tiktok.",
            "Has 48,200 followers, within 20,000–500,000.",
            "Shares the tag travel."
          ],
          "opportunity": {
            "id": "6b0448300000000000000001",
            "brand": "Peak Protein",
            "title": "Spring launch",
            "platforms": [
              "instagram",
              "tiktok"
            ],
            "tags": [
              "fitness",
              "travel"
            ],
            "audience": {
              "min_followers": 20000,
              "max_followers": 500000
            },
            "countries": [
              "US",
              "CA"
            ],
            "languages": [
              "en"
            ],
            "budget": {
              "amount": 800000,
              "currency": "USD"
            },
            "active": true,
            "created_at": "2026-11-01T09:00:00.000Z"
          },
          "creator": {
            "id": "6b04481e1ba105ce15495131",
            "display_name": "Maya Chen",
            "username": "maya.eats",
            "avatar_url": null,
            "country": "US",
            "total_followers": 48200
          }
        }
      ],
      "meta": {
        "limit": 1,
        "creators_considered": 2,
        "opportunities_considered": 4
      }
    }
  },
};
