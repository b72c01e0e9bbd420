/**
 * Build-time access to the API: pages and content loaders read their data
 * from the running API while Astro generates the static site.
 */
export function apiBaseUrl(): string {
  return (process.env.SITE_API_URL ?? 'http://127.0.0.1:4321/api').replace(/\/+$/, '');
}

export async function fetchApi<T>(path: string): Promise<T> {
  const url = `${apiBaseUrl()}/${path.replace(/^\/+/, '')}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new Error(`The site build could not reach the API at ${url}: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) throw new Error(`The site build got ${response.status} from ${url}`);
  return (await response.json()) as T;
}
