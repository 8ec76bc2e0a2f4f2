import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.TRACKLANE_API ?? 'http://localhost:8082';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 3000,
    // the dev server forwards the API and the live socket to a running Tracklane server
    proxy: { '/api/socket': { target: api.replace(/^http/, 'ws'), ws: true }, '/api': { target: api } },
  },
});
