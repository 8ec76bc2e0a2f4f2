const stamp = (now: number, pattern: 'full' | 'time'): string => {
  const iso = new Date(now).toISOString(); // yyyy-MM-ddTHH:mm:ss.sssZ
  const full = iso.slice(0, 19).replace(/[-T:]/g, '');
  return pattern === 'full' ? full : full.slice(8);
};

/** Reply to a V1 location or an NBR report: `*HQ,<id>,V4,<type>,<yyyyMMddHHmmss UTC>#`. */
export const h02Reply = (id: string, type: string, now: number): Buffer => Buffer.from(`*HQ,${id},V4,${type},${stamp(now, 'full')}#`, 'latin1');

/** With `h02.ack`, the reply to any other text location: `*HQ,<id>,R12,<HHmmss UTC>#`. */
export const h02R12 = (id: string, now: number): Buffer => Buffer.from(`*HQ,${id},R12,${stamp(now, 'time')}#`, 'latin1');

/** Heartbeat echo: the sentence up to and including its type, then `#`. */
export const h02HeartbeatEcho = (sentenceUpToType: string): Buffer => Buffer.from(`${sentenceUpToType}#`, 'latin1');
