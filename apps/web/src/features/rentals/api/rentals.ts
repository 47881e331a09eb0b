import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  rentalCalendarSchema,
  rentalDashboardSchema,
  rentalListResponseSchema,
  rentalSchema,
  type Rental,
  type RentalCondition,
  type RentalCreateInput,
  type RentalSort,
  type RentalStatus,
} from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './rental-products.ts';

export interface RentalListParams {
  page: number;
  pageSize: number;
  sort: RentalSort;
  status?: RentalStatus | 'open' | undefined;
  search?: string;
}

export async function listRentals(params: RentalListParams, signal?: AbortSignal) {
  const query: Record<string, string> = {
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
  };
  if (params.status) query.status = params.status;
  if (params.search) query.search = params.search;
  const response = await apiClient.get<unknown>('/rentals', { params: query, signal });
  return rentalListResponseSchema.parse(response.data);
}

export function useRentals(params: RentalListParams) {
  return useQuery({
    queryKey: [...RENTALS_KEY, 'list', params],
    queryFn: ({ signal }) => listRentals(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRentalDashboard() {
  return useQuery({
    queryKey: [...RENTALS_KEY, 'dashboard'],
    queryFn: async ({ signal }) =>
      rentalDashboardSchema.parse((await apiClient.get<unknown>('/rentals/dashboard', { signal })).data),
  });
}

export function useRentalCalendar(from: string, to: string) {
  return useQuery({
    queryKey: [...RENTALS_KEY, 'calendar', from, to],
    queryFn: async ({ signal }) =>
      rentalCalendarSchema.parse(
        (await apiClient.get<unknown>('/rentals/calendar', { params: { from, to }, signal })).data,
      ),
    placeholderData: keepPreviousData,
  });
}

function useRentalMutation<I>(send: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I): Promise<Rental> => rentalSchema.parse(await send(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}

/** POST /rentals (from today) or POST /rentals/bookings (future dates). */
export function useCreateRental() {
  return useRentalMutation(async (input: { kind: 'rental' | 'booking'; body: RentalCreateInput }) => {
    const url = input.kind === 'rental' ? '/rentals' : '/rentals/bookings';
    return (await apiClient.post<unknown>(url, input.body)).data;
  });
}

export function useReturnRental() {
  return useRentalMutation(
    async (input: {
      id: string;
      returnedDate: string;
      condition: RentalCondition;
      notes: string;
      version: number;
    }) =>
      (
        await apiClient.post<unknown>(`/rentals/${input.id}/return`, {
          returnedDate: input.returnedDate,
          condition: input.condition,
          notes: input.notes,
          version: input.version,
        })
      ).data,
  );
}

export function usePickupBooking() {
  return useRentalMutation(
    async (input: { id: string; version: number }) =>
      (await apiClient.post<unknown>(`/rentals/${input.id}/pickup`, { version: input.version })).data,
  );
}

export function useCancelRental() {
  return useRentalMutation(
    async (input: { id: string; version: number }) =>
      (await apiClient.post<unknown>(`/rentals/${input.id}/cancel`, { version: input.version })).data,
  );
}
