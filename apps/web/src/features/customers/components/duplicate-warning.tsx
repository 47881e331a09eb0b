import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Customer } from '@service-portal/shared/customers';
import { LIMITS } from '@service-portal/shared/limits';
import { useDuplicateCustomerQuery } from '../api/find-duplicates.ts';

/**
 * Other customers of the partner with the e-mail or the phone number as typed, compared by the
 * server's phone rules ("+47 912 34 567" is "91234567"): a warning before saving (the server refuses
 * a second customer with one e-mail; a shared phone is allowed, but rarely meant).
 */
export function useDuplicateCustomers(email: string, phone: string, exceptId?: string): Customer[] {
  const [typedEmail] = useDebouncedValue(email.trim().toLowerCase(), LIMITS.searchDebounceMs);
  const [typedPhone] = useDebouncedValue(phone.trim(), LIMITS.searchDebounceMs);
  const emailReady = typedEmail.includes('@');
  const phoneReady = typedPhone.replace(/\D/g, '').length >= 6;
  const query = useDuplicateCustomerQuery(
    { email: emailReady ? typedEmail : '', phone: phoneReady ? typedPhone : '', exceptId },
    emailReady || phoneReady,
  );
  return emailReady || phoneReady ? (query.data ?? []) : [];
}

/** The warning itself, with a link to open each customer it names. */
export function DuplicateWarning({ duplicates }: { duplicates: Customer[] }) {
  const { t } = useTranslation();
  if (duplicates.length === 0) return null;
  return (
    <Alert color="yellow" title={t('customers.create.duplicateTitle', { count: duplicates.length })}>
      <Stack gap={4}>
        <Text size="sm">{t('customers.create.duplicateText')}</Text>
        {duplicates.map((c) => (
          <Anchor key={c.id} component={Link} to={`/customers/${c.id}`} size="sm">
            {t('customers.create.openDuplicate', {
              customer: [c.name, c.email, c.phone].filter(Boolean).join(' · '),
            })}
          </Anchor>
        ))}
      </Stack>
    </Alert>
  );
}
