/** Reply to the BP00 handshake: `(<id>AP01HSO)`. */
export const tk103HandshakeReply = (id: string): Buffer => Buffer.from(`(${id}AP01HSO)`, 'latin1');

/** Reply to the BP05 login: `(<id>AP05)`. */
export const tk103LoginReply = (id: string): Buffer => Buffer.from(`(${id}AP05)`, 'latin1');
