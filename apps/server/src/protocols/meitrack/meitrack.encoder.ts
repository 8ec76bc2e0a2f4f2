/** Sum of every byte through `*`, mod 256, as two uppercase hex digits: the check of the device's messages and the server's commands alike. */
export const meitrackChecksum = (text: string): string => {
  let sum = 0;
  for (const byte of Buffer.from(text, 'latin1')) sum += byte;
  return (sum & 0xff).toString(16).toUpperCase().padStart(2, '0');
};

const command = (head: string): Buffer => {
  const body = `${head}*`;
  return Buffer.from(`${body}${meitrackChecksum(body)}\r\n`, 'latin1');
};

/** Deletes `count` buffered CCC records from the device: `@@<flag><27 + count/10>,<imei>,CCC,<count>*cs`. */
export const meitrackCccAck = (flag: string, imei: string, count: number): Buffer => command(`@@${flag}${27 + Math.trunc(count / 10)},${imei},CCC,${count}`);

/** Confirms an AAC message. */
export const meitrackAacAck = (imei: string): Buffer => command(`@@z27,${imei},AAC,1`);

/** A server command: `@@<flag><length>,<imei>,<command and its fields>*<cs>\r\n`, the length counting from the first comma through the line end. */
export const meitrackCommand = (flag: string, imei: string, body: string): Buffer => {
  const length = `,${imei},${body}*00\r\n`.length;
  return command(`@@${flag}${length},${imei},${body}`);
};

/** The name requestPhoto (D03) gives the picture it takes, under which its first packets are asked for. */
export const MEITRACK_CAMERA_PICTURE = 'camera_picture.jpg';

/** Asks for the packets of a photo from `index` on (D00); the device answers with the next eight. */
export const meitrackPhotoRequest = (imei: string, file: string, index: number): Buffer => meitrackCommand('O', imei, `D00,${file},${index}`);
