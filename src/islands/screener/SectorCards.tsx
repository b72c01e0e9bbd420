/**
 * The nine sector cards (docs/product.md §7.5, §22.2): choosing a card narrows the screen
 * to its SIC ranges, its dropdown to one sub-sector from the industry lookup.
 */
import { useStore } from '@nanostores/react';
import { subSectors, SECTOR_CARDS } from '../../lib/sectors.ts';
import { $screen, selectIndustry, selectSector } from '../../stores/screener.ts';
import { formatCount } from '../../lib/format.ts';

export interface SectorSummary {
  id: string;
  name: string;
  companies: number;
}

const SUB_SECTORS = new Map(SECTOR_CARDS.map((card) => [card.id, subSectors(card)]));

export default function SectorCards({ sectors }: { sectors: SectorSummary[] }) {
  // Hydrate as the server rendered (no card chosen), then show the restored screen.
  const screen = useStore($screen, { ssr: 'initial' });
  return (
    <ul
      className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3"
      aria-label="Sectors"
    >
      {sectors.map((sector) => {
        const selected = screen.sector === sector.id;
        const selectId = `sub-sector-${sector.id}`;
        return (
          <li
            key={sector.id}
            className={`card relative flex w-64 flex-none snap-start flex-col gap-2 p-3 transition-colors sm:w-auto ${selected ? 'border-primary! bg-primary/10' : ''}`}
            data-testid="sector-card"
          >
            <button
              type="button"
              className="flex items-baseline justify-between gap-2 text-left"
              aria-pressed={selected}
              onClick={() => selectSector(sector.id)}
            >
              <span className="font-bold">{sector.name}</span>
              <span className="text-sm whitespace-nowrap text-muted">{formatCount(sector.companies)} companies</span>
            </button>
            <label htmlFor={selectId} className="sr-only">
              {sector.name} sub-sector
            </label>
            <select
              id={selectId}
              className="input py-1.5! text-sm"
              value={selected ? (screen.industry ?? '') : ''}
              onChange={(event) => selectIndustry(sector.id, event.target.value || null)}
            >
              <option value="">All sub-sectors</option>
              {(SUB_SECTORS.get(sector.id) ?? []).map((industry) => (
                <option key={industry.code} value={String(industry.code)}>
                  {industry.description}
                </option>
              ))}
            </select>
          </li>
        );
      })}
    </ul>
  );
}
