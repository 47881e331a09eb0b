import { Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { $ZodType } from 'zod/v4/core';
import { ADMIN_MESSAGES, adminUserCreateSchema, adminUserUpdateSchema } from '@service-portal/shared/admin';
import type { AdminServicePartner, AdminUser } from '@service-portal/shared/admin';
import { ROLES } from '@service-portal/shared/auth';
import type { Role } from '@service-portal/shared/auth';
import { FormActions } from '../../../components/form-actions.tsx';
import { translateFormError } from '../../../lib/form-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSaveAdminUser } from '../api/users.ts';
import { LazySelect } from '../../../components/lazy-combobox.tsx';

/** The admin schema's own message, which the shared validation texts do not have. */
function translate(t: TFunction, error: string) {
  return error === ADMIN_MESSAGES.partnerRequired
    ? t('admin.users.partnerRequired')
    : translateFormError(t, error);
}

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
  const save = useSaveAdminUser();
  const form = useSchemaForm({
    initialValues: {
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      servicePartnerId: user?.servicePartnerId ?? null,
      roles: user?.roles ?? ([] as Role[]),
      isActive: user?.isActive ?? true,
      isGlobalAdmin: user?.isGlobalAdmin ?? false,
    },
    // One form for two schemas: without the cast TypeScript cannot pick the payload type of the union
    // (the lint rule judges the generic receiver and disagrees).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    schema: (user === null ? adminUserCreateSchema : adminUserUpdateSchema) as $ZodType,
    toPayload: ({ email, ...common }) =>
      user === null ? { email, ...common } : { ...common, version: user.version },
    fallback: 'admin.users.saveFailed',
    subject: 'user',
    translate,
  });

  const submit = form.submit((_payload, { email, ...common }) =>
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
        onError: form.fail,
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('admin.users.email')}
          type="email"
          required
          disabled={user !== null}
          {...form.getInputProps('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('admin.users.firstName')} required {...form.getInputProps('firstName')} />
          <TextInput label={t('admin.users.lastName')} required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        {/* Mantine's Combobox loads on first use (decision 038). */}
        <LazySelect
          label={t('admin.users.partner')}
          data={partners.map((partner) => ({ value: partner.id, label: partner.name }))}
          clearable
          searchable
          {...form.getInputProps('servicePartnerId')}
        />
        <Checkbox.Group label={t('admin.users.roles')} {...form.getInputProps('roles')}>
          <Group mt={4}>
            {ROLES.map((role) => (
              <Checkbox key={role} value={role} label={t(`admin.roles.${role}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox label={t('admin.users.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Checkbox
          label={t('admin.users.globalAdmin')}
          {...form.getInputProps('isGlobalAdmin', { type: 'checkbox' })}
        />
        <FormActions
          failure={form.failure}
          submitLabel={user === null ? t('admin.users.invite') : t('admin.save')}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
