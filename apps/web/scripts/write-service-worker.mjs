// Writes dist/sw.js after `vite build`: precaches the built app shell (every file Vite emitted) under
// a version derived from their names, serves it cache-first, and answers page loads from the cached
// index.html when the network is down. The API and the socket always go to the network.
// Hand-written because vite-plugin-pwa does not support Vite 8 yet; this is all the app needs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const files = fs
  .readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name !== 'sw.js')
  .map((entry) => `/${path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
  .filter((file) => !file.endsWith('.map'))
  .sort();
const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);

const worker = `const CACHE = 'tracklane-shell-${version}';
const SHELL = ${JSON.stringify(['/', ...files])};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))).then(() => self.clients.claim()));
});
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (event.request.mode === 'navigate') {
    event.respondWith(fetch(event.request).catch(() => caches.match('/index.html')));
    return;
  }
  event.respondWith(caches.match(event.request).then((cached) => cached || fetch(event.request)));
});
`;
fs.writeFileSync(path.join(dist, 'sw.js'), worker);
console.log(`service worker: ${files.length} files, version ${version}`);
