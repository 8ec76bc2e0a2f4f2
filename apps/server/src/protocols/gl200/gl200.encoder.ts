/** Heartbeat reply: `+SACK:GTHBD,<protocol version>,<count number>$`, without which the device reconnects. */
export const gl200HeartbeatAck = (version: string, count: string): Buffer => Buffer.from(`+SACK:GTHBD,${version},${count}$`, 'latin1');
