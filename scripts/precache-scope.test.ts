/** The precache's scope (scripts/precache-scope.ts): the app's files, not the API reference viewer's. */
import { describe, expect, it } from 'vitest'
import type { Rollup } from 'vite'
import { NOT_PRECACHED_ENTRY, keepInPrecache, reachableFiles } from './precache-scope.ts'

function chunk(
  fileName: string,
  options: { entry?: boolean; facade?: string; imports?: string[]; dynamic?: string[]; css?: string[] } = {},
): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    isEntry: options.entry ?? false,
    facadeModuleId: options.facade ?? null,
    imports: options.imports ?? [],
    dynamicImports: options.dynamic ?? [],
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set<string>() },
  } as unknown as Rollup.OutputChunk
}

describe('precache scope', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', { entry: true, imports: ['assets/vendor.js'], dynamic: ['assets/Developers.js', 'assets/Dashboard.js'] }),
      chunk('assets/vendor.js'),
      chunk('assets/Dashboard.js', { css: ['assets/Dashboard.css'] }),
      chunk('assets/Developers.js', { imports: ['assets/vendor.js'], dynamic: ['assets/ApiReferenceViewer.js'] }),
      chunk('assets/ApiReferenceViewer.js', {
        facade: `/repo${NOT_PRECACHED_ENTRY}`,
        imports: ['assets/vue.js', 'assets/vendor.js'],
        css: ['assets/viewer.css'],
      }),
      chunk('assets/vue.js'),
    ].map((c) => [c.fileName, c]),
  ) as Rollup.OutputBundle

  it("Scenario: every chunk the app can load is kept, with its CSS; the viewer's own chunks are not", () => {
    expect([...reachableFiles(bundle)].sort()).toEqual([
      'assets/Dashboard.css',
      'assets/Dashboard.js',
      'assets/Developers.js',
      'assets/index.js',
      'assets/vendor.js',
    ])
  })

  it('Scenario: files outside /assets are always kept; before a build nothing is left out', () => {
    const scope = { reached: reachableFiles(bundle), built: true }
    expect(keepInPrecache(scope, 'index.html')).toBe(true)
    expect(keepInPrecache(scope, 'icons/icon-192.png')).toBe(true)
    expect(keepInPrecache(scope, 'assets/vue.js')).toBe(false)
    expect(keepInPrecache(scope, 'assets/viewer.css')).toBe(false)
    expect(keepInPrecache({ reached: new Set(), built: false }, 'assets/vue.js')).toBe(true)
  })
})
