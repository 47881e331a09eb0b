/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; the dev server and the production server both serve it at /api. */
  readonly VITE_API_BASE_URL?: string;
}

/** A locale file cut to its core or remaining namespaces (locale-split.ts). */
declare module '*.json?texts=core' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?texts=rest' {
  const texts: Record<string, unknown>;
  export default texts;
}
