/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; the dev server and the production server both serve it at /api. */
  readonly VITE_API_BASE_URL?: string;
}
