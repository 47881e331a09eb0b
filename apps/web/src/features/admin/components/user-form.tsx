import { useState } from 'react';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ADMIN_MESSAGES, adminUserCreateSchema, adminUserUpdateSchema } from '@service-portal/shared/admin';
import type { AdminServicePartner, AdminUser } from '@service-portal/shared/admin';
import { ROLES } from '@service-portal/shared/auth';
import type { Role } from '@service-portal/shared/auth';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { problemErrors, schemaErrors, translateFormError } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import { useSaveAdminUser } from '../api/users.ts';

const OWN_MESSAGES: Record<string, 'admin.users.partnerRequired' | 'admin.users.emailTaken'> = {
  [ADMIN_MESSAGES.partnerRequired]: 'admin.users.partnerRequired',
  [ADMIN_MESSAGES.emailTaken]: 'admin.users.emailTaken',
};

/** Invite (no `user`) or edit a user: name, partner, roles, active and global-admin flags. */
export function UserForm({
  user,
  partners,
  onDone,
}: {
  user: AdminUser | null;
  partners: AdminServicePartner[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(user?.email ?? '');
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [servicePartnerId, setServicePartnerId] = useState<string | null>(user?.servicePartnerId ?? null);
  const [roles, setRoles] = useState<Role[]>(user?.roles ?? []);
  const [isActive, setIsActive] = useState(user?.isActive ?? true);
  const [isGlobalAdmin, setIsGlobalAdmin] = useState(user?.isGlobalAdmin ?? false);
  const [errors, setErrors] = useState<FormErrorMap>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAdminUser();
  const error = (field: string) => {
    const message = errors[field];
    const own = message === undefined ? undefined : OWN_MESSAGES[message];
    return own ? t(own) : translateFormError(t, message);
  };

  const submit = () => {
    const common = { firstName, lastName, servicePartnerId, roles, isActive, isGlobalAdmin };
    const found =
      user === null
        ? schemaErrors(adminUserCreateSchema, { email, ...common })
        : schemaErrors(adminUserUpdateSchema, { ...common, version: user.version });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      user === null
        ? { body: { email, ...common } }
        : { id: user.id, body: { ...common, version: user.version } },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t(user === null ? 'admin.users.invited' : 'success.saved'),
          });
          onDone();
        },
        onError: (e) => {
          const api = toApiFailure(e);
          if (api.kind === 'http' && api.status === 400 && api.problem?.errors?.length) {
            setErrors(problemErrors(api.problem.errors));
            return;
          }
          if (
            api.kind === 'http' &&
            api.status === 409 &&
            api.problem?.detail === ADMIN_MESSAGES.emailTaken
          ) {
            setErrors({ email: ADMIN_MESSAGES.emailTaken });
            return;
          }
          setFailure(formatMessage(t, apiErrorMessage(e, 'admin.users.saveFailed')));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label={t('admin.users.email')}
          type="email"
          required
          disabled={user !== null}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('admin.users.firstName')}
            required
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
            error={error('firstName')}
          />
          <TextInput
            label={t('admin.users.lastName')}
            required
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
            error={error('lastName')}
          />
        </SimpleGrid>
        <Select
          label={t('admin.users.partner')}
          data={partners.map((partner) => ({ value: partner.id, label: partner.name }))}
          value={servicePartnerId}
          onChange={setServicePartnerId}
          clearable
          searchable
          error={error('servicePartnerId')}
        />
        <Checkbox.Group label={t('admin.users.roles')} value={roles} onChange={(value) => setRoles(value)}>
          <Group mt={4}>
            {ROLES.map((role) => (
              <Checkbox key={role} value={role} label={t(`admin.roles.${role}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox
          label={t('admin.users.active')}
          checked={isActive}
          onChange={(e) => setIsActive(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('admin.users.globalAdmin')}
          checked={isGlobalAdmin}
          onChange={(e) => setIsGlobalAdmin(e.currentTarget.checked)}
        />
        {failure !== null && <Text c="red">{failure}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {user === null ? t('admin.users.invite') : t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
