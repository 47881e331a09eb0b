/** The customer edit form's name for a kept draft (lib/form-drafts.ts); the page opens the form for it. */
export const EDIT_FORM = 'customers.edit';
