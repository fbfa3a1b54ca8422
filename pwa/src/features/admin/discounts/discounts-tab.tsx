import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type AdminDiscount, type DiscountFormInput, discountFormSchema, discountLabel, formatLongDate } from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { describedBy, Field } from '../../../ui/field';
import { errorToast } from '../../../ui/toast-store';
import { ConfirmDialog, FormDialog } from '../shared/dialog';
import { QueryState } from '../shared/query-state';
import { numberOf, schemaResolver } from '../shared/schema-resolver';
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
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<DiscountFormValues>({
    defaultValues: formValues(discount),
    resolver: schemaResolver<DiscountFormValues>(discountFormSchema, discountPayload),
  });
  const error = (name: keyof DiscountFormValues) => errors[name]?.message;
  const kind = useWatch({ control, name: 'kind' });
  const submit = handleSubmit((values) =>
    save.mutate(
      { id: discount?.id, body: discountPayload(values) },
      { onSuccess: onClose, onError: (e) => errorToast('Could not save the discount', messageOf(e, 'Please try again.')) },
    ),
  );
  const id = (name: string) => `discount-${name}`;
  return (
    <FormDialog
      title={discount ? `Edit ${discount.code}` : 'Add a discount code'}
      onClose={onClose}
      wide
      busy={save.isPending}
      formClassName="form"
      onSubmit={submit}
      actions={{ confirmLabel: discount ? 'Save Changes' : 'Add discount', busyLabel: 'Saving...', footer: true }}
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
    </FormDialog>
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
  const [editing, setEditing] = useState<AdminDiscount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminDiscount | null>(null);
  return (
    <section className="card admin-card" aria-labelledby="discounts-title">
      <div className="admin-card__head">
        <h2 id="discounts-title">Discount codes</h2>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          Add discount
        </button>
      </div>
      <QueryState query={discounts} failed="Failed to load the discount codes. Please try again.">
        {(list) =>
          list.length === 0 ? (
            <p className="empty-state">No discount codes yet. Add one, then give it to your customers: they type it at the checkout.</p>
          ) : (
            <ul className="admin-rows">
              {list.map((d) => (
                <li key={d.id} className="admin-row">
                  <div className="admin-row__main">
                    <p className="admin-row__title">
                      {d.code} {!d.active && <span className="badge badge--off">Off</span>}
                    </p>
                    <p className="admin-row__meta muted">
                      {discountLabel(d)} · {daysOf(d)} · used {d.uses}
                      {d.usageLimit ? ` of ${d.usageLimit}` : ''} · {d.onePerCustomer ? 'one per customer' : 'no limit per customer'}
                    </p>
                  </div>
                  <div className="admin-row__actions">
                    <label className="admin-switch">
                      <input
                        type="checkbox"
                        checked={d.active}
                        disabled={switcher.isPending}
                        onChange={(e) =>
                          switcher.mutate(
                            { id: d.id, active: e.target.checked },
                            { onError: (err) => errorToast('Could not switch the code', messageOf(err, 'Please try again.')) },
                          )
                        }
                      />
                      <span className="visually-hidden">{d.code} </span>On
                    </label>
                    <button type="button" className="btn btn--outline btn--small-touch" onClick={() => setEditing(d)} aria-label={`Edit ${d.code}`}>
                      Edit
                    </button>
                    {d.uses === 0 && (
                      <button type="button" className="btn btn--outline btn--small-touch" onClick={() => setDeleting(d)} aria-label={`Delete ${d.code}`}>
                        Delete
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <p className="muted">A code that has been used cannot be deleted: switch it off instead, and its orders keep it.</p>
      {editing && <DiscountDialog discount={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
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
    </section>
  );
}
