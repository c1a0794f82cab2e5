import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * Reads the links and section titles of another provider's link-in-bio page, in page order.
 * - Pages built with Next.js (Linktree and similar) carry their links as data in `__NEXT_DATA__`
 *   (`props.pageProps.links`: `{ type, title, url, position }`, `HEADER` items being titles); that is
 *   preferred when present because it is exactly what the owner entered.
 * - Otherwise the HTML: every `<a href>` to an http(s) URL on another site becomes a link (its text,
 *   else its aria-label, title or image alt, else the URL's host, as the title) and every h2–h4
 *   outside a link becomes a title. Links back to the page's own site and anything inside
 *   `<header>`, `<nav>` or `<footer>` are the provider's navigation, not the owner's links.
 * Links are de-duplicated by URL and titles by text; titles are trimmed to `titleMax` characters.
 */
export type ExtractedItem = { type: 'link'; title: string; url: string } | { type: 'title'; title: string };

export interface ExtractOptions {
  maxItems: number;
  titleMax: number;
  urlMax: number;
}

export interface ExtractResult {
  items: ExtractedItem[];
  /** Items found beyond `maxItems` and left out. */
  dropped: number;
}

const SKIPPED_ELEMENTS = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'header', 'nav', 'footer', 'iframe']);
const TITLE_ELEMENTS = new Set(['h2', 'h3', 'h4']);

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function textOf(node: Node): string {
  const parts: string[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.nodeName === '#text') parts.push((current as DefaultTreeAdapterTypes.TextNode).value);
    else if (isElement(current) && !SKIPPED_ELEMENTS.has(current.tagName)) {
      for (let i = current.childNodes.length - 1; i >= 0; i -= 1) stack.push(current.childNodes[i]!);
    }
  }
  return clean(parts.join(' '));
}

function imageAlt(element: Element): string {
  const stack: Node[] = [element];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (!isElement(current)) continue;
    if (current.tagName === 'img') {
      const alt = clean(attr(current, 'alt') ?? '');
      if (alt) return alt;
    }
    stack.push(...current.childNodes);
  }
  return '';
}

function containsAnchor(element: Element): boolean {
  const stack: Node[] = [...element.childNodes];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (!isElement(current)) continue;
    if (current.tagName === 'a') return true;
    stack.push(...current.childNodes);
  }
  return false;
}

function siteOf(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, '');
}

class Collector {
  readonly items: ExtractedItem[] = [];
  dropped = 0;
  private readonly urls = new Set<string>();
  private readonly titles = new Set<string>();

  constructor(private readonly options: ExtractOptions) {}

  private push(item: ExtractedItem): void {
    if (this.items.length >= this.options.maxItems) this.dropped += 1;
    else this.items.push(item);
  }

  private trimTitle(text: string): string {
    const value = clean(text);
    return value.length > this.options.titleMax ? `${value.slice(0, this.options.titleMax - 1).trimEnd()}…` : value;
  }

  addTitle(text: string): void {
    const title = this.trimTitle(text);
    if (!title || this.titles.has(title.toLowerCase())) return;
    this.titles.add(title.toLowerCase());
    this.push({ type: 'title', title });
  }

  addLink(url: URL, text: string): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    url.hash = '';
    const href = url.toString();
    if (href.length > this.options.urlMax || this.urls.has(href)) return;
    this.urls.add(href);
    this.push({ type: 'link', title: this.trimTitle(text) || siteOf(url.hostname), url: href });
  }
}

interface NextDataLink {
  type?: unknown;
  title?: unknown;
  url?: unknown;
  position?: unknown;
}

function findNextData(document: Node): string | null {
  const stack: Node[] = [document];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (!('childNodes' in current)) continue;
    if (isElement(current) && current.tagName === 'script' && attr(current, 'id') === '__NEXT_DATA__') {
      return current.childNodes.map((c) => (c.nodeName === '#text' ? (c as DefaultTreeAdapterTypes.TextNode).value : '')).join('');
    }
    stack.push(...current.childNodes);
  }
  return null;
}

/** `props.pageProps.links` of a Next.js page, or null when the page has none. */
function fromNextData(document: Node, pageUrl: URL, collector: Collector): boolean {
  const raw = findNextData(document);
  if (!raw) return false;
  let links: unknown;
  try {
    links = (JSON.parse(raw) as { props?: { pageProps?: { links?: unknown } } }).props?.pageProps?.links;
  } catch {
    return false;
  }
  if (!Array.isArray(links) || links.length === 0) return false;
  const entries = links.filter((l): l is NextDataLink => typeof l === 'object' && l !== null);
  if (entries.every((l) => typeof l.position === 'number')) entries.sort((a, b) => (a.position as number) - (b.position as number));
  for (const entry of entries) {
    const title = typeof entry.title === 'string' ? entry.title : '';
    if (String(entry.type).toUpperCase() === 'HEADER') {
      collector.addTitle(title);
      continue;
    }
    if (typeof entry.url !== 'string') continue;
    try {
      collector.addLink(new URL(entry.url, pageUrl), title);
    } catch {
      // An entry with a malformed URL is skipped, like an <a> with one.
    }
  }
  return true;
}

function fromHtml(document: Node, pageUrl: URL, collector: Collector): void {
  const ownSite = siteOf(pageUrl.hostname);
  // Depth-first in document order, without recursion (HTML can nest deeper than the call stack).
  const stack: Node[] = [document];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (!('childNodes' in current)) continue;
    if (isElement(current)) {
      if (SKIPPED_ELEMENTS.has(current.tagName)) continue;
      if (current.tagName === 'a') {
        const href = attr(current, 'href');
        if (href) {
          try {
            const url = new URL(href, pageUrl);
            if (siteOf(url.hostname) !== ownSite) {
              collector.addLink(url, textOf(current) || clean(attr(current, 'aria-label') ?? '') || clean(attr(current, 'title') ?? '') || imageAlt(current));
            }
          } catch {
            // Not a URL: nothing to import.
          }
        }
        continue;
      }
      // A heading that wraps a link is a link; descend into it instead.
      if (TITLE_ELEMENTS.has(current.tagName) && !containsAnchor(current)) {
        collector.addTitle(textOf(current));
        continue;
      }
    }
    for (let i = current.childNodes.length - 1; i >= 0; i -= 1) stack.push(current.childNodes[i]!);
  }
}

export function extractLinkPage(html: string, pageUrl: string, options: ExtractOptions): ExtractResult {
  const document: Node = parse(html);
  const base = new URL(pageUrl);
  const collector = new Collector(options);
  if (!fromNextData(document, base, collector)) fromHtml(document, base, collector);
  return { items: collector.items, dropped: collector.dropped };
}
