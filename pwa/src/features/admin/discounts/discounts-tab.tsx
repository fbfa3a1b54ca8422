import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { type AdminDiscount, type DiscountFormInput, discountFormSchema, discountLabel, formatLongDate } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { describedBy, Field } from '../../../ui/field';
import { errorToast } from '../../../ui/toast-store';
import { ConfirmDialog } from '../shared/dialog';
import { EditorDialog } from '../shared/editor-dialog';
import { SwitchList } from '../shared/switch-list';
import { numberOf, useSchemaForm } from '../shared/schema-resolver';
import { useDeleteDiscount } from './api/delete-discount';
import { useAdminDiscounts } from './api/discounts';
import { useSaveDiscount } from './api/save-discount';
import { useSwitchDiscount } from './api/switch-discount';

export interface DiscountFormValues {
  code: string;
  kind: 'amount' | 'percent';
  value: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  onePerCustomer: boolean;
  active: boolean;
}

function formValues(d: AdminDiscount | null): DiscountFormValues {
  return {
    code: d?.code ?? '',
    kind: d?.kind ?? 'percent',
    value: d ? (d.kind === 'amount' ? d.value.toFixed(2) : String(d.value)) : '',
    startsOn: d?.startsOn ?? '',
    endsOn: d?.endsOn ?? '',
    usageLimit: d?.usageLimit ? String(d.usageLimit) : '',
    onePerCustomer: d?.onePerCustomer ?? true,
    active: d?.active ?? true,
  };
}

/** The form's text as the call's body (the shared schema checks it, here and on the server). */
export function discountPayload(v: DiscountFormValues): DiscountFormInput {
  return {
    code: v.code,
    kind: v.kind,
    value: numberOf(v.value.replace(/^\$/, '')),
    startsOn: v.startsOn || null,
    endsOn: v.endsOn || null,
    usageLimit: v.usageLimit.trim() === '' ? null : numberOf(v.usageLimit),
    onePerCustomer: v.onePerCustomer,
    active: v.active,
  };
}

/** Add or edit a code: what it takes off, the days it works (the shop's days), how often it may be used. */
function DiscountDialog({ discount, onClose }: { discount: AdminDiscount | null; onClose: () => void }) {
  const save = useSaveDiscount();
  const { register, handleSubmit, control, error } = useSchemaForm<DiscountFormValues>(formValues(discount), discountFormSchema, discountPayload);
  const kind = useWatch({ control, name: 'kind' });
  const submit = handleSubmit((values) => save.mutate({ id: discount?.id, body: discountPayload(values) }, { onSuccess: onClose }));
  const id = (name: string) => `discount-${name}`;
  return (
    <EditorDialog
      title={discount ? `Edit ${discount.code}` : 'Add a discount code'}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={submit}
      confirmLabel={discount ? 'Save Changes' : 'Add discount'}
    >
      <Field id={id('code')} label="Code" error={error('code')}>
        <input autoCapitalize="characters" autoComplete="off" spellCheck={false} {...describedBy(id('code'), error('code'))} {...register('code')} />
      </Field>
      <p className="muted">3 to 32 letters, digits or dashes; customers may type it in any case.</p>
      <fieldset className="field">
        <legend>Takes off</legend>
        <label className="admin-switch">
          <input type="radio" value="percent" {...register('kind')} />A percentage of the subtotal
        </label>
        <label className="admin-switch">
          <input type="radio" value="amount" {...register('kind')} />
          An amount
        </label>
      </fieldset>
      <Field id={id('value')} label={kind === 'amount' ? 'Amount ($)' : 'Percentage (%)'} error={error('value')}>
        <input inputMode="decimal" {...describedBy(id('value'), error('value'))} {...register('value')} />
      </Field>
      <div className="field-row">
        <Field id={id('start')} label="Start" error={error('startsOn')}>
          <input type="date" {...describedBy(id('start'), error('startsOn'))} {...register('startsOn')} />
        </Field>
        <Field id={id('end')} label="End" error={error('endsOn')}>
          <input type="date" {...describedBy(id('end'), error('endsOn'))} {...register('endsOn')} />
        </Field>
        <Field id={id('limit')} label="Usage limit" error={error('usageLimit')}>
          <input inputMode="numeric" placeholder="Unlimited" {...describedBy(id('limit'), error('usageLimit'))} {...register('usageLimit')} />
        </Field>
      </div>
      <p className="muted">Days are the shop’s: the code works from the start of Start to the end of End. Leave a box empty for no bound.</p>
      <label className="admin-switch">
        <input type="checkbox" {...register('onePerCustomer')} />
        One per customer (an account, or a guest’s e-mail address)
      </label>
      <label className="admin-switch">
        <input type="checkbox" {...register('active')} />
        Switched on
      </label>
    </EditorDialog>
  );
}

/** A stored day 'YYYY-MM-DD' as words: read and written as UTC, so it is that very day wherever the tablet is. */
const dayText = (day: string | null) => formatLongDate(day, 'UTC');

const daysOf = (d: AdminDiscount) => {
  if (!d.startsOn && !d.endsOn) return 'any day';
  if (!d.endsOn) return `from ${dayText(d.startsOn)}`;
  if (!d.startsOn) return `until ${dayText(d.endsOn)}`;
  return `${dayText(d.startsOn)} – ${dayText(d.endsOn)}`;
};

/** Admin → Discounts: the codes with their uses; add, edit, switch off, delete while never used. */
export function DiscountsTab() {
  const discounts = useAdminDiscounts();
  const switcher = useSwitchDiscount();
  const remove = useDeleteDiscount();
  const [deleting, setDeleting] = useState<AdminDiscount | null>(null);
  return (
    <SwitchList
      titleId="discounts-title"
      title="Discount codes"
      addLabel="Add discount"
      query={discounts}
      failed="Failed to load the discount codes. Please try again."
      empty="No discount codes yet. Add one, then give it to your customers: they type it at the checkout."
      nameOf={(d) => d.code}
      offBadge="Off"
      metaOf={(d) => (
        <>
          {discountLabel(d)} · {daysOf(d)} · used {d.uses}
          {d.usageLimit ? ` of ${d.usageLimit}` : ''} · {d.onePerCustomer ? 'one per customer' : 'no limit per customer'}
        </>
      )}
      switchLabel="On"
      switching={switcher.isPending}
      onSwitch={(d, active) =>
        switcher.mutate({ id: d.id, active }, { onError: (err) => errorToast('Could not switch the code', messageOf(err, 'Please try again.')) })
      }
      moreActions={(d) =>
        d.uses === 0 && (
          <button type="button" className="btn btn--outline btn--small-touch" onClick={() => setDeleting(d)} aria-label={`Delete ${d.code}`}>
            Delete
          </button>
        )
      }
      editor={(discount, close) => <DiscountDialog discount={discount} onClose={close} />}
    >
      <p className="muted">A code that has been used cannot be deleted: switch it off instead, and its orders keep it.</p>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.code}?`}
          message="The code will be gone: customers who type it are told it is unknown."
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(
              { id: deleting.id, code: deleting.code },
              {
                onSuccess: () => setDeleting(null),
                onError: (e) => errorToast('Could not delete the code', messageOf(e, 'Please try again.')),
              },
            )
          }
        />
      )}
    </SwitchList>
  );
}
