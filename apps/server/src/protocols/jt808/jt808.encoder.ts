/** Message IDs of the server's replies. */
export const JT808_GENERAL_RESPONSE = 0x8001;
export const JT808_REGISTRATION_RESPONSE = 0x8100;
export const JT808_TIME_SYNC_RESPONSE = 0x8109;
export const JT808_MEDIA_UPLOAD_RESPONSE = 0x8800;

/** What a reply repeats of the device's header: its phone bytes and whether it used the 2019 layout. */
export interface Jt808Terminal {
  phone: Buffer;
  version?: number;
}

const escape = (data: Buffer): Buffer => {
  const out: number[] = [];
  for (const byte of data) {
    if (byte === 0x7e) out.push(0x7d, 0x02);
    else if (byte === 0x7d) out.push(0x7d, 0x01);
    else out.push(byte);
  }
  return Buffer.from(out);
};

/** `7E` id, properties, [version], phone, serial (the server's replies are all 0000), body, XOR, `7E`, escaped. */
export const jt808Packet = (type: number, terminal: Jt808Terminal, body: Buffer, serial = 0): Buffer => {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(body.length | (terminal.version !== undefined ? 0x4000 : 0), 2);
  const version = terminal.version !== undefined ? Buffer.from([terminal.version]) : Buffer.alloc(0);
  const content = Buffer.concat([header, version, terminal.phone, Buffer.from([serial >> 8, serial & 0xff]), body]);
  const checksum = content.reduce((xor, byte) => xor ^ byte, 0);
  return Buffer.concat([Buffer.from([0x7e]), escape(Buffer.concat([content, Buffer.from([checksum])])), Buffer.from([0x7e])]);
};

/** 0x8001: the device's serial and message ID, result 0 (success). */
export const jt808GeneralResponse = (terminal: Jt808Terminal, serial: number, type: number): Buffer => {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(serial, 0);
  body.writeUInt16BE(type, 2);
  return jt808Packet(JT808_GENERAL_RESPONSE, terminal, body);
};

/** 0x8100: serial, result 0, and the device ID as the authentication code. */
export const jt808RegistrationResponse = (terminal: Jt808Terminal, serial: number, uniqueId: string): Buffer => {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(serial, 0);
  return jt808Packet(JT808_REGISTRATION_RESPONSE, terminal, Buffer.concat([head, Buffer.from(uniqueId, 'latin1')]));
};

/** 0x8109: the server's UTC date and time. */
export const jt808TimeResponse = (terminal: Jt808Terminal, now: number): Buffer => {
  const d = new Date(now);
  const body = Buffer.alloc(7);
  body.writeUInt16BE(d.getUTCFullYear(), 0);
  [d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()].forEach((value, i) => body.writeUInt8(value, 2 + i));
  return jt808Packet(JT808_TIME_SYNC_RESPONSE, terminal, body);
};

/** 0x8800: the multimedia ID, and no packet to send again (a count of 0, no list). */
export const jt808MediaUploadResponse = (terminal: Jt808Terminal, mediaId: number): Buffer => {
  const body = Buffer.alloc(5);
  body.writeUInt32BE(mediaId, 0);
  return jt808Packet(JT808_MEDIA_UPLOAD_RESPONSE, terminal, body);
};

export const JT808_GENERAL_RESPONSE_2 = 0x4401;

/** 0x4401, the padlocks' short answer: a one-byte serial of 1, then the message ID and result 0. */
export const jt808GeneralResponse2 = (terminal: Jt808Terminal, type: number): Buffer => {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(JT808_GENERAL_RESPONSE_2, 0);
  header.writeUInt16BE(3, 2);
  const body = Buffer.alloc(3);
  body.writeUInt16BE(type, 0);
  const content = Buffer.concat([header, terminal.phone, Buffer.from([1]), body]);
  const checksum = content.reduce((xor, byte) => xor ^ byte, 0);
  return Buffer.concat([Buffer.from([0x7e]), escape(Buffer.concat([content, Buffer.from([checksum])])), Buffer.from([0x7e])]);
};
