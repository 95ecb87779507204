import { defineEndpoint } from '#server/endpoint.ts';
import { buildOpenApiDocument } from '#server/hospital/openapi.ts';
import { json } from '#server/http.ts';

// Each route registers itself when its module loads; loading them all here puts every one in the
// document even when this is the first hospital route a server answers.
import.meta.glob(['./**/*.ts', '!./openapi.json.ts'], { eager: true });

/** `GET /api/hospital/v1/openapi.json`: the hospital API in OpenAPI 3.1, built from the routes' own schemas. Public. */
export const { GET, ALL } = defineEndpoint({ method: 'GET' }, async () => json(buildOpenApiDocument()));
