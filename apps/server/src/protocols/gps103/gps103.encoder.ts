/** Reply to the `##,imei:…,A` handshake. */
export const GPS103_LOAD = Buffer.from('LOAD', 'latin1');
/** Reply to a heartbeat (the bare IMEI). */
export const GPS103_ON = Buffer.from('ON', 'latin1');
/** Reply to an SOS ("help me"). */
export const gps103SosReply = (imei: string): Buffer => Buffer.from(`**,imei:${imei},E;`, 'latin1');
