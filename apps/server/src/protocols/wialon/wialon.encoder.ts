/** The server's answer to a packet of type `type` (`L`, `SD`, `D`, `B`, `P`, `M`): `#A<type>#<code>\r\n`. */
export const wialonAnswer = (type: string, code = ''): Buffer => Buffer.from(`#A${type}#${code}\r\n`, 'latin1');

/** Answer codes the packets' answers share (`1` is success; a black box answers with its count instead). */
export const WialonCode = {
  accepted: '1',
  rejected: '0',
  structureError: '-1',
} as const;
