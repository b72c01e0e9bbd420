/**
 * Date-time inputs in Eastern Time (docs/product.md §21.5): staff enter event and
 * publication times as New York readers see them. Kept apart from
 * time-format.ts, which every page loads, because only the staff console
 * needs it.
 */
const nyParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The New York wall-clock fields of an instant. */
function newYorkFields(instant: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  const parts = Object.fromEntries(nyParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a date-time input's value in Eastern Time ('2026-12-03T13:00'):
 * staff enter event and publication times as New York readers see them (docs/product.md §21.5).
 */
export function toEasternInputValue(instant: Date): string {
  const f = newYorkFields(instant);
  return `${f.year}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}`;
}

/**
 * The instant a date-time input's Eastern Time value names, or null when it
 * is not a date and time. A wall time skipped by the spring change is read
 * an hour later; one repeated in the autumn is read as its first occurrence.
 */
export function fromEasternInputValue(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // New York is 4 or 5 hours behind UTC: try the larger offset first so a repeated hour reads as its first occurrence.
  for (const offsetHours of [4, 5]) {
    const instant = new Date(wall + offsetHours * 3_600_000);
    const f = newYorkFields(instant);
    if (Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute) === wall) return instant;
  }
  // Skipped by the spring change: the same wall time an hour on.
  return new Date(wall + 4 * 3_600_000);
}
