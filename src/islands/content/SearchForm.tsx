/** 'Search News': a search box and its button; clearing the box is reported as a search for nothing. */
import { useId, useState } from 'react';

interface SearchFormProps {
  onSearch: (text: string) => void;
  busy?: boolean;
}

export default function SearchForm({ onSearch, busy = false }: SearchFormProps) {
  const [draft, setDraft] = useState('');
  const id = useId();
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search News
      </label>
      <input
        id={id}
        type="search"
        className="input min-w-0 flex-1"
        placeholder="Search News"
        maxLength={200}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (!event.target.value.trim()) onSearch('');
        }}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Searching…' : 'Search'}
      </button>
    </form>
  );
}
