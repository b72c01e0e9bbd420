/** A scrolling row of toggle chips (sectors, dates): one pressed at a time. */
export interface ChipRowProps {
  label: string;
  chips: readonly string[];
  /** The pressed chip, or null for none. */
  selected: string | null;
  onSelect: (chip: string) => void;
}

export default function ChipRow({ label, chips, selected, onSelect }: ChipRowProps) {
  return (
    <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="group" aria-label={label}>
      {chips.map((chip) => (
        <button
          key={chip}
          type="button"
          aria-pressed={chip === selected}
          onClick={() => onSelect(chip)}
          className={`rounded-full border px-3 py-1.5 text-sm font-semibold whitespace-nowrap ${
            chip === selected ? 'chip-active' : 'border-line bg-surface hover:border-primary'
          }`}
        >
          {chip}
        </button>
      ))}
    </div>
  );
}
