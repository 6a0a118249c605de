/**
 * Memory section.
 *
 * (a) polling: the notifications machine driven through {@link POLL_CYCLES} 30 s poll cycles on a
 *     simulated clock in a node process started with --expose-gc (bench/lib/poll-memory.ts):
 *     heap used after gc at cycle 100 and at cycle 1,000, growth in kB and per cycle. Twice: polls
 *     that bring 10 new notifications each (the list keeps them, so the heap must grow by about
 *     their size) and polls that bring nothing new (any growth is a leak).
 * (b) the /app/notifications page in Chromium (no CPU throttling), signed in as admin@acme.test
 *     with 5,120 notifications: JS heap (Performance.getMetrics JSHeapUsedSize after
 *     HeapProfiler.collectGarbage) with the first page of 20 loaded, and after {@link LOAD_MORES}
 *     rounds of "scroll the list to its end, click 'Load more'"; also the DOM node count, which
 *     the virtualised list should keep flat.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser, CDPSession } from 'playwright-core'
import { ROOT, buildApp, freshDataDir, launchChromium, loadAverage1m, round, signedInState, startEngage } from './lib/app.ts'

const run = promisify(execFile)

export const POLL_CYCLES = 1_000
export const LOAD_MORES = 50

export interface PollMemory {
  readonly mode: 'new' | 'same'
  readonly cycles: number
  readonly heapAt100: number
  readonly heapAtEnd: number
  readonly itemsAt100: number
  readonly itemsAtEnd: number
  readonly structure: { readonly timers: number; readonly scheduledEvents: number; readonly children: number }
  /** (heapAtEnd − heapAt100) / 1000, kB. */
  readonly growthKb: number
  /** Growth per cycle between cycle 100 and the end, bytes. */
  readonly perCycleBytes: number
  /** Growth per notification added to the list, bytes (new mode). */
  readonly perItemBytes: number | null
}

export interface PageMemory {
  readonly loadMores: number
  readonly rowsBefore: number
  readonly rowsAfter: number
  readonly heapBefore: number
  readonly heapAfter: number
  readonly growthKb: number
  readonly perRowBytes: number
  readonly domNodesBefore: number
  readonly domNodesAfter: number
}

export interface MemoryResult {
  /** 1-minute load average when the section ended. */
  readonly loadAverage1m: number
  readonly polling: ReadonlyArray<PollMemory>
  readonly page: PageMemory
}

async function pollMemory(mode: 'new' | 'same'): Promise<PollMemory> {
  const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(ROOT, 'bench/lib/poll-memory.ts'), mode, String(POLL_CYCLES)], { cwd: ROOT })
  const r = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Omit<PollMemory, 'growthKb' | 'perCycleBytes' | 'perItemBytes'>
  const growth = r.heapAtEnd - r.heapAt100
  const added = r.itemsAtEnd - r.itemsAt100
  return {
    ...r,
    growthKb: round(growth / 1000, 1),
    perCycleBytes: round(growth / (r.cycles - 100)),
    perItemBytes: added > 0 ? round(growth / added) : null,
  }
}

async function heapAndNodes(cdp: CDPSession): Promise<{ heap: number; nodes: number }> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { metrics } = await cdp.send('Performance.getMetrics')
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN
  return { heap: value('JSHeapUsedSize'), nodes: value('Nodes') }
}

async function pageMemory(): Promise<PageMemory> {
  const build = await buildApp()
  const server = await startEngage({ dataDir: await freshDataDir(), staticDir: build.outDir })
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    const state = await signedInState(browser, server.url)
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, storageState: state })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await cdp.send('HeapProfiler.enable')
    await page.goto('/app/notifications')
    const main = page.getByRole('region', { name: 'Notifications' })
    const list = main.getByRole('list', { name: 'Notifications' })
    await list.locator('li[aria-setsize="20"]').first().waitFor({ state: 'visible', timeout: 60_000 })
    await page.waitForTimeout(500)
    const before = await heapAndNodes(cdp)
    let rows = 20
    for (let i = 0; i < LOAD_MORES; i++) {
      await list.evaluate((ul) => ul.parentElement!.scrollTo({ top: ul.parentElement!.scrollHeight }))
      await list.locator(`li[aria-posinset="${rows}"]`).waitFor({ state: 'visible' })
      await main.getByRole('button', { name: 'Load more' }).click()
      rows += 20
      await list.locator(`li[aria-setsize="${rows}"]`).first().waitFor({ state: 'attached' })
    }
    await list.evaluate((ul) => ul.parentElement!.scrollTo({ top: ul.parentElement!.scrollHeight }))
    await list.locator(`li[aria-posinset="${rows}"]`).waitFor({ state: 'visible' })
    await page.waitForTimeout(500)
    const after = await heapAndNodes(cdp)
    await context.close()
    return {
      loadMores: LOAD_MORES,
      rowsBefore: 20,
      rowsAfter: rows,
      heapBefore: before.heap,
      heapAfter: after.heap,
      growthKb: round((after.heap - before.heap) / 1000, 1),
      perRowBytes: round((after.heap - before.heap) / (rows - 20)),
      domNodesBefore: before.nodes,
      domNodesAfter: after.nodes,
    }
  } finally {
    await browser?.close()
    await server.stop()
  }
}

/** The memory section. */
export async function benchMemory(): Promise<MemoryResult> {
  // Side by side: heap sizes do not depend on CPU time, and the section takes half as long.
  const [fresh, idle, page] = await Promise.all([pollMemory('new'), pollMemory('same'), pageMemory()])
  return { loadAverage1m: loadAverage1m(), polling: [fresh, idle], page }
}

/**
 * Report lines. Budgets (BUDGETS): `idlePollBytesPerCycle` for polls that bring nothing new,
 * `pageBytesPerRow` for the page's heap per loaded row.
 */
export function reportMemory(r: MemoryResult, budgets: { idlePollBytesPerCycle: number; pageBytesPerRow: number }): string[] {
  const lines: string[] = [`load average ${r.loadAverage1m}`]
  for (const p of r.polling) {
    const what = p.mode === 'new' ? 'polls bring 10 new each' : 'polls bring nothing new'
    lines.push(
      `machine, ${p.cycles} polls (${what}): heap after gc ${(p.heapAt100 / 1e6).toFixed(2)} MB at cycle 100 → ${(p.heapAtEnd / 1e6).toFixed(2)} MB at ${p.cycles}: ${p.growthKb} kB, ${p.perCycleBytes} B/cycle` +
        (p.perItemBytes === null ? '' : `, ${p.perItemBytes} B per kept notification (${p.itemsAt100} → ${p.itemsAtEnd} items)`) +
        `; timers ${p.structure.timers}, scheduled events ${p.structure.scheduledEvents}, children ${p.structure.children}`,
    )
  }
  const idle = r.polling.find((p) => p.mode === 'same')
  if (idle) lines.push(`  → idle polling ${idle.perCycleBytes} B/cycle vs ${budgets.idlePollBytesPerCycle} B: ${idle.perCycleBytes <= budgets.idlePollBytesPerCycle ? 'meets budget' : 'OVER BUDGET'}`)
  const p = r.page
  lines.push(
    `/app/notifications after ${p.loadMores} load-mores (${p.rowsBefore} → ${p.rowsAfter} rows): JS heap ${(p.heapBefore / 1e6).toFixed(2)} → ${(p.heapAfter / 1e6).toFixed(2)} MB (${p.growthKb} kB, ${p.perRowBytes} B per row); DOM nodes ${p.domNodesBefore} → ${p.domNodesAfter}`,
  )
  lines.push(`  → page heap ${p.perRowBytes} B per loaded row vs ${budgets.pageBytesPerRow} B: ${p.perRowBytes <= budgets.pageBytesPerRow ? 'meets budget' : 'OVER BUDGET'}`)
  return lines
}
