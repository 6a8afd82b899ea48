import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Our modules have no side effects beyond their exports (CSS aside): a route that uses
      // one money formatter does not also load the date library a sibling export sets up.
      treeshake: {
        moduleSideEffects: (id: string) => !/\/src\/(web|shared)\//.test(id) || id.endsWith('.css'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
