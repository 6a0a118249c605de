/**
 * The floating 'Report a bug' button and the bug-report modal (SPEC.md §2.6), drawn from a
 * `bugReport` actor in whatever state it is (stories hand it one from a saved state). Views only
 * read selectors and send events: the rules live in machines/bugReport.
 *
 * The screenshot can be picked with a file chooser, pasted from the clipboard anywhere in the
 * dialog, or typed as an http(s) URL. The reporter email is read-only: it is the signed-in user's
 * (the server takes it from the session anyway).
 */
import { useSelector } from '@xstate/react'
import BugIcon from 'lucide-react/icons/bug'
import ImagePlus from 'lucide-react/icons/image-plus'
import type { ClipboardEvent, FormEvent } from 'react'
import { Button, Dialog, FileTrigger, Form, Heading, Modal, ModalOverlay } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import { UPLOAD_CONTENT_TYPES } from '../../../contract/uploads.ts'
import type { BugReportField, BugReportMachine } from '../../../machines/bugReport/bugReport.machine.ts'
import {
  selectButtonVisible,
  selectFieldErrors,
  selectFields,
  selectFormError,
  selectIsOpen,
  selectIsSubmitting,
  selectIsUploading,
  selectScreenshotFileName,
  selectUploadError,
} from '../../../machines/bugReport/bugReport.selectors.ts'
import { showsBugReportButton } from '../../navigation/paths.ts'
import { FormError, FormTextField } from '../../pages/settings/fields.tsx'
import * as settings from '../../pages/settings/settings.css.ts'
import * as page from '../Page.css.ts'
import * as css from './BugReport.css.ts'

export type BugReportActor = ActorRefFrom<BugReportMachine>

export interface BugReportViewProps {
  readonly actor: BugReportActor
  /** The current path: the button is hidden on paths containing /app/integrations (SPEC §2.3). */
  readonly pathname: string
  /** The signed-in user's email, or null for a visitor (the report is then anonymous). */
  readonly reporterEmail: string | null
}

/** The button, and the modal when open. Nothing at all once hidden forever or on /app/integrations paths. */
export function BugReportView({ actor, pathname, reporterEmail }: BugReportViewProps) {
  const visible = useSelector(actor, selectButtonVisible)
  if (!visible || !showsBugReportButton(pathname)) return null
  return (
    <>
      <Button className={css.floatingButton} aria-label="Report a bug" onPress={() => actor.send({ type: 'bugReport.open' })}>
        <BugIcon size={22} aria-hidden="true" />
      </Button>
      <BugReportDialog actor={actor} reporterEmail={reporterEmail} />
    </>
  )
}

/** The modal (SPEC §2.6 Bug-report modal). */
export function BugReportDialog({ actor, reporterEmail }: Omit<BugReportViewProps, 'pathname'>) {
  const open = useSelector(actor, selectIsOpen)
  const submitting = useSelector(actor, selectIsSubmitting)
  const uploading = useSelector(actor, selectIsUploading)
  const fields = useSelector(actor, selectFields)
  const errors = useSelector(actor, selectFieldErrors)
  const formError = useSelector(actor, selectFormError)
  const uploadError = useSelector(actor, selectUploadError)
  const fileName = useSelector(actor, selectScreenshotFileName)

  const change = (field: BugReportField) => (value: string) => actor.send({ type: 'bugReport.change', field, value })
  const attach = (file: File | null | undefined) => {
    if (file) actor.send({ type: 'bugReport.attach', file })
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'bugReport.submit' })
  }
  // A pasted image (a screenshot in the clipboard) is uploaded; pasted text goes into the field as usual.
  const paste = (e: ClipboardEvent<HTMLDivElement>) => {
    const image = [...e.clipboardData.files].find((f) => f.type.startsWith('image/'))
    if (!image || submitting || uploading) return
    e.preventDefault()
    attach(image)
  }

  return (
    <ModalOverlay
      className={settings.overlay}
      isOpen={open}
      isDismissable={!submitting}
      isKeyboardDismissDisabled={submitting}
      onOpenChange={(isOpen) => {
        if (!isOpen) actor.send({ type: 'bugReport.close' })
      }}
    >
      <Modal className={`${settings.modal} ${css.modal}`}>
        <Dialog className={settings.dialog} aria-label="Report a bug">
          <div onPaste={paste} className={css.form}>
            <Heading level={2} className={settings.dialogTitle}>
              Report a bug
            </Heading>
            <Form className={css.form} onSubmit={submit} validationBehavior="aria">
              <FormError message={formError} />
              <FormTextField label="Title" value={fields.title} onChange={change('title')} error={errors.title} isRequired isDisabled={submitting} />
              <FormTextField
                label="Description"
                value={fields.description}
                onChange={change('description')}
                error={errors.description}
                isRequired
                isDisabled={submitting}
                multiline
              />
              <FormTextField
                label="Steps to reproduce (optional)"
                value={fields.steps_to_reproduce}
                onChange={change('steps_to_reproduce')}
                error={errors.steps_to_reproduce}
                isDisabled={submitting}
                multiline
              />
              <FormTextField
                label="Screenshot URL"
                value={fields.screenshot_url}
                onChange={change('screenshot_url')}
                error={errors.screenshot_url}
                description="Choose an image, paste one from the clipboard, or enter a link to one."
                isDisabled={submitting || uploading}
              />
              <div className={css.screenshotRow}>
                <FileTrigger acceptedFileTypes={[...UPLOAD_CONTENT_TYPES]} onSelect={(files) => attach(files?.[0])}>
                  <Button className={settings.secondaryButton} isDisabled={submitting || uploading}>
                    <ImagePlus size={16} aria-hidden="true" /> Choose image
                  </Button>
                </FileTrigger>
                <p role="status" className={css.uploadStatus}>
                  {uploading ? `Uploading ${fileName ?? 'image'}…` : fileName && !uploadError ? `Uploaded ${fileName}` : ''}
                </p>
              </div>
              {uploadError && (
                <p role="alert" className={css.uploadError}>
                  {uploadError}
                </p>
              )}
              <FormTextField
                label="Reporter email"
                value={reporterEmail ?? ''}
                isReadOnly
                description={reporterEmail === null ? 'You are not signed in: the report is sent without your email.' : undefined}
              />
              <p className={css.hint}>Your device, browser and this page’s address are sent with the report.</p>
              <div className={css.actions}>
                <Button className={settings.secondaryButton} onPress={() => actor.send({ type: 'bugReport.hideForever' })} isDisabled={submitting}>
                  Hide Forever
                </Button>
                <div className={css.actionsEnd}>
                  <Button className={settings.secondaryButton} onPress={() => actor.send({ type: 'bugReport.close' })} isDisabled={submitting}>
                    Cancel
                  </Button>
                  <Button type="submit" className={page.button} isPending={submitting} isDisabled={uploading}>
                    {submitting ? 'Submitting…' : 'Submit'}
                  </Button>
                </div>
              </div>
            </Form>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
