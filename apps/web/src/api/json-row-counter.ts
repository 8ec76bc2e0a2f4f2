const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Counts the complete top-level items of a JSON array as its text arrives in pieces, so a long
 * report can say how many rows it has received before the whole body is there to parse.
 */
export const createJsonRowCounter = () => {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let rows = 0;

  const push = (text: string): number => {
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) {
        inString = true;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        depth++;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth--;
        // an object or array closing back at the outer array's level is one whole row
        if (depth === 1) rows++;
      }
    }
    return rows;
  };

  return { push };
};
