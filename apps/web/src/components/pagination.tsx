import { Pagination as MantinePagination } from '@mantine/core';
import type { PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The app's one pager (issue 18): every arrow control has a translated name, so a screen reader
 * never meets an unnamed button (page numbers are named by their digits; Mantine marks the current
 * one aria-current="page"). ESLint forbids importing Mantine's Pagination anywhere else.
 */
export function Pagination(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <MantinePagination
      getControlProps={(control) => ({
        'aria-label': {
          first: t('a11y.pagination.first'),
          last: t('a11y.pagination.last'),
          previous: t('common.list.previous'),
          next: t('common.list.next'),
        }[control],
      })}
      {...props}
    />
  );
}
