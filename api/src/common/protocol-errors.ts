import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Requests Node's HTTP parser refuses before Express sees them (a byte outside ASCII in the URL,
 * headers or a URL over the 16 KB limit, a broken chunked body) and an `Expect` header other than
 * 100-continue get the same JSON `{ message, code }` as every other refusal, with the status Node
 * would have sent, instead of an empty body the PWA cannot explain.
 */
export function answerProtocolErrorsAsJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node's own handler: never write into the middle of an answer already under way.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return void socket.destroy();
    const [status, message, code] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers or URL are too large', 'HEADERS_TOO_LARGE']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive', 'REQUEST_TIMEOUT']
          : [400, 'The request is not valid HTTP', 'BAD_REQUEST'];
    const body = JSON.stringify({ message, code });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    res
      .writeHead(417, { 'Content-Type': JSON_TYPE, Connection: 'close' })
      .end(JSON.stringify({ message: 'Only "Expect: 100-continue" is supported', code: 'EXPECTATION_FAILED' }));
  });
}
