// The shape of one documented endpoint. Schemas are the zod schemas the services parse with, so the
// document changes when they do; `name` is the schema's key under components.schemas.
import type { z } from "zod";
import type { ErrorStatus } from "./error-body";
import type { ApiScope } from "../services/api-tokens/scopes";
import type { Access } from "./security";
import type { Permission } from "../auth/permissions";

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The document's groups; the admin reference page heads each with its words (labels.apiTag). */
export const API_TAGS = ["Auth", "Public", "Subscriptions", "Payments", "Wallet", "Notifications", "Support", "Admin", "Operations", "Agent", "Telemetry", "Integrations", "Referral"] as const;
export type ApiTag = (typeof API_TAGS)[number];

export interface NamedSchema {
  name: string;
  schema: z.ZodType;
}

export interface ParamDoc {
  schema: z.ZodType;
  description?: string;
}

export interface HeaderDoc extends ParamDoc {
  name: string;
  required?: boolean;
}

export interface RouteDoc {
  method: HttpMethod;
  /** With `{param}` for each dynamic segment, as OpenAPI writes it. */
  path: string;
  tag: ApiTag;
  /** English, like the rest of the document. */
  summary: string;
  description?: string;
  access: Access;
  /** An API token route (access "token"): the scope it needs. */
  scope?: ApiScope;
  /**
   * An admin route (access "admin"): the staff permission it needs, the literal its route file gives
   * route("admin", ..., { permission }) (tests/openapi/permissions.test.ts compares the two). A token
   * route's is the one its scope stands for (SCOPE_PERMISSION, what tokenRoute checks).
   */
  permission?: Permission;
  /** A public endpoint that reads the session when one is sent (telemetry when not public, sign-out). */
  sessionOptional?: boolean;
  pathParams?: Record<string, ParamDoc>;
  /** An object schema: each property becomes one query parameter. */
  query?: z.ZodObject;
  headers?: HeaderDoc[];
  body?: {
    contentType: "application/json" | "multipart/form-data" | "application/x-www-form-urlencoded" | "application/sql";
    schema: NamedSchema;
    /** Image uploads beside the multipart fields. */
    files?: { field: string; maxItems: number; maxBytesEach: number };
  };
  success: {
    status: number;
    description: string;
    /** Defaults to application/json. */
    contentTypes?: string[];
    schema?: NamedSchema;
  };
  errors: ErrorStatus[];
}
