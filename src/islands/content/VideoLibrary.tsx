/**
 * The video library (docs/product.md §11.1): 'Search Media' filters the loaded videos by
 * name; sector chips come from the server's SIC codes through the industry
 * lookup; more videos load on scroll, 12 at a time, until the total is
 * reached. Any filter change starts again from page 1.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { api } from '../api-client.ts';
import {
  UNKNOWN_DATE,
  VIDEO_DESCRIPTION_CHARS,
  VIDEO_PAGE_SIZE,
  cutText,
  videoCover,
  videoThumbnail,
} from '../../lib/content.ts';
import { formatNewYorkDate } from '../../lib/time-format.ts';
import { industryFor } from '../../lib/industries.ts';
import ChipRow from './ChipRow.tsx';
import { useLoadMore } from './useLoadMore.ts';
import FallbackImage from './FallbackImage.tsx';
import FavoriteToggle from './FavoriteToggle.tsx';
import type { VideoRecord } from '../../lib/content-records.ts';

/** What a video card shows of a video. */
export type VideoCardItem = Pick<
  VideoRecord,
  'id' | 'name' | 'description' | 'youtubeId' | 'thumbnail_url' | 'type' | 'published' | 'company_symbol'
>;

const NO_VIDEOS = 'No videos available. Try searching or selecting a different category.';
const ALL = 'All';

/** Sector name → the SIC codes with videos in it. */
export function sectorChips(codes: readonly number[]): Map<string, number[]> {
  const chips = new Map<string, number[]>();
  for (const code of codes) {
    const sector = industryFor(code)?.sector;
    if (!sector) continue;
    chips.set(sector, [...(chips.get(sector) ?? []), code]);
  }
  return new Map([...chips].sort(([a], [b]) => a.localeCompare(b)));
}

/** A video card; `summary` replaces the description cut to 100 characters (the favorites list cuts to 30 words). */
export function VideoCard({ video, summary }: { video: VideoCardItem; summary?: string }) {
  return (
    <li className="card flex flex-col overflow-hidden" data-testid="video-card">
      <a href={`/video/${video.id}`} className="group flex flex-1 flex-col">
        <FallbackImage
          src={videoThumbnail(video)}
          fallback={videoCover(video)}
          width="480"
          height="270"
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
        <span className="flex flex-1 flex-col gap-1 p-3">
          <span className="leading-snug font-bold group-hover:underline">{video.name}</span>
          <span className="text-sm text-muted">{summary ?? cutText(video.description, VIDEO_DESCRIPTION_CHARS)}</span>
        </span>
      </a>
      <div className="flex items-center gap-2 px-3 pb-3 text-xs text-muted">
        <span className="font-semibold text-fg">{video.type}</span>
        <span>{video.published ? formatNewYorkDate(new Date(video.published)) : UNKNOWN_DATE}</span>
        <span className="ml-auto">
          <FavoriteToggle kind="video" id={video.id} label={video.name} />
        </span>
      </div>
    </li>
  );
}

export default function VideoLibrary({
  initial,
  total: initialTotal,
  codes,
}: {
  initial: VideoCardItem[];
  total: number;
  codes: number[];
}) {
  const chips = useMemo(() => sectorChips(codes), [codes]);
  const [sector, setSector] = useState(ALL);
  const [search, setSearch] = useState('');
  const [videos, setVideos] = useState(initial);
  const [total, setTotal] = useState(initialTotal);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const generation = useRef(0);

  const load = useCallback(
    async (chip: string, nextPage: number) => {
      const mine = ++generation.current;
      setLoading(true);
      setFailed(false);
      const params = new URLSearchParams({ page: String(nextPage), limit: String(VIDEO_PAGE_SIZE) });
      const wanted = chips.get(chip);
      if (wanted) params.set('sic_code', wanted.join(','));
      try {
        const body = await api.get(`videos/all?${params}`).json<{ data: VideoCardItem[]; total: number }>();
        if (mine !== generation.current) return;
        setVideos((current) => (nextPage === 1 ? body.data : [...current, ...body.data]));
        setTotal(body.total);
        setPage(nextPage);
      } catch {
        if (mine === generation.current) setFailed(true);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [chips],
  );

  const more = videos.length < total;
  useLoadMore(
    sentinel,
    more && !loading && !failed,
    useCallback(() => void load(sector, page + 1), [load, sector, page]),
  );

  const needle = search.trim().toLowerCase();
  const shown = needle ? videos.filter((v) => v.name.toLowerCase().includes(needle)) : videos;
  return (
    <div className="flex flex-col gap-5">
      <label htmlFor="media-search" className="sr-only">
        Search Media
      </label>
      <input
        id="media-search"
        type="search"
        className="input w-full"
        placeholder="Search Media"
        maxLength={200}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ChipRow
        label="Sectors"
        chips={[ALL, ...chips.keys()]}
        selected={sector}
        onSelect={(chip) => {
          setSector(chip);
          setVideos([]);
          setTotal(0);
          void load(chip, 1);
        }}
      />
      {shown.length === 0 && !loading ? (
        <p className="py-10 text-center text-muted" data-testid="no-videos">
          {failed ? 'Could not load videos. Please try again.' : NO_VIDEOS}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {shown.map((video) => (
            <VideoCard key={video.id} video={video} />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="py-3 text-center text-sm text-muted" aria-live="polite">
        {loading && 'Loading…'}
        {failed && shown.length > 0 && (
          <button type="button" className="btn-secondary" onClick={() => void load(sector, page + 1)}>
            Could not load more videos. Try again
          </button>
        )}
      </div>
    </div>
  );
}
