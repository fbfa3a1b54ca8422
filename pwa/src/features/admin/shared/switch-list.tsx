import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { AddButton, AdminCard } from './admin-card';
import { QueryState } from './query-state';

/**
 * A card of things the owner keeps and edits one by one (booking packages, discount codes): a head
 * with its Add button, then each thing's name (with `offBadge` while switched off), its details, a
 * switch to turn it on or off, Edit and any more buttons; or `empty` when there are none. The editor
 * opens on a thing (Edit) or on nothing (Add); `children` follow the list.
 */
export function SwitchList<T extends { id: number; active: boolean }>({
  titleId,
  title,
  addLabel,
  query,
  failed,
  empty,
  nameOf,
  offBadge,
  metaOf,
  switchLabel,
  switching,
  onSwitch,
  moreActions,
  editor,
  children,
}: {
  titleId: string;
  title: string;
  addLabel: string;
  query: UseQueryResult<T[]>;
  failed: string;
  empty: string;
  nameOf: (item: T) => string;
  offBadge: string;
  metaOf: (item: T) => ReactNode;
  switchLabel: string;
  switching: boolean;
  onSwitch: (item: T, active: boolean) => void;
  moreActions?: (item: T) => ReactNode;
  editor: (item: T | null, close: () => void) => ReactNode;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return (
    <AdminCard titleId={titleId} title={title} actions={<AddButton label={addLabel} onAdd={() => setEditing('new')} />}>
      <QueryState query={query} failed={failed}>
        {(list) =>
          list.length === 0 ? (
            <p className="empty-state">{empty}</p>
          ) : (
            <ul className="admin-rows">
              {list.map((item) => (
                <li key={item.id} className="admin-row">
                  <div className="admin-row__main">
                    <p className="admin-row__title">
                      {nameOf(item)} {!item.active && <span className="badge badge--off">{offBadge}</span>}
                    </p>
                    <p className="admin-row__meta muted">{metaOf(item)}</p>
                  </div>
                  <div className="admin-row__actions">
                    <label className="admin-switch">
                      <input type="checkbox" checked={item.active} disabled={switching} onChange={(e) => onSwitch(item, e.target.checked)} />
                      <span className="visually-hidden">{nameOf(item)} </span>
                      {switchLabel}
                    </label>
                    <button type="button" className="btn btn--outline btn--small-touch" onClick={() => setEditing(item)} aria-label={`Edit ${nameOf(item)}`}>
                      Edit
                    </button>
                    {moreActions?.(item)}
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {children}
      {editing && editor(editing === 'new' ? null : editing, () => setEditing(null))}
    </AdminCard>
  );
}
