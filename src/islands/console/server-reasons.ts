/**
 * The console API names the field a refusal is about by its key
 * ('company_symbol: company_symbol must be a ticker such as ABCD'), which
 * suits API clients; the console says the same in the words of its form
 * ('Company symbol must be a ticker such as ABCD').
 */

/** A form's labels by field key. */
export type FieldLabels = Readonly<Record<string, string>>;

/** The labels of a form's fields. */
export const labelsOf = (fields: readonly { key: string; label: string }[]): FieldLabels =>
  Object.fromEntries(fields.map((field) => [field.key, field.label]));

/** A key no form shows, in words: 'assignedSpecialistId' → 'Assigned specialist id'. */
function inWords(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The server's reasons with every field named as the form labels it. */
export function inPlainWords(message: string, labels: FieldLabels): string {
  return message
    .split('; ')
    .map((part) => {
      const found = /^([A-Za-z_][\w]*)(?:\.[\w.]+)?: ([\s\S]*)$/.exec(part);
      if (!found) return part;
      const [, key, reason] = found as unknown as [string, string, string];
      const label = labels[key] ?? inWords(key);
      const rest = reason.startsWith(`${key} `) ? reason.slice(key.length + 1) : reason;
      return /^(?:is|are|must|should|has|was|needs)\b/.test(rest) ? `${label} ${rest}` : `${label}: ${rest}`;
    })
    .join('; ');
}
