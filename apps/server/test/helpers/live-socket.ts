import WebSocket from 'ws';

/** A browser-like socket on /api/socket that keeps every message, so a test can wait for the one it expects. */
export const openLiveSocket = async (url: string, cookie: string) => {
  const messages: Record<string, unknown[]>[] = [];
  const socket = new WebSocket(url, { headers: { cookie } });
  // listen before 'open': the first frame can arrive in the same packet as the upgrade
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waitFor = async (predicate: (message: Record<string, unknown[]>) => boolean, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return undefined;
  };
  return { socket, messages, waitFor, close: () => socket.close() };
};
