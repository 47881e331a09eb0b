import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { servicePartnerCreateSchema } from '@service-portal/shared/admin';
import type { AdminServicePartner, AdminUser } from '@service-portal/shared/admin';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { schemaErrors, translateFormError } from '../../../lib/form-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { choiceParam, pageParam, textParam, useListParams } from '../../../lib/use-list-params.ts';
import { useSaveServicePartner, useServicePartners } from '../api/service-partners.ts';
import { useAdminUsers } from '../api/users.ts';
import { UserForm } from './user-form.tsx';

const USERS_PAGE_SIZE = 20;
const TABS = ['users', 'partners'] as const;
// The tab, the user search and the users' page live in the URL (?tab=partners, ?q=kari&page=2).
const PARAMS = { tab: choiceParam('tab', TABS, 'users'), search: textParam('q'), page: pageParam() };

/** Spec §2 /admin (global administrators): service partners and users. */
export function AdminScreen() {
  const { t } = useTranslation();
  const [state, update] = useListParams(PARAMS);
  return (
    <>
      <PageHeader title={t('screens.administration')} />
      <Tabs
        value={state.tab}
        onChange={(value) => {
          const tab = TABS.find((x) => x === value);
          if (tab) update({ tab, page: state.page });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="users">{t('admin.users.title')}</Tabs.Tab>
          <Tabs.Tab value="partners">{t('admin.partners.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersPanel
            search={state.search}
            page={state.page}
            onSearch={(search) => update({ search }, { replace: true })}
            onPage={(page) => update({ page })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="partners">
          <PartnersPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function PartnersPanel() {
  const { t } = useTranslation();
  const partners = useServicePartners();
  const save = useSaveServicePartner();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [renaming, setRenaming] = useState<AdminServicePartner | null>(null);
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = () => notifications.show({ color: 'green', message: t('success.saved') });
  const failed = (e: unknown) => setError(formatMessage(t, apiErrorMessage(e, 'admin.partners.saveFailed')));

  const create = () => {
    const errors = schemaErrors(servicePartnerCreateSchema, { name });
    setNameError(errors.name);
    if (errors.name !== undefined) return;
    save.mutate({ body: { name } }, { onSuccess: () => (setName(''), done()), onError: failed });
  };
  const update = (partner: AdminServicePartner, changes: { name?: string; isActive?: boolean }) =>
    save.mutate(
      {
        id: partner.id,
        body: {
          name: changes.name ?? partner.name,
          isActive: changes.isActive ?? partner.isActive,
          version: partner.version,
        },
      },
      { onSuccess: done, onError: failed },
    );

  return (
    <Stack>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('admin.partners.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={translateFormError(t, nameError)}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" mt={24} loading={save.isPending}>
            {t('admin.partners.create')}
          </Button>
        </Group>
      </form>
      {error !== null && (
        <Alert color="red" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {partners.isError && (
        <Alert color="red">{formatMessage(t, apiErrorMessage(partners.error, 'errors.loadData'))}</Alert>
      )}
      {partners.isPending && <Loader />}
      <Stack gap="xs">
        {partners.data?.items.map((partner) => (
          <Card key={partner.id} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={600}>{partner.name}</Text>
                <Text size="xs" c="dimmed">
                  {`${t('admin.partners.users', { count: partner.userCount })}, ${t('admin.partners.activeUsers', { count: partner.activeUserCount })}`}
                </Text>
              </div>
              <Group gap="xs">
                <Badge color={partner.isActive ? 'green' : 'gray'} variant="light">
                  {partner.isActive ? t('admin.active') : t('admin.inactive')}
                </Badge>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    setRenaming(partner);
                    setNewName(partner.name);
                  }}
                >
                  {t('admin.partners.rename')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color={partner.isActive ? 'orange' : 'green'}
                  onClick={() => update(partner, { isActive: !partner.isActive })}
                  aria-label={`${partner.isActive ? t('admin.deactivate') : t('admin.activate')} ${partner.name}`}
                >
                  {partner.isActive ? t('admin.deactivate') : t('admin.activate')}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title={t('admin.partners.rename')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (renaming === null || newName.trim() === '') return;
            update(renaming, { name: newName });
            setRenaming(null);
          }}
        >
          <Stack>
            <TextInput
              label={t('admin.partners.name')}
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit">{t('admin.save')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

interface UsersPanelProps {
  search: string;
  page: number;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
}

function UsersPanel({ search, page, onSearch, onPage }: UsersPanelProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const users = useAdminUsers({ page, pageSize: USERS_PAGE_SIZE, ...(search ? { search } : {}) });
  const partners = useServicePartners();
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined);
  const roleText = (user: AdminUser) =>
    [
      ...(user.isGlobalAdmin ? [t('admin.users.globalAdmin')] : []),
      ...user.roles.map((role) => t(`admin.roles.${role}`)),
    ].join(', ') || '—';
  const status = (user: AdminUser) => (
    <Badge color={user.isActive ? 'green' : 'gray'} variant="light">
      {user.isActive ? t('admin.active') : t('admin.inactive')}
    </Badge>
  );
  const columns: PagedListColumn<AdminUser>[] = [
    { key: 'name', header: t('admin.users.name'), cell: (user) => `${user.firstName} ${user.lastName}` },
    { key: 'email', header: t('admin.users.email'), cell: (user) => user.email },
    { key: 'partner', header: t('admin.users.partner'), cell: (user) => user.servicePartnerName ?? '—' },
    { key: 'roles', header: t('admin.users.roles'), cell: roleText },
    { key: 'status', header: t('admin.users.status'), cell: status },
    {
      key: 'edit',
      header: null,
      cell: (user) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setEditing(user)}
          aria-label={`${t('admin.edit')} ${user.email}`}
        >
          {t('admin.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <DebouncedTextInput
          label={t('admin.users.search')}
          value={search}
          onCommit={onSearch}
          style={{ flex: '1 1 240px' }}
        />
        <Button onClick={() => setEditing(null)}>{t('admin.users.invite')}</Button>
      </Group>
      <PagedList
        query={users}
        loadFailure="errors.loadData"
        loadingLabel={t('admin.users.loading')}
        page={page}
        onPageChange={onPage}
        phone={phone}
        rowKey={(user) => user.id}
        columns={columns}
        cardTestId="user-card"
        card={(user) => (
          <>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>
                {user.firstName} {user.lastName}
              </Text>
              <Button
                size="xs"
                variant="light"
                onClick={() => setEditing(user)}
                aria-label={`${t('admin.edit')} ${user.email}`}
              >
                {t('admin.edit')}
              </Button>
            </Group>
            <Text size="sm">{user.email}</Text>
            <Text size="xs" c="dimmed">
              {user.servicePartnerName ?? '—'} · {roleText(user)} ·{' '}
              {user.isActive ? t('admin.active') : t('admin.inactive')}
            </Text>
          </>
        )}
        empty={t('admin.users.empty')}
      />
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('admin.users.editTitle') : t('admin.users.inviteTitle')}
        size="lg"
      >
        {editing !== undefined && (
          <UserForm
            key={editing?.id ?? 'new'}
            user={editing}
            partners={partners.data?.items ?? []}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Modal>
    </Stack>
  );
}
