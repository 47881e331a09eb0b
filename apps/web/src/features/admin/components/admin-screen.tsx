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
  Table,
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
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { schemaErrors, translateFormError } from '../../../lib/form-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useSaveServicePartner, useServicePartners } from '../api/service-partners.ts';
import { useAdminUsers } from '../api/users.ts';
import { UserForm } from './user-form.tsx';

/** Spec §2 /admin (global administrators): service partners and users. */
export function AdminScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.administration')} />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">{t('admin.users.title')}</Tabs.Tab>
          <Tabs.Tab value="partners">{t('admin.partners.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersPanel />
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
                  {t('admin.partners.users', { count: partner.userCount, active: partner.activeUserCount })}
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

function UsersPanel() {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [search, setSearch] = useState('');
  const users = useAdminUsers({ page: 1, ...(search ? { search } : {}) });
  const partners = useServicePartners();
  const [editing, setEditing] = useState<AdminUser | null | undefined>(undefined);
  const roleText = (user: AdminUser) =>
    [
      ...(user.isGlobalAdmin ? [t('admin.users.globalAdmin')] : []),
      ...user.roles.map((role) => t(`admin.roles.${role}`)),
    ].join(', ') || '—';

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <DebouncedTextInput
          label={t('admin.users.search')}
          value={search}
          onCommit={setSearch}
          style={{ flex: '1 1 240px' }}
        />
        <Button onClick={() => setEditing(null)}>{t('admin.users.invite')}</Button>
      </Group>
      {users.isError && (
        <Alert color="red">{formatMessage(t, apiErrorMessage(users.error, 'errors.loadData'))}</Alert>
      )}
      {users.isPending && <Loader />}
      {users.data && phone && (
        <Stack gap="xs">
          {users.data.items.map((user) => (
            <Card key={user.id} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>
                  {user.firstName} {user.lastName}
                </Text>
                <Button size="xs" variant="light" onClick={() => setEditing(user)}>
                  {t('admin.edit')}
                </Button>
              </Group>
              <Text size="sm">{user.email}</Text>
              <Text size="xs" c="dimmed">
                {user.servicePartnerName ?? '—'} · {roleText(user)} ·{' '}
                {user.isActive ? t('admin.active') : t('admin.inactive')}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      {users.data && !phone && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.name')}</Table.Th>
              <Table.Th>{t('admin.users.email')}</Table.Th>
              <Table.Th>{t('admin.users.partner')}</Table.Th>
              <Table.Th>{t('admin.users.roles')}</Table.Th>
              <Table.Th>{t('admin.users.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.items.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  {user.firstName} {user.lastName}
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{user.servicePartnerName ?? '—'}</Table.Td>
                <Table.Td>{roleText(user)}</Table.Td>
                <Table.Td>
                  <Badge color={user.isActive ? 'green' : 'gray'} variant="light">
                    {user.isActive ? t('admin.active') : t('admin.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(user)}
                    aria-label={`${t('admin.edit')} ${user.email}`}
                  >
                    {t('admin.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
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
