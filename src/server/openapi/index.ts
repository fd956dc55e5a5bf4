export { buildOpenApiDocument, openApiDocument, openApiJson, type OpenApiDocument } from "./build";
export { ROUTES } from "./routes";
export { ACCESS_KINDS, type Access } from "./security";
export type { RouteDoc } from "./types";
