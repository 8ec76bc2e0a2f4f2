/**
 * A frame to the watch `[<maker>*<id>*[<index>*]<length, 4 lower-case hex>*<content>]`: a reply copies
 * the maker, id and index of the watch's frame; a command goes with the watch's maker and, where its
 * frames carry an index, `0001`. Lower-case as Traccar writes both.
 */
export const watchReply = (maker: string, id: string, index: string | undefined, content: string): Buffer => {
  const length = Buffer.byteLength(content, 'latin1').toString(16).padStart(4, '0');
  return Buffer.from(`[${maker}*${id}*${index === undefined ? '' : `${index}*`}${length}*${content}]`, 'latin1');
};
