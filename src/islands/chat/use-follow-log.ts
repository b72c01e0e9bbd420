/**
 * The conversation log follows its end (a saved chat opens at its newest
 * message, an answer is followed as it is written) until the reader scrolls
 * up; scrolling back to the end, or asking (`follow`), follows again. Only
 * the reader's scrolling decides: text arriving in big pieces must not read
 * as the reader having moved.
 */
import { useEffect, useRef } from 'react';

/** A log scrolled to within this of its end is at its end (rounding, a nudge of the wheel). */
const FOLLOW_SLACK_PX = 24;

export function useFollowLog() {
  const log = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => {
    const box = log.current;
    const content = box?.firstElementChild;
    if (!box || !content) return;
    // Where the log itself last scrolled to: a scroll event that finds it there is its own, not the reader's.
    let ownTop = -1;
    const onScroll = () => {
      if (following.current && Math.abs(box.scrollTop - ownTop) < 1) return;
      following.current = box.scrollHeight - box.scrollTop - box.clientHeight <= FOLLOW_SLACK_PX;
    };
    const toEnd = () => {
      if (!following.current) return;
      box.scrollTop = box.scrollHeight;
      ownTop = box.scrollTop;
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    const resized = new ResizeObserver(toEnd);
    resized.observe(content);
    resized.observe(box);
    return () => {
      box.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, []);

  const follow = () => {
    following.current = true;
  };
  return { log, follow };
}
