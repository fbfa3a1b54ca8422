import type { AdminDiscount, DiscountFormInput } from '@cocoa/shared-types';
import { saveListItem, useOwnerChange } from '../../api/owner-api';
import { adminDiscountsQueryOptions } from './discounts';

/** POST /api/admin/discounts or PUT …/{id}: the whole form. */
export const useSaveDiscount = () =>
  useOwnerChange({
    mutationFn: saveListItem<DiscountFormInput, AdminDiscount>('/api/admin/discounts'),
    done: (saved, { id }) => [
      id ? 'Discount saved' : 'Discount added',
      saved.active ? `${saved.code} can be used at the checkout.` : `${saved.code} is switched off.`,
    ],
    failed: ['Could not save the discount', 'Please try again.'],
    refresh: (client) => client.invalidateQueries({ queryKey: adminDiscountsQueryOptions.queryKey }),
  });
