import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { compression } from 'vite-plugin-compression2';

// The web app lives in web/; `npm run build` writes it to dist/web, which the API server serves,
// with brotli and gzip copies of the text files made here once, not on every request.
/**
 * web/src/boot.ts as an entry of its own, its script placed before the app's: Vite would otherwise
 * bundle every script of index.html into one entry, and the boot script would wait for the app's code.
 */
function bootScript(): Plugin {
  const source = '/src/boot.ts';
  return {
    name: 'boot-script',
    config: () => ({ build: { rollupOptions: { input: { index: 'web/index.html', boot: `web${source}` } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const boot = bundle && Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'boot');
        if (!boot || boot.type !== 'chunk') return [{ tag: 'script', attrs: { type: 'module', src: source }, injectTo: 'head-prepend' }];
        // Its imports download beside it, not after it.
        const preloads = boot.imports.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', href: `/${file}` },
          injectTo: 'head-prepend' as const,
        }));
        // `async`: it runs as soon as it is here, not after the page is parsed.
        return [{ tag: 'script', attrs: { type: 'module', async: true, src: `/${boot.fileName}` }, injectTo: 'head-prepend' }, ...preloads];
      },
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [relay, react(), bootScript(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
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
