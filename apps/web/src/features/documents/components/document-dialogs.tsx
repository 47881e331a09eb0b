import { Modal, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_LIMITS,
  documentUpdateSchema,
  type DocumentDetail,
} from '@service-portal/shared/documents';
import { FormActions } from '../../../components/form-actions.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useUpdateDocument } from '../api/save-document.ts';
import { CATEGORY_KEYS } from './document-labels.ts';
import { translateFormError } from '../../../lib/form-errors.ts';

/** Edit a document's details (title, description, category, SKU, tags). */
export function DocumentEditDialog({
  document,
  opened,
  onClose,
}: {
  document: DocumentDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('documents.editTitle')}>
      {opened && <DocumentForm document={document} onDone={onClose} />}
    </Modal>
  );
}

function DocumentForm({ document, onDone }: { document: DocumentDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateDocument();
  const form = useSchemaForm({
    initialValues: {
      title: document.title,
      description: document.description ?? '',
      category: document.category,
      sku: document.sku ?? '',
      tags: document.tags,
    },
    schema: documentUpdateSchema,
    toPayload: (values) => ({ ...values, version: document.version }),
    fallback: 'documents.saveFailed',
    subject: 'document',
    // The title's message is the shared `validation.titleRequired`, read by its id.
    translate: translateFormError,
  });
  const submit = form.submit((payload) =>
    save.mutate(
      { id: document.id, body: payload },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('success.updated'),
            closeButtonProps: { 'aria-label': t('common.dismiss') },
          });
          onDone();
        },
        onError: form.fail,
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('documents.fields.title')}
          required
          maxLength={DOCUMENT_LIMITS.titleMax}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('documents.fields.description')}
          autosize
          minRows={2}
          maxLength={DOCUMENT_LIMITS.descriptionMax}
          {...form.getInputProps('description')}
        />
        <Select
          label={t('documents.fields.category')}
          allowDeselect={false}
          data={DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_KEYS[c]) }))}
          {...form.getInputProps('category')}
        />
        <TextInput
          label={t('documents.fields.sku')}
          maxLength={DOCUMENT_LIMITS.skuMax}
          {...form.getInputProps('sku')}
        />
        <TagsInput
          label={t('documents.fields.tags')}
          maxTags={DOCUMENT_LIMITS.tagsMax}
          {...form.getInputProps('tags')}
        />
        <FormActions
          failure={form.failure}
          submitLabel={t('documents.save')}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
