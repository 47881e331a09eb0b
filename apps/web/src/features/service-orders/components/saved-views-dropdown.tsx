import { useState } from 'react';
import { Alert, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useOpenedOnMount } from '../../../components/lazy-on-first-use.ts';
import { SavedViewsButton, type SavedViewsMenuProps } from './saved-views-menu.tsx';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OrderListView } from '@service-portal/shared/service-order-views';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import {
  useCreateOrderView,
  useDeleteOrderView,
  useOrderViews,
  useUpdateOrderView,
} from '../api/order-views.ts';

type Dialog =
  { kind: 'save' } | { kind: 'rename'; view: OrderListView } | { kind: 'delete'; view: OrderListView };

/**
 * The user's saved views of the order list (issue 31 item 9): open, save, rename, update, delete.
 * Loaded with the first use of its button (decision 034): Menu and Modal are not in the list's chunk.
 */
export function SavedViewsMenuWithDropdown({
  activeId,
  current,
  onOpen,
  onForget,
  openOnMount,
}: SavedViewsMenuProps & { openOnMount: boolean }) {
  const { t } = useTranslation();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  const views = useOrderViews();
  const create = useCreateOrderView();
  const update = useUpdateOrderView();
  const remove = useDeleteOrderView();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [name, setName] = useState('');
  const active = views.data?.find((v) => v.id === activeId);

  const open = (next: Dialog) => {
    create.reset();
    update.reset();
    remove.reset();
    setName(next.kind === 'rename' ? next.view.name : '');
    setDialog(next);
  };
  const close = () => setDialog(null);
  const failure = create.error ?? update.error ?? remove.error;

  const submit = async () => {
    if (dialog?.kind === 'save') {
      const view = await create.mutateAsync({ name, settings: current });
      onOpen(view);
    } else if (dialog?.kind === 'rename') {
      await update.mutateAsync({ id: dialog.view.id, name });
    } else if (dialog?.kind === 'delete') {
      await remove.mutateAsync(dialog.view.id);
      if (dialog.view.id === activeId) onForget();
    }
    close();
  };
  const busy = create.isPending || update.isPending || remove.isPending;

  return (
    <>
      <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
        <Menu.Target>
          <SavedViewsButton ref={targetRef} activeName={active?.name ?? null} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('serviceOrders.views.saved')}</Menu.Label>
          {views.isError && <Menu.Item disabled>{t('serviceOrders.views.loadFailed')}</Menu.Item>}
          {views.data?.length === 0 && <Menu.Item disabled>{t('serviceOrders.views.none')}</Menu.Item>}
          {views.data?.map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => onOpen(view)}
              rightSection={view.id === activeId ? <IconCheck size={14} aria-hidden="true" /> : null}
              aria-current={view.id === activeId ? 'true' : undefined}
            >
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => open({ kind: 'save' })}>{t('serviceOrders.views.saveAs')}</Menu.Item>
          {active && (
            <>
              <Menu.Item onClick={() => update.mutate({ id: active.id, settings: current })}>
                {t('serviceOrders.views.update', { name: active.name })}
              </Menu.Item>
              <Menu.Item onClick={() => open({ kind: 'rename', view: active })}>
                {t('serviceOrders.views.rename')}
              </Menu.Item>
              <Menu.Item color="red" onClick={() => open({ kind: 'delete', view: active })}>
                {t('serviceOrders.views.delete')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {update.isError && dialog === null && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => update.reset()}>
          {formatMessage(t, apiErrorMessage(update.error, 'serviceOrders.views.saveFailed'))}
        </Alert>
      )}
      <Modal
        opened={dialog !== null}
        onClose={close}
        centered
        title={
          dialog?.kind === 'delete'
            ? t('serviceOrders.views.deleteTitle')
            : dialog?.kind === 'rename'
              ? t('serviceOrders.views.renameTitle')
              : t('serviceOrders.views.saveTitle')
        }
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit().catch(() => undefined);
          }}
        >
          <Stack>
            {dialog?.kind === 'delete' ? (
              <Text>{t('serviceOrders.views.deleteConfirm', { name: dialog.view.name })}</Text>
            ) : (
              <TextInput
                label={t('serviceOrders.views.name')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={60}
                required
                data-autofocus
              />
            )}
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {formatMessage(t, apiErrorMessage(failure, 'serviceOrders.views.saveFailed'))}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={busy}
                color={dialog?.kind === 'delete' ? 'red' : undefined}
                disabled={dialog?.kind !== 'delete' && name.trim() === ''}
              >
                {dialog?.kind === 'delete' ? t('serviceOrders.views.delete') : t('serviceOrders.views.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
