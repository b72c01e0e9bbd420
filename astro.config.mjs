// @ts-check
import { defineConfig, passthroughImageService } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

// The site is static: pages are generated at build time from the API and
// served, with the API, by the server in src/server. SITE_URL gives canonical
// URLs; the API origin used by build-time loaders comes from SITE_API_URL.
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  devToolbar: { enabled: false },
  image: { service: passthroughImageService() },
  // Pages with a cacheKey are skipped when unchanged; the builder pre-fills each
  // new output directory with the previous build's pages (see src/server/features/site-build).
  experimental: { incrementalBuild: true },
  vite: {
    plugins: [tailwindcss()],
    build: { emptyOutDir: false },
    // Every page hydrates React islands: React, its DOM client and their bindings travel as one
    // file, which compresses smaller than the handful of chunks the bundler would make of them.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
