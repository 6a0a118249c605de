/**
 * The Developers page's API reference tab: the API's OpenAPI document (`GET /api/openapi.json`)
 * in a viewer that loads only here (ApiReferenceViewer, by `import()`), under a note naming the
 * operations an API key may call (tagged `public-api` in the document) with a link to download
 * the document. A placeholder while the document and the viewer load; the reason and 'Try again'
 * when either fails.
 */
import FileJson from 'lucide-react/icons/file-json'
import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react'
import { Heading, Link } from 'react-aria-components'
import { useTranslator } from '../../i18n/react.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { darkTheme } from '../../ui/theme.css.ts'
import { useSlotted } from '../security/When.tsx'
import { LoadFailed } from '../settings/fields.tsx'
import * as css from './ApiReference.css.ts'
import type { ApiReferenceViewerProps } from './ApiReferenceViewer.tsx'
import { developersMessages as m } from './developers.messages.ts'

/** Where the server answers the document. */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json'
/** The tag of the operations an API key may call (contract/openapi.ts). */
export const PUBLIC_API_TAG = 'public-api'
/** A failed load of the document or the viewer (ours). */
export const API_REFERENCE_LOAD_FAILED_MESSAGE = m.referenceLoadFailed
/** How a key is sent, and the header it does without (code, not translated). */
const BEARER_EXAMPLE = 'Authorization: Bearer eng_…'
const ORG_HEADER = 'x-org-id'

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/** One operation: its method in capitals and its path, e.g. `GET /api/organizations/members`. */
export interface OperationRef {
  readonly method: string
  readonly path: string
}

/** The operations of an OpenAPI `document` tagged {@link PUBLIC_API_TAG}, in the document's order; none for anything that is not one. */
export function publicApiOperations(document: unknown): OperationRef[] {
  const paths = typeof document === 'object' && document !== null ? (document as { paths?: unknown }).paths : undefined
  if (typeof paths !== 'object' || paths === null) return []
  const found: OperationRef[] = []
  for (const [path, item] of Object.entries(paths as Record<string, unknown>)) {
    if (typeof item !== 'object' || item === null) continue
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, unknown>)[method] as { tags?: unknown } | undefined
      if (Array.isArray(operation?.tags) && operation.tags.includes(PUBLIC_API_TAG)) found.push({ method: method.toUpperCase(), path })
    }
  }
  return found
}

/** Whether the app shows its dark theme (the theme class on `<html>`), followed live. */
function useDarkTheme(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const observer = new MutationObserver(changed)
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
      return () => observer.disconnect()
    },
    () => document.documentElement.classList.contains(darkTheme),
  )
}

type Loaded = { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'ready'; readonly document: object; readonly Viewer: ComponentType<ApiReferenceViewerProps> }

/** Fetches the document and the viewer's chunk together; `attempt` changes to try again. */
function useReference(attempt: number, load: NonNullable<ApiReferenceTabProps['load']>): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  useEffect(() => {
    let current = true
    setLoaded({ status: 'loading' })
    load().then(
      ({ document, Viewer }) => current && setLoaded({ status: 'ready', document, Viewer }),
      () => current && setLoaded({ status: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [attempt, load])
  return loaded
}

/** The document and the viewer, from the server and the viewer's own chunk. */
async function loadReference(): Promise<{ document: object; Viewer: ComponentType<ApiReferenceViewerProps> }> {
  const [document, viewer] = await Promise.all([
    fetch(OPENAPI_DOCUMENT_PATH, { headers: { accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`${OPENAPI_DOCUMENT_PATH} answered ${response.status}`)
      const body: unknown = await response.json()
      if (typeof body !== 'object' || body === null || !('openapi' in body)) throw new Error(`${OPENAPI_DOCUMENT_PATH} is not an OpenAPI document`)
      return body
    }),
    import('./ApiReferenceViewer.tsx'),
  ])
  return { document, Viewer: viewer.ApiReferenceViewer }
}

export interface ApiReferenceTabProps {
  /** Loads the document and the viewer (default: the server's document and the Scalar viewer); stories hand their own. */
  readonly load?: () => Promise<{ document: object; Viewer: ComponentType<ApiReferenceViewerProps> }>
}

export function ApiReferenceTab({ load = loadReference }: ApiReferenceTabProps) {
  const [attempt, setAttempt] = useState(0)
  const loaded = useReference(attempt, load)
  const dark = useDarkTheme()
  const { t } = useTranslator()
  return (
    <div className={css.tab}>
      <PublicApiNote operations={loaded.status === 'ready' ? publicApiOperations(loaded.document) : null} />
      {loaded.status === 'loading' && <Skeleton shape="block" count={1} height={480} label={t(m.referenceLoading)} />}
      {loaded.status === 'failed' && <LoadFailed message={t(API_REFERENCE_LOAD_FAILED_MESSAGE)} onRetry={() => setAttempt((n) => n + 1)} />}
      {loaded.status === 'ready' && <loaded.Viewer document={loaded.document} dark={dark} />}
    </div>
  )
}

/** Which operations take an API key (null while the document loads), and the document to download. */
function PublicApiNote({ operations }: { operations: ReadonlyArray<OperationRef> | null }) {
  const { t } = useTranslator()
  const slotted = useSlotted()
  return (
    <section className={css.note} aria-labelledby="public-api-heading">
      <div className={css.noteHead}>
        <Heading id="public-api-heading" level={2} style={{ margin: 0, fontSize: '1rem' }}>
          {t(m.publicApiHeading)}
        </Heading>
        <Link className={css.download} href={OPENAPI_DOCUMENT_PATH} download="engage-openapi.json">
          <FileJson size={14} aria-hidden="true" style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
          {t(m.download)}
        </Link>
      </div>
      <p className={css.noteText}>
        {slotted(m.publicApiNote, { header: <code>{BEARER_EXAMPLE}</code>, orgHeader: <code>{ORG_HEADER}</code>, tag: <code>{PUBLIC_API_TAG}</code> })}
      </p>
      {operations !== null && operations.length > 0 && (
        <ul className={css.operations} aria-label={t(m.publicOperations)}>
          {operations.map((op) => (
            <li key={`${op.method} ${op.path}`} className={css.operation}>
              <span className={css.method}>{op.method}</span>
              <span className={css.path}>{op.path}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
