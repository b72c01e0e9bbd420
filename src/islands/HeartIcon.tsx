/** The favorite heart (filled or outlined by the `.favorite-heart` styles). */
export default function HeartIcon({ size = 20 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.5 5c2 0 3.5 1.1 5.5 3 2-1.9 3.5-3 5.5-3C21 5 23 8.4 21.6 11.7 19.5 16.4 12 21 12 21z" />
    </svg>
  );
}
