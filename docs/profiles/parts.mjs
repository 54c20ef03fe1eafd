// The parts of the stack a CPU profile's functions are counted in, for summarise.mjs and flamegraph.mjs.

// Which part of the stack a function's file belongs to, first match wins.
export const PARTS = [
  ['SQLite (better-sqlite3)', /better-sqlite3/],
  ['TypeORM', /node_modules\/typeorm\//],
  ['React server render', /react-dom|node_modules\/react\//],
  ['Remix', /@remix-run|turbo-stream/],
  ['Mantine, the web build', /@mantine\/|web\/build\//],
  ['web → API transport (HTTP client)', /node:_http_client|node:_http_agent|node:https/],
  [
    'Node HTTP server, sockets, streams',
    /node:_http|node:http|node:net|node:internal\/(?:http|net|stream|streams|webstreams|js_stream)|node:stream|node:internal\/timers|node:events|node:internal\/(?:event_target|abort_controller|url|querystring|buffer|util|process\/task_queues|async_hooks)/,
  ],
  [
    'Express and its middlewares',
    /node_modules\/(?:express|router|body-parser|on-finished|finalhandler|send|serve-static|compression|helmet|accepts|negotiator|fresh|etag|content-type|type-is|raw-body|iconv-lite|qs|path-to-regexp|parseurl|cookie)\//,
  ],
  ['Nest (router, guards, pipes, interceptors)', /@nestjs\/|node_modules\/rxjs\//],
  ['Validation (class-validator/transformer)', /class-validator|class-transformer/],
  ['Auth (JWT, passport)', /jsonwebtoken|passport|jws|jwa/],
  ['Logging (pino)', /pino|sonic-boom|fast-redact|safe-stable-stringify/],
  ['Compression (zlib)', /node:zlib|node:internal\/zlib/],
  ['Metrics (prom-client)', /prom-client/],
  ['API code (api/dist)', /api\/dist\//],
  ['node:fetch / undici', /undici|node:internal\/deps\/undici/],
  ['other node_modules', /node_modules\//],
  ['other Node internals', /^node:/],
];

/** The part of the stack a profile node's call frame belongs to. */
export function partOf({ functionName, url }) {
  if (functionName === '(garbage collector)') return 'Garbage collection';
  if (functionName === '(program)') return 'V8 and native (program)';
  return PARTS.find(([, pattern]) => pattern.test(url))?.[0] ?? 'other';
}
