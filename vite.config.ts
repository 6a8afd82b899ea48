import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const page = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url));

// Two builds into one folder: the SPA (index.html), and with `--mode visitor` the lean page a
// visitor's '/' gets (visitor.html; docs/decisions/0012-visitor-home-page.md). Built apart,
// the visitor's page shares no chunk with the SPA, so nothing the SPA adds can weigh on it.
export default defineConfig(({ mode }) => {
  const visitor = mode === 'visitor';
  const input: Record<string, string> = visitor
    ? { visitor: page('visitor.html') }
    : { main: page('index.html') };
  return {
    root: 'src/web',
    publicDir: 'public',
    plugins: [react()],
    build: {
      outDir: '../../dist/web',
      emptyOutDir: !visitor,
      sourcemap: false,
      manifest: visitor ? '.vite/visitor-manifest.json' : true,
      chunkSizeWarningLimit: 600,
      rollupOptions: {
        input,
        // Our modules have no side effects beyond their exports (CSS aside): a route that uses
        // one money formatter does not also load the date library a sibling export sets up.
        treeshake: {
          moduleSideEffects: (id: string) =>
            !/\/src\/(web|shared)\//.test(id) || id.endsWith('.css'),
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000' },
    },
  };
});
