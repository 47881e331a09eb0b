/** Every alerts query key starts with this; writes invalidate below it. */
export const alertsKey = ['alerts'] as const;
export const alertsUnreadKey = [...alertsKey, 'unread-count'] as const;
export const alertsListKey = [...alertsKey, 'list'] as const;
export const alertSettingsKey = ['alert-settings'] as const;
