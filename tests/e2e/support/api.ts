/** What the API answers, read directly, so tests compare the page with the server's data. */
import type { Home } from '../../../contract/home.schema';
import type { Language } from './texts';

export async function homeContent(baseUrl: string, language: Language): Promise<Home> {
  const response = await fetch(`${baseUrl}/api/home/`, { headers: { 'Accept-Language': language } });
  if (!response.ok) throw new Error(`GET /api/home/ answered ${response.status}`);
  return (await response.json()) as Home;
}
