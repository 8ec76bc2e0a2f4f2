/** Service types of the message header. */
export const CalAmpService = { unacknowledged: 0, acknowledged: 1, response: 2 } as const;

const ACK_MESSAGE = 1;

/**
 * The acknowledgement of message `sequence` of type `type` an acknowledged-service message asks for:
 * a response-service ACK message, result 0 (accepted), a spare byte and a 3-byte application version of 0.
 */
export const calAmpAck = (type: number, sequence: number): Buffer => {
  const ack = Buffer.alloc(10);
  ack[0] = CalAmpService.response;
  ack[1] = ACK_MESSAGE;
  ack.writeUInt16BE(sequence, 2);
  ack[4] = type;
  return ack;
};
