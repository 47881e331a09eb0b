import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSchema } from '@service-portal/shared/products';
import type { PartnerProductInput, Product } from '@service-portal/shared/products';
import { apiClient } from '../../../lib/api-client.ts';
import { productQueryOptions } from './get-product.ts';
import { productListKey } from './list-products.ts';

/** PATCH /products/:id/partner: the partner's own fields (active, notes, service interval). */
export async function savePartnerProduct(input: { id: string } & PartnerProductInput): Promise<Product> {
  const { id, ...body } = input;
  const response = await apiClient.patch<unknown>(`/products/${id}/partner`, body);
  return productSchema.parse(response.data);
}

export function useSavePartnerProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePartnerProduct,
    onSuccess: (product) => queryClient.setQueryData(productQueryOptions(product.id).queryKey, product),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productListKey }),
  });
}
