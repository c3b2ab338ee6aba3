// Generated from specs/vector/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { ResponseRules, StatusRules } from "@x/core/internal/guard";
import { ErrorSchema, FetchResponseSchema, InfoResponseSchema, QueryResponseSchema, RangeResponseSchema } from "./schemas";

/** The spec's `RangeOk` response. */
const RangeOkAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": RangeResponseSchema
};

/** The spec's `QueryOk` response. */
const QueryOkAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": QueryResponseSchema
};

/** The spec's `FetchOk` response. */
const FetchOkAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": FetchResponseSchema
};

/** The spec's `InfoOk` response. */
const InfoOkAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": InfoResponseSchema
};

/** The spec's `BadRequest` response. */
const BadRequestAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": ErrorSchema
};

/** The spec's `Unauthorized` response. */
const UnauthorizedAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": ErrorSchema
};

/** The spec's `NamespaceNotFound` response. */
const NamespaceNotFoundAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": ErrorSchema
};

/** The spec's `WrongDimension` response. */
const WrongDimensionAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": ErrorSchema
};

/** The spec's `OtherError` response. */
const OtherErrorAnswer: StatusRules = {
  "contentTypes": ["application/json"],
  "headers": [],
  "body": ErrorSchema
};

/**
 * What the spec declares for the answers of each operation, by path template and method:
 * per status, the media types, the required response headers and the JSON body's schema.
 * Imported only by the `/guard` entry point.
 */
export const responseRules: ResponseRules = {
  "/range": {
    POST: {
      operation: "POST /range",
      responses: {
        "200": RangeOkAnswer,
        "400": BadRequestAnswer,
        "401": UnauthorizedAnswer,
        "default": OtherErrorAnswer
      }
    }
  },
  "/range/{namespace}": {
    POST: {
      operation: "POST /range/{namespace}",
      responses: {
        "200": RangeOkAnswer,
        "400": BadRequestAnswer,
        "401": UnauthorizedAnswer,
        "404": NamespaceNotFoundAnswer,
        "default": OtherErrorAnswer
      }
    }
  },
  "/query": {
    POST: {
      operation: "POST /query",
      responses: {
        "200": QueryOkAnswer,
        "400": BadRequestAnswer,
        "401": UnauthorizedAnswer,
        "422": WrongDimensionAnswer,
        "default": OtherErrorAnswer
      }
    }
  },
  "/query/{namespace}": {
    POST: {
      operation: "POST /query/{namespace}",
      responses: {
        "200": QueryOkAnswer,
        "400": BadRequestAnswer,
        "401": UnauthorizedAnswer,
        "404": NamespaceNotFoundAnswer,
        "422": WrongDimensionAnswer,
        "default": OtherErrorAnswer
      }
    }
  },
  "/fetch": {
    POST: {
      operation: "POST /fetch",
      responses: {
        "200": FetchOkAnswer,
        "400": BadRequestAnswer,
        "401": UnauthorizedAnswer,
        "default": OtherErrorAnswer
      }
    }
  },
  "/fetch/{namespace}": {
    POST: {
      operation: "POST /fetch/{namespace}",
      responses: {
        "200": FetchOkAnswer,
        "400": BadRequestAnswer,
        "401": UnauthorizedAnswer,
        "404": NamespaceNotFoundAnswer,
        "default": OtherErrorAnswer
      }
    }
  },
  "/info": {
    GET: {
      operation: "GET /info",
      responses: {
        "200": InfoOkAnswer,
        "401": UnauthorizedAnswer,
        "default": OtherErrorAnswer
      }
    }
  }
};
