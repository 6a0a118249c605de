/**
 * The bug-report modal (SPEC.md §2.6 Bug-report modal), drawn from the `bugReport` actor. Its own
 * chunk: src/ui/bugReport/BugReportView.tsx loads it when the floating button is
 * hovered, focused or pressed, so the form's fields and the Modal never load with a page.
 */
import { useSelector } from '@xstate/react'
import ImagePlus from 'lucide-react/icons/image-plus'
import { type ClipboardEvent, type FormEvent, useId } from 'react'
import { FileTrigger, Form } from 'react-aria-components'
import { UPLOAD_CONTENT_TYPES } from '../../../contract/uploads.ts'
import type { BugReportField } from '../../../machines/bugReport/bugReport.machine.ts'
import {
  selectFieldErrors,
  selectFields,
  selectFormError,
  selectIsOpen,
  selectIsSubmitting,
  selectIsUploading,
  selectScreenshotFileName,
  selectUploadError,
} from '../../../machines/bugReport/bugReport.selectors.ts'
import { FormAlert } from '../FormAlert.tsx'
import { Button } from '../primitives/Button/Button.tsx'
import { Modal } from '../primitives/Dialog/Dialog.tsx'
import { TextField } from '../primitives/TextField/TextField.tsx'
import * as css from './BugReport.css.ts'
import type { BugReportViewProps } from './BugReportView.tsx'

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
  // The actions sit in the modal's footer, outside the form: the submit button names its form.
  const formId = useId()

  // A field's value, its changes and its error, for a TextField.
  const bind = (field: BugReportField) => ({
    value: fields[field],
    onChange: (value: string) => actor.send({ type: 'bugReport.change', field, value }),
    error: errors[field],
  })
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
    <Modal
      title="Report a bug"
      isOpen={open}
      isDismissable={!submitting}
      onOpenChange={(isOpen) => {
        if (!isOpen) actor.send({ type: 'bugReport.close' })
      }}
      footer={
        <div onPaste={paste} className={css.actions}>
          <Button variant="ghost" onPress={() => actor.send({ type: 'bugReport.hideForever' })} isDisabled={submitting}>
            Hide Forever
          </Button>
          <div className={css.actionsEnd}>
            <Button variant="secondary" onPress={() => actor.send({ type: 'bugReport.close' })} isDisabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" form={formId} isPending={submitting} isDisabled={uploading}>
              {submitting ? 'Submitting…' : 'Submit'}
            </Button>
          </div>
        </div>
      }
    >
      <div onPaste={paste}>
        <Form id={formId} className={css.form} onSubmit={submit} validationBehavior="aria">
          <FormAlert message={formError} />
          <TextField label="Title" {...bind('title')} isRequired isDisabled={submitting} />
          <TextField label="Description" {...bind('description')} isRequired isDisabled={submitting} multiline />
          <TextField label="Steps to reproduce (optional)" {...bind('steps_to_reproduce')} isDisabled={submitting} multiline />
          <TextField
            label="Screenshot URL"
            {...bind('screenshot_url')}
            description="Choose an image, paste one from the clipboard, or enter a link to one."
            isDisabled={submitting || uploading}
          />
          <div className={css.screenshotRow}>
            <FileTrigger acceptedFileTypes={[...UPLOAD_CONTENT_TYPES]} onSelect={(files) => attach(files?.[0])}>
              <Button variant="secondary" size="sm" icon={<ImagePlus size={16} />} isDisabled={submitting || uploading}>
                Choose image
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
          <TextField
            label="Reporter email"
            value={reporterEmail ?? ''}
            isReadOnly
            description={reporterEmail === null ? 'You are not signed in: the report is sent without your email.' : undefined}
          />
          <p className={css.hint}>Your device, browser and this page’s address are sent with the report.</p>
        </Form>
      </div>
    </Modal>
  )
}
