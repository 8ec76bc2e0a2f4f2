/** A reply `[<maker>*<id>*[<index>*]<length hex4>*<content>]`, copying maker, id and index. */
export const watchReply = (maker: string, id: string, index: string | undefined, content: string): Buffer => {
  const length = Buffer.byteLength(content, 'latin1').toString(16).padStart(4, '0').toUpperCase();
  return Buffer.from(`[${maker}*${id}*${index === undefined ? '' : `${index}*`}${length}*${content}]`, 'latin1');
};
