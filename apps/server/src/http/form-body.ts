import type { FastifyInstance } from 'fastify';

/** The media type of a Content-Type header, without its parameters. */
export const mediaTypeOf = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase();

export const isFormPost = (contentType: string | undefined) =>
  mediaTypeOf(contentType) === 'application/x-www-form-urlencoded';

/**
 * Parses `application/x-www-form-urlencoded` bodies into an object of strings (the first value of a
 * repeated name wins), in the plugin that calls it.
 */
export function addFormBodyParser(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      const fields: Record<string, string> = Object.create(null);
      for (const [name, value] of new URLSearchParams(String(body))) {
        if (!Object.hasOwn(fields, name)) fields[name] = value;
      }
      done(null, fields);
    },
  );
}
