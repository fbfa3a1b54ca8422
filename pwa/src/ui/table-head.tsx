/**
 * A table's header row: one column header (`scope="col"`) a name. A column named '' is the row's
 * actions: its header says so to a screen reader only.
 */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((name) => (
          <th key={name || 'actions'} scope="col">
            {name || <span className="visually-hidden">Actions</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}
