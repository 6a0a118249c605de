/** Build-time configuration of the browser app (`import.meta.env`); see README, Configuration. */
interface ImportMetaEnv {
  /** Written by the build (vite.config.ts `versionFile`): the version this bundle is. */
  readonly VITE_APP_VERSION?: string
  readonly VITE_API_BASE_URL?: string
  /** Analytics (src/analytics/adapters.ts): every service is off unless set. */
  readonly VITE_ANALYTICS_CONSOLE?: string
  readonly VITE_GTM_ID?: string
  readonly VITE_ANALYTICS_HOST?: string
  readonly VITE_ANALYTICS_KEY?: string
  readonly VITE_META_PIXEL_ID?: string
  readonly VITE_LINKEDIN_PARTNER_ID?: string
  /** Written by the build (vite.config.ts `analyticsFlag`): whether any of the analytics variables above is set. */
  readonly ANALYTICS_CONFIGURED: boolean
}
