/**
 * Waits for `work` at most `ms`: the outcome says whether it finished in
 * time. Work that did not is left running, not cancelled; its later failure
 * goes to `onLateFailure` instead of being thrown at nobody.
 */
export type Within<T> = { finished: true; value: T } | { finished: false };

export async function within<T>(
  work: Promise<T>,
  ms: number,
  onLateFailure: (error: unknown) => void = () => {},
): Promise<Within<T>> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<Within<T>>((resolve) => {
    timer = setTimeout(() => resolve({ finished: false }), ms);
  });
  try {
    const outcome = await Promise.race([work.then((value): Within<T> => ({ finished: true, value })), expired]);
    if (!outcome.finished) work.catch(onLateFailure);
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
