import { Anchor, Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PartnerBrand as Brand } from '@service-portal/shared/partner-brand';

/** `tel:` wants the digits and a leading +, without the spaces people write. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Whose service this is, at the top of every page behind a customer's link (issue 31 item 13,
 * decision 077): the partner's logo (or name), and buttons to call or e-mail them.
 */
export function PartnerBrand({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const hasContact = brand.phone !== null || brand.email !== null;
  return (
    <Box component="header" pb="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap="xs">
        {brand.logoUrl ? (
          <Group gap="sm" wrap="nowrap">
            <Image
              src={brand.logoUrl}
              alt={t('partnerBrand.logo', { name: brand.name })}
              h={48}
              w="auto"
              maw={180}
              fit="contain"
            />
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('partnerBrand.serviceBy', { name: brand.name })}
            </Text>
          </Group>
        ) : (
          <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {brand.name}
          </Text>
        )}
        {hasContact && (
          <Group gap="xs" wrap="wrap">
            {brand.phone && (
              <Button
                component="a"
                href={telHref(brand.phone)}
                variant="light"
                size="sm"
                leftSection={<IconPhone size={16} aria-hidden="true" />}
                aria-label={t('partnerBrand.call', { phone: brand.phone })}
              >
                {brand.phone}
              </Button>
            )}
            {brand.email && (
              <Button
                component="a"
                href={`mailto:${brand.email}`}
                variant="light"
                size="sm"
                leftSection={<IconMail size={16} aria-hidden="true" />}
                aria-label={t('partnerBrand.email', { email: brand.email })}
                styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
                maw="100%"
              >
                {brand.email}
              </Button>
            )}
          </Group>
        )}
        {(brand.address || brand.website) && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {brand.address}
            {brand.address && brand.website && ' · '}
            {brand.website && (
              <Anchor href={brand.website} target="_blank" rel="noopener noreferrer" size="sm">
                {brand.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </Anchor>
            )}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
