import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  Rating as StarRating,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  UPLOAD_LINK_LANGUAGES,
  uploadLinkCreateSchema,
  type UploadLink,
  type UploadLinkCreated,
} from '@service-portal/shared/upload-links';
import { formatSize } from '../../../components/image-file-picker.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { schemaErrors } from '../../../lib/form-errors.ts';
import { useCreateUploadLink } from '../api/create-upload-link.ts';
import { useOrderRating } from '../api/get-order-rating.ts';
import { useUploadLinks } from '../api/list-upload-links.ts';
import { useRevokeUploadLink } from '../api/revoke-upload-link.ts';

interface FormValues {
  sendVia: 'sms' | 'email' | 'none';
  language: string;
}

/** On the order: send the customer an upload link, see the active ones, revoke; the customer's rating. */
export function UploadLinksPanel({
  orderId,
  onSent,
}: {
  orderId: string;
  onSent?: (orderId: string) => void;
}) {
  const { t } = useTranslation();
  const links = useUploadLinks(orderId);
  const create = useCreateUploadLink(onSent);
  const [created, setCreated] = useState<UploadLinkCreated | null>(null);
  const form = useForm<FormValues>({
    initialValues: { sendVia: 'sms', language: '' },
    validate: (values) =>
      schemaErrors(uploadLinkCreateSchema, {
        sendVia: values.sendVia,
        language: values.language || undefined,
      }),
  });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="upload-links-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="upload-links-title">
          {t('uploads.links.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('uploads.links.intro')}
        </Text>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            create.mutate(
              {
                orderId,
                body: uploadLinkCreateSchema.parse({
                  sendVia: values.sendVia,
                  language: values.language || undefined,
                }),
              },
              { onSuccess: setCreated },
            ),
          )}
        >
          <Stack gap="xs">
            <div>
              <Text size="sm" fw={500} id="send-via-label">
                {t('uploads.links.sendVia')}
              </Text>
              <SegmentedControl
                aria-labelledby="send-via-label"
                fullWidth
                data={[
                  { value: 'sms', label: t('uploads.links.sms') },
                  { value: 'email', label: t('uploads.links.email') },
                  { value: 'none', label: t('uploads.links.dontSend') },
                ]}
                {...form.getInputProps('sendVia')}
                styles={{ label: { whiteSpace: 'normal' } }}
              />
            </div>
            {form.values.sendVia !== 'none' && (
              <Select
                label={t('uploads.links.language')}
                data={[
                  { value: '', label: t('uploads.links.languageAuto') },
                  ...UPLOAD_LINK_LANGUAGES.map((l) => ({ value: l, label: t(`uploads.languages.${l}`) })),
                ]}
                allowDeselect={false}
                {...form.getInputProps('language')}
              />
            )}
            {create.isError && (
              <Alert color="red" role="alert">
                {formatMessage(t, apiErrorMessage(create.error, 'uploads.links.failed'))}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('uploads.links.create')}
              </Button>
            </Group>
          </Stack>
        </form>
        {created && (
          <Alert
            color="green"
            role="status"
            title={created.sentVia === 'none' ? t('uploads.links.created') : t('uploads.links.sent')}
          >
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={t('uploads.links.created')}
                value={created.url}
                readOnly
                style={{ flex: 1, minWidth: 0 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={created.url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t('uploads.links.copied') : t('uploads.links.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
        <Title order={3} size="h5">
          {t('uploads.links.active')}
        </Title>
        {links.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : links.isError ? (
          <LoadErrorAlert message={t('errors.loadData')} onRetry={() => void links.refetch()} />
        ) : links.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('uploads.links.noActive')}
          </Text>
        ) : (
          <Stack gap="xs">
            {links.data.map((link) => (
              <LinkRow key={link.id} orderId={orderId} link={link} />
            ))}
          </Stack>
        )}
        <CustomerRating orderId={orderId} />
      </Stack>
    </Card>
  );
}

function LinkRow({ orderId, link }: { orderId: string; link: UploadLink }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeUploadLink();
  const [confirming, setConfirming] = useState(false);
  const via =
    link.sentVia === 'sms'
      ? t('uploads.links.sms')
      : link.sentVia === 'email'
        ? t('uploads.links.email')
        : null;
  return (
    <Card withBorder padding="xs" radius="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm">
            {t('uploads.links.expires', { time: formatDateTime(link.expiresAt, i18n.language) })}
            {via ? ` · ${via}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {link.createdBy ? t('uploads.links.createdBy', { name: link.createdBy.name }) : null}
            {link.bytesUsed > 0 ? ` · ${t('uploads.links.used', { size: formatSize(link.bytesUsed) })}` : ''}
          </Text>
        </Stack>
        {confirming ? (
          <Group gap="xs">
            <Text size="sm">{t('uploads.links.revokeConfirm')}</Text>
            <Button
              size="xs"
              color="red"
              loading={revoke.isPending}
              onClick={() => revoke.mutate({ orderId, linkId: link.id })}
            >
              {t('uploads.links.revoke')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
          </Group>
        ) : (
          <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
            {t('uploads.links.revoke')}
          </Button>
        )}
      </Group>
      {revoke.isError && (
        <Text size="xs" c="red" role="alert">
          {formatMessage(t, apiErrorMessage(revoke.error, 'uploads.links.revokeFailed'))}
        </Text>
      )}
    </Card>
  );
}

function CustomerRating({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const rating = useOrderRating(orderId);
  if (rating.isPending || rating.isError) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('uploads.links.rating')}
      </Title>
      {rating.data ? (
        <>
          <Group gap="xs">
            <StarRating value={rating.data.rating} readOnly aria-hidden="true" />
            <Text size="sm">{t('uploads.links.ratingValue', { rating: rating.data.rating })}</Text>
          </Group>
          {rating.data.comment && <Text size="sm">{rating.data.comment}</Text>}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('uploads.links.noRating')}
        </Text>
      )}
    </Stack>
  );
}
