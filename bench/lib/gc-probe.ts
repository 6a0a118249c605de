/**
 * Preloaded into bench servers that the real-time section measures (`node --expose-gc --import
 * tsx --import ./bench/lib/gc-probe.ts server/main.ts`, bench/lib/app.ts): on SIGUSR2 the server
 * runs a full garbage collection and writes `process.memoryUsage()` (bytes: rss, heapUsed,
 * external...) as JSON to BENCH_MEMORY_FILE. So memory per open stream is read after a gc, not
 * at whatever point the collector happened to be. Does nothing without --expose-gc or the file.
 */
import { renameSync, writeFileSync } from 'node:fs'

const file = process.env.BENCH_MEMORY_FILE
const gc = (globalThis as { gc?: () => void }).gc
if (file && gc) {
  process.on('SIGUSR2', () => {
    gc()
    gc()
    // Renamed into place, so the reader never sees a half-written file.
    writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()))
    renameSync(`${file}.tmp`, file)
  })
}
