import type { DocumentListParams } from '@service-portal/shared/documents';

export const documentsKey = ['documents'] as const;
export const documentListKey = (params: DocumentListParams) => [...documentsKey, 'list', params] as const;
export const documentStatsKey = [...documentsKey, 'stats'] as const;
export const documentKey = (id: string) => [...documentsKey, 'detail', id] as const;
export const documentFileKey = (id: string, version: number) =>
  [...documentsKey, 'file', id, version] as const;
