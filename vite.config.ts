import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { compression } from 'vite-plugin-compression2';

// The web app lives in web/; `npm run build` writes it to dist/web, which the API server serves,
// with brotli and gzip copies of the text files made here once, not on every request.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [relay, react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/graphql': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
});
