import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Room kept between a panel and the edges of the screen, in pixels. */
const EDGE = 8;

/**
 * Moves an open panel sideways so it lies within the viewport: a panel
 * aligned to a button near the screen's edge would otherwise open partly
 * off-screen on a phone.
 */
function keepInViewport(panel: HTMLElement) {
  panel.style.translate = '';
  const box = panel.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  let shift = 0;
  if (box.right > width - EDGE) shift = width - EDGE - box.right;
  if (box.left + shift < EDGE) shift = EDGE - box.left;
  if (shift) panel.style.translate = `${Math.round(shift)}px 0`;
  // Below the fold (or under the phone's bottom bar) it scrolls into sight; the scroll margin keeps the bar clear.
  panel.scrollIntoView?.({ block: 'nearest' });
}

interface PopoverProps {
  label: ReactNode;
  buttonClass: string;
  /** Names the button for screen readers when its label is an icon. */
  ariaLabel?: string;
  align?: 'left' | 'right';
  /** Buttons marked `data-closes` close the panel when chosen. */
  children: ReactNode;
}

/** A button that opens a panel; Escape, a click outside or a choice closes it and returns focus. */
export default function Popover({ label, buttonClass, ariaLabel, align = 'left', children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useLayoutEffect(() => {
    if (!open || !panel.current) return;
    const current = panel.current;
    keepInViewport(current);
    const onResize = () => keepInViewport(current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    // Focus the first control inside so keyboard users land in the panel.
    root.current?.querySelector<HTMLElement>('[data-popover-panel] button, [data-popover-panel] input')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="relative" ref={root}>
      <button
        ref={button}
        type="button"
        className={buttonClass}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          data-popover-panel
          onClick={(event) => {
            if ((event.target as Element).closest('[data-closes]')) close();
          }}
          className={`absolute top-[calc(100%+0.5rem)] z-40 max-h-[60vh] w-72 max-w-[calc(100vw-1rem)] scroll-mb-20 overflow-y-auto rounded-lg border border-line bg-surface p-2 shadow-xl sm:scroll-mb-2 ${
            align === 'right' ? 'right-0' : 'left-0'
          }`}
        >
          {children}
        </div>
      )}
    </div>
  );
}
