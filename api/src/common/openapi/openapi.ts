import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import type { SchemaObject } from './answers.js';
import { ValidationTypes } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
// The storage of class-transformer's `@Type`, through which nested DTOs (a workout's exercises and sets) are described.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { API_ERROR, BEARER, COOKIE } from './route-doc.js';

/** Where the document and its Swagger UI page are served (README.md, API). */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const API_ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['statusCode', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
    error_message: { type: 'string', description: 'The message again: register and e-mail verification' },
    detail: { type: 'string', description: 'The message again: the token routes' },
  },
};

/** What a field the contract says is ignored (libs/contracts/src/dto/field-rules.ts, `ignoredField`) is described as. */
const IGNORED_FIELD = 'Taken and ignored';

/**
 * The DTOs' schemas from their class-validator rules; a field that is taken and ignored is never required.
 */
function dtoSchemas(): Record<string, SchemaObject> {
  const schemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    classTransformerMetadataStorage: defaultMetadataStorage,
    additionalConverters: { [ValidationTypes.WHITELIST]: { description: IGNORED_FIELD } },
  }) as Record<string, SchemaObject>;
  for (const schema of Object.values(schemas)) {
    const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
    const required = schema.required?.filter((name) => properties[name]?.description !== IGNORED_FIELD);
    if (required?.length) schema.required = required;
    else delete schema.required;
  }
  return schemas;
}

/**
 * The API's OpenAPI 3.1 document, read from the controllers' decorators (common/openapi/route-doc.ts). The DTOs of
 * libs/contracts carry class-validator rules and no Swagger decorators (the web shares them), so their schemas are
 * made from those rules: what the document says a field takes is what the validation pipe checks.
 */
export function createOpenApiDocument(app: NestExpressApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('FitCoach API')
    .setDescription(
      'The REST API of FitCoach. Errors answer `{statusCode, message, errors?}`; every path also answers ' +
        'without its trailing slash.',
    )
    .setOpenAPIVersion('3.1.0')
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER)
    .addCookieAuth(COOKIE, { type: 'apiKey', in: 'cookie', name: COOKIE }, COOKIE)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const rules = dtoSchemas();
  const schemas = document.components?.schemas ?? {};
  const pending = Object.keys(schemas);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const rule = rules[name];
    if (!rule) continue;
    schemas[name] = rule;
    // A nested DTO is described by its own schema, which the body's refers to.
    for (const [, referenced] of JSON.stringify(rule).matchAll(/"#\/components\/schemas\/(\w+)"/g)) {
      if (referenced && !(referenced in schemas)) pending.push(referenced);
    }
  }
  schemas[API_ERROR] = API_ERROR_SCHEMA;
  document.components = { ...document.components, schemas };
  return document;
}

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const UI_ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);

const UI_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>FitCoach API</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
<link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
<script src="${API_DOCS_PATH}/swagger-ui-init.js"></script>
</body>
</html>
`;

const UI_INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_JSON_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

/**
 * Serves the document as JSON and a Swagger UI page made only of the app's own files: swagger-ui-dist's script
 * and style, and a start script of its own rather than an inline one, so the site's Content-Security-Policy
 * (common/http/security-headers.ts: scripts from 'self' or with the page's nonce) allows the page as it is. The
 * document is built on its first request, once every route is registered.
 */
export function serveOpenApi(app: NestExpressApplication): void {
  let document: OpenAPIObject | undefined;
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.get(OPENAPI_JSON_PATH, (_req, res) => {
    document ??= createOpenApiDocument(app);
    res.json(document);
  });
  http.get(API_DOCS_PATH, (_req, res) => {
    res.type('html').send(UI_PAGE);
  });
  http.get(`${API_DOCS_PATH}/swagger-ui-init.js`, (_req, res) => {
    res.type('js').send(UI_INIT);
  });
  const assets = express.static(
    dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
    {
      index: false,
    },
  );
  http.use(API_DOCS_PATH, (req, res, next) =>
    UI_ASSETS.has(req.path.slice(1)) ? assets(req, res, next) : next(),
  );
}
