import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { apiErrorCodes, type ApiErrorCode } from '@site/api-contract';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sendApiError } from './api-error.js';

type Headers = Record<string, string>;

/** What Node.js reports of a connection it cannot read a request from, in the API's words. */
function clientErrorAnswer(code: string | undefined): [status: number, error: ApiErrorCode, message: string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [408, apiErrorCodes.requestTimeout, 'The request took too long to arrive.'];
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, apiErrorCodes.headersTooLarge, 'The request headers are too large.'];
  return [400, apiErrorCodes.badRequest, 'The request could not be read.'];
}

/**
 * Fastify answers a URL it cannot decode, and Node.js a request it cannot parse, before any hook runs:
 * these options give those answers the headers of every other answer and the API's error format, and
 * never repeat the URL (which may carry a token or an address) in the answer or the log.
 */
export function unreadableRequestAnswers(headers: Headers) {
  return {
    frameworkErrors(_error, _request, reply) {
      reply.headers(headers);
      return sendApiError(reply, 400, apiErrorCodes.invalidUrl, 'The request URL is not valid.');
    },
    clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      this.log.trace({ code: error.code }, 'unreadable request');
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const [status, code, message] = clientErrorAnswer(error.code);
      const body = JSON.stringify({ error: code, message });
      const head = {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
        ...headers,
      };
      const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`, () =>
        socket.destroy(),
      );
    },
  } satisfies FastifyServerOptions;
}
