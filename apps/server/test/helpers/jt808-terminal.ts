/**
 * Terminal 079042262206's JT808 registration (province, city, maker, model, terminal ID, plate)
 * and its authentication with the code the server hands out (its ID), as the terminal sends them.
 */
export const JT808_REGISTRATION = Buffer.from('7e0100002b0790422622060000002c012f54524b4c4e00000000000000000000000000000000000000003132333435363701423132333435f27e', 'hex');
export const JT808_AUTHENTICATION = Buffer.from('7e0102000b07904226220600003739303432323632323036e57e', 'hex');
/** The server's answers to them: 0x8100 (29 bytes) and 0x8001 (20 bytes). */
export const JT808_REGISTRATION_ANSWER_BYTES = 29;
export const JT808_GENERAL_ANSWER_BYTES = 20;
