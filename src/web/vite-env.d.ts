/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Content hash of the translation files, set by the locales plugin in vite.config.ts. */
  readonly VITE_LOCALES_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
