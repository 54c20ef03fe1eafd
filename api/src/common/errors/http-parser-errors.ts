import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError } from '@fitcoach/contracts';

function refusalOf(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return { statusCode: 431, message: 'Request headers too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { statusCode: 408, message: 'Request timeout' };
  return { statusCode: 400, message: 'Malformed HTTP request' };
}

/** Node's parser refuses these before Express sees them, with a bare status line instead of the JSON shape. */
export function answerParserErrorsAsJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const response = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(error.code);
    const body = JSON.stringify(refusal);
    socket.end(
      `HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  });
}
