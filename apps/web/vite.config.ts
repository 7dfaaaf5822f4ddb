import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server (apps/server) during `npm run dev`; the built app is served by that server itself. */
const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiOrigin },
      '/uploads': { target: apiOrigin },
      '/payment/sandbox': { target: apiOrigin },
      '/ws': { target: apiOrigin, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
