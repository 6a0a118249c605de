/**
 * One Vite config for the SPA build, the dev server, Vitest and Storybook.
 * The dev server proxies /api and /version.json to the API server (API_PORT, default 3000).
 */
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/version.json': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
  test: {
    include: ['contract/**/*.test.ts', 'machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
