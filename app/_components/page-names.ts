/**
 * A site path in words, for copy a person reads ("Sign in to continue to your API keys"), never the
 * raw path. Unknown paths fall back to "the page you asked for".
 */
const EXACT: Record<string, string> = {
  '/dashboard': 'your dashboard',
  '/settings': 'your settings',
  '/settings/account': 'your account settings',
  '/settings/api-keys': 'your API keys',
  '/settings/webhooks': 'your webhooks',
  '/settings/logs': 'your API request logs',
  '/settings/audit': 'your audit log',
  '/editor/roster': 'your roster',
  '/editor/link-in-bio': 'your link-in-bio page',
  '/editor/media-kits': 'your media kits',
  '/editor/media-kits/new': 'a new media kit',
  '/editor/decks': 'your pitch decks',
  '/editor/decks/new': 'a new pitch deck',
  '/editor/campaigns': 'your campaigns',
  '/editor/campaigns/new': 'a new campaign',
};

const PREFIXES: [string, string][] = [
  ['/editor/media-kits/', 'the media kit you opened'],
  ['/editor/decks/', 'the pitch deck you opened'],
  ['/editor/campaigns/', 'the campaign you opened'],
  ['/settings/logs/', 'the API request you opened'],
  ['/settings/webhooks/', 'the webhook delivery you opened'],
];

export function pageNameOf(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? path;
  const exact = EXACT[pathname.replace(/\/+$/, '') || '/'];
  if (exact) return exact;
  for (const [prefix, name] of PREFIXES) if (pathname.startsWith(prefix)) return name;
  return 'the page you asked for';
}
