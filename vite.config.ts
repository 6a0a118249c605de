/**
 * One Vite config for the SPA build, the dev server, Vitest and Storybook.
 * The dev server proxies /api and /version.json to the API server (API_PORT, default 3000).
 */
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, renameSync } from 'node:fs'
import path from 'node:path'
import { loadEnv, type Plugin } from 'vite'
import { sourceMapPath } from './scripts/source-maps.ts'
import { appChunking } from './scripts/chunking.ts'
import { i18nMessages } from './scripts/i18n-plugin.ts'
import optimizeLocales from '@react-aria/optimize-locales-plugin'
import { INTL_TAGS, LOCALES } from './src/i18n/locales.ts'
import { analyticsConfigured } from './src/analytics/port.ts'
import { VitePWA } from 'vite-plugin-pwa'
import { type PrecacheScope, keepInPrecache, precacheScope } from './scripts/precache-scope.ts'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`

/**
 * Writes /version.json (SPEC.md §3 App version file): `version` changes with every commit, so
 * the version check can tell a deployed build from the one a tab is running. The same version is
 * compiled into the bundle as `import.meta.env.VITE_APP_VERSION`, so a tab knows its own build.
 */
function versionFile(): Plugin {
  let file: { version: string; builtAt: string; commit: string } | undefined
  const describe = () => {
    if (file) return file
    const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
    let commit = 'unknown'
    try {
      commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()
    } catch {
      // not a git checkout (e.g. a source tarball): the build time still tells builds apart
    }
    const builtAt = new Date().toISOString()
    file = { version: `${pkg.version}+${commit === 'unknown' ? builtAt.replace(/[^0-9]/g, '') : commit}`, builtAt, commit }
    return file
  }
  return {
    name: 'engage-version-file',
    apply: 'build',
    config() {
      return { define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(describe().version) } }
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify(describe())}\n` })
    },
  }
}

/**
 * SPEC §7: whether the build names any analytics service (the VITE_ variables of
 * src/analytics/port.ts, read as `import.meta.env` reads them), compiled in as
 * `import.meta.env.ANALYTICS_CONFIGURED`. Without one, the build leaves out the deferred port and
 * the adapters' loader (src/main.tsx), not only their adapters.
 */
function analyticsFlag(): Plugin {
  return {
    name: 'engage-analytics-flag',
    config(config, { mode }) {
      const configured = analyticsConfigured(loadEnv(mode, config.envDir || config.root || process.cwd(), 'VITE_'))
      return { define: { 'import.meta.env.ANALYTICS_CONFIGURED': JSON.stringify(configured) } }
    },
  }
}

/**
 * Moves the build's source maps out of the served folder once written (issue #19: they were public
 * at /assets/*.js.map). With `sourcemap: 'hidden'` no chunk points at them.
 */
function sourceMapsBesideBuild(): Plugin {
  return {
    name: 'engage-source-maps-beside-build',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir
      if (outDir === undefined) return
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.endsWith('.map')) continue
        const target = sourceMapPath(outDir, fileName.slice(0, -'.map'.length))
        mkdirSync(path.dirname(target), { recursive: true })
        renameSync(path.join(outDir, fileName), target)
      }
    },
  }
}

/**
 * The service worker (/sw.js, scope /): src/sw/sw.ts built by vite-plugin-pwa's injectManifest,
 * with the app's own built files as its precache (scripts/precache-scope.ts leaves out the API
 * reference viewer; no source maps, no version.json). Only for the app's build: not for the
 * bench's floor apps (another root), Storybook's build (another output directory), the dev
 * server or Vitest. The manifest and the registration are the app's own (public/, src/system).
 */
function serviceWorker(): Plugin[] {
  const root = import.meta.dirname
  const scope: PrecacheScope = { reached: new Set(), built: false }
  // The app's own build: into dist, or elsewhere when ENGAGE_APP_BUILD=1 says so (the bench's repeat
  // visit); never Storybook's build, the bench floors' (another root) or the dev server.
  const isAppBuild = (config: { root?: string; build?: { outDir?: string } }, command: string) =>
    command === 'build' &&
    path.resolve(config.root ?? process.cwd()) === root &&
    ((config.build?.outDir ?? 'dist') === 'dist' || process.env.ENGAGE_APP_BUILD === '1')
  const plugins = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      globIgnores: ['sw.js', '**/*.map'],
      sourcemap: false,
      manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => keepInPrecache(scope, entry.url)), warnings: [] })],
    },
  })
  return [precacheScope(scope), ...plugins].map((plugin) => ({ ...plugin, apply: (config, env) => isAppBuild(config, env.command) }))
}

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    ...i18nMessages(),
    // react-aria's own strings only in the shipped languages (docs/decisions.md: locale tags before and after).
    optimizeLocales.vite({ locales: LOCALES.map((locale) => INTL_TAGS[locale]) }),
    versionFile(),
    analyticsFlag(),
    sourceMapsBesideBuild(),
    ...serviceWorker(),
  ],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/version.json': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    // Written, then moved beside the build (sourceMapsBesideBuild): for error tooling and the bench, never served.
    sourcemap: 'hidden',
    // Issue #21: the boot's modules in one chunk, the shell's in another (scripts/chunking.ts).
    rolldownOptions: {
      output: {
        codeSplitting: appChunking(import.meta.dirname),
        // A chunk something loads lazily (a page, a panel, a language's catalogue) keeps its module's
        // name; the chunks they share, and the stylesheets, are named by content hash alone: the
        // boot's preload lists name about two hundred of them, and names like
        // `useLocalizedStringFormatter-…` cost every first load about 1 kB gzip. The hidden source
        // maps (and the bench's attribution) still say which modules each holds.
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'assets/[hash].css' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
  test: {
    include: ['contract/**/*.test.ts', 'machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    environment: 'node',
    // Two files at a time even on 2 cores (Vitest's default there is one): most of the suite waits
    // on PGlite, PostgreSQL and child processes, so a second worker took `npm test`'s unit phase
    // from 562 to 362 s on the 2-core machine. Timeouts leave room for the shared cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
