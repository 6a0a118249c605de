#!/usr/bin/env node
/**
 * `npm run dev`: the API server (tsx, port API_PORT, default 3000) and the Vite dev server with
 * HMR (port VITE_PORT, default 5173), which proxies /api and /version.json to the API.
 * Ctrl+C stops both.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const apiPort = process.env.API_PORT ?? '3000'
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn(join('node_modules', '.bin', 'vite'), [], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) {
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
}
