import { CustomerPicker } from '../features/customers/components/customer-picker.tsx';
import type { CustomerPickerSlot } from '../features/rentals/components/rental-form.tsx';

/** The rental form's customer comes from the customers feature, through its own list API. */
export const customerPicker: CustomerPickerSlot = (props) => <CustomerPicker {...props} />;
