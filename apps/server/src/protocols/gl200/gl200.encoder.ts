/** Heartbeat reply: `+SACK:GTHBD,<protocol version>,<count number>$`, without which the device reconnects. */
export const gl200HeartbeatAck = (version: string, count: string): Buffer => Buffer.from(`+SACK:GTHBD,${version},${count}$`, 'latin1');

/** With `gl200.ack`, the answer to any text message: `+SACK:<count number>$`. */
export const gl200Sack = (count: string): Buffer => Buffer.from(`+SACK:${count}$`, 'latin1');
