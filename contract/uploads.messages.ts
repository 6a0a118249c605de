/** What an image upload that failed tells the person (src/api/uploads.ts `UploadError.display`). */
import { defineMessages } from './messages.ts'

export const uploadsMessages = defineMessages('uploads', {
  unsupportedType: 'Choose a PNG, JPEG, WebP or GIF image.',
  badSize: 'Choose an image of at most {megabytes} MB.',
  signedOut: 'Sign in to upload an image.',
  failed: 'The image could not be uploaded. Please try again.',
})
