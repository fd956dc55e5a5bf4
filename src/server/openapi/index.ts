export { buildOpenApiDocument, openApiDocument, openApiJson, permissionOf, type OpenApiDocument } from "./build";
export { ROUTES } from "./routes";
export { ACCESS_KINDS, type Access } from "./security";
export type { RouteDoc } from "./types";
export { referenceGroups, typeText, type EndpointRow, type FieldRow, type TagGroup } from "./reference";
