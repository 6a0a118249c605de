/**
 * `npm run inspect:stately`: the local WebSocket server of `@statelyai/inspect` (port
 * STATELY_INSPECT_PORT, default 8080), which relays the dev app's inspection events to Stately's
 * inspector UI and opens it in the browser (the UI itself loads from stately.ai). Open the app
 * with `?inspect=stately` (or run the dev server with VITE_STATELY_INSPECT=1) to connect.
 * Development only: nothing imports this from src/.
 */
import { createInspectorServer } from '@statelyai/inspect/server'

const port = Number(process.env.STATELY_INSPECT_PORT ?? 8080)
const server = createInspectorServer({ port, autoOpen: process.env.CI ? false : true })
console.log(`Stately inspector relay on ws://localhost:${port}; open the app with ?inspect=stately. Ctrl+C stops it.`)
const stop = () => {
  server.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
