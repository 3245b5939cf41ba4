import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { injectShopConfig, shopConfigDefaults } from './src/shared/shop-config-html.ts';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.join(repoRoot, 'src/web');
const localesDir = path.join(webRoot, 'locales');

/** Files the entry loads before any lazy import runs (see build.modulePreload below). */
const LOADED_BY_THE_ENTRY = /^static\/(js\/(index|rolldown-runtime|react|router|query|i18n)\.[\w-]+(\.chunk)?\.js|css\/index\.[\w-]+\.css)$/;

const apiBase = process.env.API_BASE ?? shopConfigDefaults.backend;
const apiTarget = `http://127.0.0.1:${process.env.DEV_API_PORT ?? 3001}`;

interface LocaleFile {
  lng: string;
  ns: string;
  file: string;
}

function localeFiles(): LocaleFile[] {
  return readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[a-z]{2}$/.test(entry.name))
    .flatMap((dir) =>
      readdirSync(path.join(localesDir, dir.name))
        .filter((name) => /^[a-z0-9-]+\.json$/.test(name))
        .map((name) => ({ lng: dir.name, ns: name.slice(0, -5), file: path.join(localesDir, dir.name, name) })),
    )
    .sort((a, b) => a.file.localeCompare(b.file));
}

function readLocale(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Invalid translation file ${path.relative(repoRoot, file)}: ${(error as Error).message}`);
  }
}

/**
 * Translations live in src/web/locales/{lng}/{ns}.json and are served at
 * /locales/{lng}/{ns}.json: by a middleware in dev, as files in dist/web/locales in the build.
 * Their content hash becomes import.meta.env.VITE_LOCALES_VERSION (a cache-busting query).
 */
function locales(): Plugin {
  return {
    name: 'shop-locales',
    config() {
      const hash = createHash('sha256');
      for (const { file } of localeFiles()) hash.update(path.relative(localesDir, file)).update(readFileSync(file));
      return { define: { 'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(hash.digest('hex').slice(0, 12)) } };
    },
    configureServer(server) {
      server.middlewares.use('/locales', (req, res) => {
        const match = /^\/([a-z]{2})\/([a-z0-9-]+)\.json(?:\?.*)?$/.exec(req.url ?? '');
        const file = match ? path.join(localesDir, match[1]!, `${match[2]!}.json`) : null;
        if (!file || !existsSync(file)) {
          res.statusCode = 404;
          res.end();
          return;
        }
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(readFileSync(file));
      });
      server.watcher.add(localesDir);
      server.watcher.on('change', (file) => {
        if (file.startsWith(localesDir)) server.ws.send({ type: 'full-reload' });
      });
    },
    generateBundle() {
      for (const { lng, ns, file } of localeFiles()) {
        this.emitFile({ type: 'asset', fileName: `locales/${lng}/${ns}.json`, source: JSON.stringify(readLocale(file)) });
      }
    },
  };
}

/** Dev only: the same meta tags the server writes into index.html (see src/shared/shop-config-html.ts). */
function devShopConfig(): Plugin {
  return {
    name: 'shop-config-dev',
    apply: 'serve',
    transformIndexHtml(html) {
      return injectShopConfig(html, {
        backend: apiBase,
        shopName: process.env.SHOP_NAME ?? shopConfigDefaults.shopName,
        contactUrl: process.env.CONTACT_URL ?? shopConfigDefaults.contactUrl,
      });
    },
  };
}

/**
 * Build only: a brotli (.br) and a gzip (.gz) copy of every text file of the build from 1 kB up,
 * at the highest levels, which the server sends to browsers that accept them (@fastify/static's
 * preCompressed). Compressing once here is both smaller and cheaper than compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(?:js|mjs|css|json|svg|html|txt|map|webmanifest)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!existsSync(outDir)) return;
      for (const file of files(outDir)) {
        if (!compressible.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [react(), locales(), devShopConfig(), precompress()],
  resolve: {
    // one toast store: everything uses the unstyled build (CSS comes with our stylesheet)
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
  },
  css: {
    preprocessorOptions: {
      scss: {
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
        quietDeps: true,
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      [apiBase]: { target: apiTarget, xfwd: true },
    },
  },
  build: {
    outDir: path.join(repoRoot, 'dist/web'),
    emptyOutDir: true,
    // A lazy chunk's preload list leaves out what the entry has loaded before any lazy import
    // runs (the entry, its stylesheet, the runtime and the library and shell chunks): preloading
    // those again does nothing, and their names cost every first load bytes (decision 012).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !LOADED_BY_THE_ENTRY.test(dep)) : deps),
    },
    rolldownOptions: {
      // A first `npm start` on a busy 2-core machine is slow enough to trigger timing warnings
      // that mean nothing to a new user.
      checks: { bundlerTimings: false },
      output: {
        // Our code is split by route: each route module is a lazy import in app/router.tsx, and the
        // bundler puts what several routes share in chunks of their own. The libraries every page
        // needs get chunks of their own, which stay cached across deploys (decision 012).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // react-i18next stays out: its Trans component (and HTML parser) is only for the checkout's pages
            { name: 'i18n', test: /node_modules[\\/]i18next[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
        entryFileNames: 'static/js/[name].[hash].js',
        chunkFileNames: 'static/js/[name].[hash].chunk.js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css'))
            ? 'static/css/[name].[hash][extname]'
            : 'static/media/[name].[hash][extname]',
      },
    },
  },
});
