/** A select's options: one per value, in order, each showing its label from the table. */
export function LabelledOptions<T extends string>({ values, labels }: { values: readonly T[]; labels: Readonly<Record<T, string>> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
