/** Every query of the board starts with this key: a move or a change elsewhere refreshes them all. */
export const scheduleKey = ['schedule'] as const;
export const scheduleBoardsKey = [...scheduleKey, 'board'] as const;
export const unscheduledListsKey = [...scheduleKey, 'unscheduled'] as const;
