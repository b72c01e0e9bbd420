/**
 * What the whole-process tests do as staff through a running server's API:
 * sign in, and retitle one of the newest articles (the edit whose page they
 * then wait for).
 */

/** Signs in and answers the header that authorizes the next calls. */
export async function signInHeader(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<{ authorization: string }> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`sign-in as ${account.email} failed: ${login.status}`);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/**
 * Retitles the newest article number `index` (0: the newest) from its first
 * version; answers its id and the save's status.
 */
export async function retitleArticle(
  baseUrl: string,
  auth: { authorization: string },
  index: number,
  title: string,
): Promise<{ id: number; status: number }> {
  const list = await fetch(`${baseUrl}/api/news/all?limit=${index + 1}`);
  const { news } = (await list.json()) as { news: { id: number }[] };
  const id = news[index]!.id;
  const put = await fetch(`${baseUrl}/api/tools/news/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ title, version: 1 }),
  });
  return { id, status: put.status };
}
