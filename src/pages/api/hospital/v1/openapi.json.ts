import { defineEndpoint } from '#server/endpoint.ts';
import { buildOpenApiDocument, loadHospitalRoutes } from '#server/hospital/openapi.ts';
import { json } from '#server/http.ts';

// Every hospital route registers itself when its module runs; this loads them all, so the document
// lists every one even when it is the first hospital route a server answers.
const routeModules = import.meta.glob(['./**/*.ts', '!./openapi.json.ts'], { eager: true });

/** `GET /api/hospital/v1/openapi.json`: the hospital API in OpenAPI 3.1, built from the routes' own schemas. Public. */
export const { GET, ALL } = defineEndpoint({ method: 'GET' }, async () => json(buildOpenApiDocument(loadHospitalRoutes(routeModules))));
