/** The server's answer to a packet of type `type` (`L`, `SD`, `D`, `B`, `P`, `M`): `#A<type>#<code>\r\n`. */
export const wialonAnswer = (type: string, code = ''): Buffer => Buffer.from(`#A${type}#${code}\r\n`, 'latin1');

/** The login's and the packets' answer codes for success and refusal (a black box answers with its count instead; wialon-data.ts has the data packets' error codes). */
export const WialonCode = {
  accepted: '1',
  rejected: '0',
} as const;
