import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SHOP_LINK_MESSAGES, shopUserLinkCreateSchema } from '@service-portal/shared/shop-links';
import type { ShopUserLink } from '@service-portal/shared/shop-links';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { FormFailure } from '../../../components/form-failure.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { translateFormError } from '../../../lib/form-errors.ts';
import { pageParam, textParam, useListParams } from '../../../lib/use-list-params.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateShopUserLink, useDeleteShopUserLink, useShopUserLinks } from '../api/shop-user-links.ts';

const PAGE_SIZE = 20;
const PARAMS = { search: textParam('q'), page: pageParam() };

function translate(t: TFunction, error: string): ReactNode {
  if (error === SHOP_LINK_MESSAGES.shopInvalid) return t('shopAuth.links.shopInvalid');
  if (error === SHOP_LINK_MESSAGES.shopUserIdInvalid) return t('shopAuth.links.shopUserIdInvalid');
  return translateFormError(t, error);
}

/** The picker of one of our users: composed by the route module from the administration feature. */
export type UserPicker = (props: {
  value: string;
  onChange: (id: string) => void;
  error?: ReactNode;
}) => ReactNode;

/**
 * Global administrators: which shop users sign in as which of our users. Links made by a verified
 * e-mail appear here too; removing one stops that shop user signing in until linked again.
 */
export function ShopLinksScreen({
  userPicker,
  defaultShop,
}: {
  userPicker: UserPicker;
  defaultShop: string;
}) {
  const { t, i18n } = useTranslation();
  const [state, update] = useListParams(PARAMS);
  const list = useShopUserLinks({
    page: state.page,
    pageSize: PAGE_SIZE,
    ...(state.search ? { search: state.search } : {}),
  });
  const create = useCreateShopUserLink();
  const remove = useDeleteShopUserLink();
  const [removing, setRemoving] = useState<ShopUserLink | null>(null);
  const [error, setError] = useState<string | null>(null);

  const form = useSchemaForm({
    initialValues: { shop: defaultShop, shopUserId: '', userId: '' },
    schema: shopUserLinkCreateSchema,
    fallback: 'shopAuth.links.createFailed',
    subject: 'shopUserLink',
    translate,
  });

  const confirmRemove = () => {
    if (removing === null) return;
    const link = removing;
    setRemoving(null);
    setError(null);
    remove.mutate(link.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('shopAuth.links.removed') }),
      onError: (e) => setError(formatMessage(t, apiErrorMessage(e, 'shopAuth.links.removeFailed'))),
    });
  };

  const method = (link: ShopUserLink) => (
    <Badge variant="light" color={link.method === 'admin' ? 'blue' : 'teal'}>
      {t(`shopAuth.links.method.${link.method}`)}
    </Badge>
  );
  const removeButton = (link: ShopUserLink) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={t('shopAuth.links.removeLabel', { shopUserId: link.shopUserId, email: link.userEmail })}
      onClick={() => setRemoving(link)}
    >
      ✕
    </ActionIcon>
  );
  const columns: PagedListColumn<ShopUserLink>[] = [
    { key: 'shop', header: t('shopAuth.links.shop'), cell: (l) => l.shop },
    { key: 'shopUserId', header: t('shopAuth.links.shopUserId'), cell: (l) => l.shopUserId },
    {
      key: 'user',
      header: t('shopAuth.links.user'),
      cell: (l) => (
        <>
          <Text size="sm" fw={600}>
            {l.userName}
          </Text>
          <Text size="xs">{l.userEmail}</Text>
        </>
      ),
    },
    { key: 'method', header: t('shopAuth.links.methodLabel'), cell: method },
    {
      key: 'created',
      header: t('shopAuth.links.created'),
      cell: (l) => formatDateTime(l.createdAt, i18n.language),
    },
    { key: 'remove', header: null, cell: removeButton },
  ];

  return (
    <>
      <PageHeader title={t('shopAuth.links.title')} />
      <Stack>
        <Text size="sm">{t('shopAuth.links.description')}</Text>
        <Paper withBorder p="md">
          <form
            noValidate
            onSubmit={form.submit((payload) =>
              create.mutate(payload, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: t('shopAuth.links.createdMessage') });
                  form.setValues({ shopUserId: '', userId: '' });
                },
                onError: (e) => form.fail(e),
              }),
            )}
          >
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('shopAuth.links.add')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput {...form.getInputProps('shop')} label={t('shopAuth.links.shop')} required />
                <TextInput
                  {...form.getInputProps('shopUserId')}
                  label={t('shopAuth.links.shopUserId')}
                  inputMode="numeric"
                  required
                />
                {userPicker({
                  value: form.getValues().userId,
                  onChange: (id) => form.setFieldValue('userId', id),
                  error: form.getInputProps('userId').error as ReactNode,
                })}
              </SimpleGrid>
              <FormFailure failure={form.failure} />
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending}>
                  {t('shopAuth.links.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <DebouncedTextInput
          label={t('shopAuth.links.search')}
          value={state.search}
          onCommit={(search) => update({ search }, { replace: true })}
        />
        <ScreenList
          query={list}
          params={[state, update]}
          actionError={[error, setError]}
          loadFailure="shopAuth.links.loadFailed"
          loadingLabel={t('shopAuth.links.loading')}
          columns={columns}
          cardTestId="shop-link-card"
          card={(l) => (
            <>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {l.userEmail}
                </Text>
                {removeButton(l)}
              </Group>
              <Text size="sm">
                {l.shop} · {l.shopUserId}
              </Text>
              <Group gap="xs">
                {method(l)}
                <Text size="xs" c="dimmed">
                  {formatDateTime(l.createdAt, i18n.language)}
                </Text>
              </Group>
            </>
          )}
          empty={t('shopAuth.links.empty')}
        />
      </Stack>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('shopAuth.links.removeTitle')}
      >
        <Text mb="md">
          {t('shopAuth.links.removeConfirm', {
            shopUserId: removing?.shopUserId ?? '',
            email: removing?.userEmail ?? '',
          })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirmRemove}>
            {t('shopAuth.links.remove')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
