/**
 * A change shown before the server confirms it: `after` is shown at once
 * (nothing is, when it is undefined: the change waits for the server), then
 * what the server's answer holds; a failed call puts `before` back and
 * rethrows, for the caller to say why.
 */
export async function saveOptimistically<V, A>({
  show,
  before,
  after,
  save,
  saved,
}: {
  show: (value: V) => void;
  before: V;
  after?: V;
  save: () => Promise<A>;
  /** The value the server's answer holds. */
  saved: (answer: A) => V;
}): Promise<A> {
  if (after !== undefined) show(after);
  try {
    const answer = await save();
    show(saved(answer));
    return answer;
  } catch (error) {
    show(before);
    throw error;
  }
}
