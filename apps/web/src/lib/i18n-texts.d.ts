/** Written by locale-split.ts: one language's groups outside the core, and which screens need which. */
declare module 'virtual:locale-texts/*' {
  /** Per group: the module whose default export is `{ [group]: texts }`. */
  export const textGroups: Record<string, () => Promise<{ default: Record<string, unknown> }>>;
  /** Per screen (its import path in app/ without `./` and extension, e.g. `routes/dashboard`): its groups. */
  export const routeTexts: Record<string, readonly string[]>;
}
