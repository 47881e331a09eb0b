import type { DocumentCategory, DocumentScope } from '@service-portal/shared/documents';
import type { TranslationKey } from '../../../lib/i18n.ts';

export const CATEGORY_KEYS: Record<DocumentCategory, TranslationKey> = {
  user_manual: 'documents.categories.user_manual',
  technical_spec: 'documents.categories.technical_spec',
  marketing_material: 'documents.categories.marketing_material',
  service_documentation: 'documents.categories.service_documentation',
};

export const SCOPE_KEYS: Record<DocumentScope, TranslationKey> = {
  maker: 'documents.scopes.maker',
  partner: 'documents.scopes.partner',
};

/** A short name of a file's type for people: "PDF", "Word", "PNG". */
export function typeLabel(mimeType: string): string {
  if (mimeType === 'application/pdf') return 'PDF';
  if (mimeType.includes('wordprocessingml')) return 'Word';
  if (mimeType.includes('spreadsheetml')) return 'Excel';
  if (mimeType.includes('presentationml')) return 'PowerPoint';
  if (mimeType.startsWith('image/')) return mimeType.slice(6).toUpperCase();
  return mimeType;
}
