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
import { bugReportMessages as m } from '../../../machines/bugReport/bugReport.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { useOffline } from '../../system/connectivity.ts'
import { offlineMessages } from '../shell/offline.messages.ts'
import { FormAlert } from '../FormAlert.tsx'
import { Button } from '../primitives/Button/Button.tsx'
import { Modal } from '../primitives/Dialog/Dialog.tsx'
import { TextField } from '../primitives/TextField/TextField.tsx'
import { WithTooltip } from '../primitives/Tooltip/Tooltip.tsx'
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
  // Offline, sending and uploading need the server: Submit is disabled with the reason, as a gated button is.
  const offline = useOffline()
  const { t, text } = useTranslator()
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
    if (!offline) actor.send({ type: 'bugReport.submit' })
  }
  // A pasted image (a screenshot in the clipboard) is uploaded; pasted text goes into the field as usual.
  const paste = (e: ClipboardEvent<HTMLDivElement>) => {
    const image = [...e.clipboardData.files].find((f) => f.type.startsWith('image/'))
    if (!image || submitting || uploading || offline) return
    e.preventDefault()
    attach(image)
  }

  return (
    <Modal
      title={t(m.reportBug)}
      isOpen={open}
      isDismissable={!submitting}
      onOpenChange={(isOpen) => {
        if (!isOpen) actor.send({ type: 'bugReport.close' })
      }}
      footer={
        <div onPaste={paste} className={css.actions}>
          <Button variant="ghost" onPress={() => actor.send({ type: 'bugReport.hideForever' })} isDisabled={submitting}>
            {t(m.hideForever)}
          </Button>
          <div className={css.actionsEnd}>
            <Button variant="secondary" onPress={() => actor.send({ type: 'bugReport.close' })} isDisabled={submitting}>
              {t(m.cancel)}
            </Button>
            {offline && !submitting ? (
              <WithTooltip label={t(offlineMessages.needsConnection)} placement="bottom">
                <Button aria-disabled="true" type="button">
                  {t(m.submit)}
                </Button>
              </WithTooltip>
            ) : (
              <Button type="submit" form={formId} isPending={submitting} isDisabled={uploading}>
                {submitting ? t(m.submitting) : t(m.submit)}
              </Button>
            )}
          </div>
        </div>
      }
    >
      <div onPaste={paste}>
        <Form id={formId} className={css.form} onSubmit={submit} validationBehavior="aria">
          <FormAlert message={formError} />
          <TextField label={t(m.title)} {...bind('title')} isRequired isDisabled={submitting} />
          <TextField label={t(m.description)} {...bind('description')} isRequired isDisabled={submitting} multiline />
          <TextField label={t(m.steps)} {...bind('steps_to_reproduce')} isDisabled={submitting} multiline />
          <TextField
            label={t(m.screenshotUrl)}
            {...bind('screenshot_url')}
            description={t(m.screenshotHelp)}
            isDisabled={submitting || uploading}
          />
          <div className={css.screenshotRow}>
            <FileTrigger acceptedFileTypes={[...UPLOAD_CONTENT_TYPES]} onSelect={(files) => attach(files?.[0])}>
              <Button variant="secondary" size="sm" icon={<ImagePlus size={16} />} isDisabled={submitting || uploading || offline}>
                {t(m.chooseImage)}
              </Button>
            </FileTrigger>
            <p role="status" className={css.uploadStatus}>
              {uploading
                ? fileName === null
                  ? t(m.uploadingImage)
                  : t(m.uploadingFile, { name: fileName })
                : fileName && !uploadError
                  ? t(m.uploaded, { name: fileName })
                  : ''}
            </p>
          </div>
          {uploadError && (
            <p role="alert" className={css.uploadError} dir={typeof uploadError === 'string' ? 'auto' : undefined}>
              {text(uploadError)}
            </p>
          )}
          <TextField
            label={t(m.reporterEmail)}
            value={reporterEmail ?? ''}
            isReadOnly
            description={reporterEmail === null ? t(m.anonymous) : undefined}
          />
          <p className={css.hint}>{t(m.sentWith)}</p>
        </Form>
      </div>
    </Modal>
  )
}
