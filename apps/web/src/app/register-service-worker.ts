/** The service worker (built by scripts/write-service-worker.mjs) keeps the app shell for offline reloads. */
export const registerServiceWorker = (): void => {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
};
