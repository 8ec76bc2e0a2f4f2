/**
 * Counts a benchmark tracker's replies from the sizes of the chunks it reads: the login's reply,
 * then acknowledgements, each of a fixed size per protocol. A chunk may hold several replies or part
 * of one, so only byte counts matter and no chunk is kept.
 */
export const createReplyCounter = (loginReplyBytes: number, ackBytes: number, onLogin: () => void, onAck: () => void) => {
  let expected = loginReplyBytes;
  let loggedIn = false;
  return (bytes: number): void => {
    while (bytes >= expected) {
      bytes -= expected;
      if (loggedIn) onAck();
      else {
        loggedIn = true;
        onLogin();
      }
      expected = ackBytes;
    }
    expected -= bytes;
  };
};
