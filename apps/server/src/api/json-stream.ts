import { Readable } from 'node:stream';

/**
 * A JSON array written page by page, so a long list (route positions, events) is sent as it is
 * read instead of being held whole. Items are API-shaped objects, or their JSON texts already.
 */
export const jsonArrayStream = (pages: AsyncIterable<readonly (object | string)[]>): Readable =>
  Readable.from(
    (async function* () {
      let first = true;
      yield '[';
      for await (const page of pages) {
        let chunk = '';
        for (const item of page) {
          const text = typeof item === 'string' ? item : JSON.stringify(item);
          chunk += first ? text : `,${text}`;
          first = false;
        }
        if (chunk) yield chunk;
      }
      yield ']';
    })(),
  );
