import { describe, expect, it } from 'vitest';
import { extractLinkPage } from '../../src/server/lib/link-page-extract';

const options = { maxItems: 200, titleMax: 100, urlMax: 2048 };

describe('extractLinkPage', () => {
  it('reads a Next.js page’s links data in position order, headers as titles', () => {
    const data = {
      props: {
        pageProps: {
          links: [
            { type: 'CLASSIC', title: 'Shop', url: 'https://shop.example.com/', position: 2 },
            { type: 'HEADER', title: 'My stuff', position: 0 },
            { type: 'CLASSIC', title: 'Podcast', url: 'https://pod.example.com/ep1', position: 1 },
            { type: 'CLASSIC', title: 'Broken', url: 'http://[bad', position: 3 },
            { type: 'CLASSIC', title: 'Mail', url: 'mailto:me@example.com', position: 4 },
          ],
        },
      },
    };
    const html = `<html><body><a href="https://ignored.example.com">Not used</a><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data)}</script></body></html>`;
    expect(extractLinkPage(html, 'https://linktr.ee/someone', options).items).toEqual([
      { type: 'title', title: 'My stuff' },
      { type: 'link', title: 'Podcast', url: 'https://pod.example.com/ep1' },
      { type: 'link', title: 'Shop', url: 'https://shop.example.com/' },
    ]);
  });

  it('reads plain HTML in document order, skipping the provider’s own links, navigation and scripts', () => {
    const html = `<!doctype html><html><head><title>x</title><link href="https://cdn.example.com/a.css"></head><body>
      <header><a href="https://elsewhere.example.com/login">Log in</a></header>
      <nav><a href="https://elsewhere.example.com/nav">Nav</a></nav>
      <h1>Ada Lovelace</h1>
      <h2>  Latest
        work </h2>
      <a href="https://blog.example.com/post#top"><span>My   blog</span></a>
      <a href="/signup">Join on this provider</a>
      <a href="https://www.provider.test/other">Provider page</a>
      <a href="https://img.example.com/"><img alt="Gallery" src="x.png"></a>
      <a href="https://aria.example.com/" aria-label="Labelled"></a>
      <a href="https://bare.example.com/path"></a>
      <a href="mailto:ada@example.com">Mail</a>
      <a href="javascript:alert(1)">Evil</a>
      <h3><a href="https://heading-link.example.com/">Heading link</a></h3>
      <a href="https://blog.example.com/post">Same link again</a>
      <h2>Latest work</h2>
      <script>document.write('<a href="https://script.example.com">s</a>')</script>
      <footer><a href="https://elsewhere.example.com/privacy">Privacy</a></footer>
    </body></html>`;
    expect(extractLinkPage(html, 'https://provider.test/ada', options).items).toEqual([
      { type: 'title', title: 'Latest work' },
      { type: 'link', title: 'My blog', url: 'https://blog.example.com/post' },
      { type: 'link', title: 'Gallery', url: 'https://img.example.com/' },
      { type: 'link', title: 'Labelled', url: 'https://aria.example.com/' },
      { type: 'link', title: 'bare.example.com', url: 'https://bare.example.com/path' },
      { type: 'link', title: 'Heading link', url: 'https://heading-link.example.com/' },
    ]);
  });

  it('trims long titles and counts what it leaves out beyond maxItems', () => {
    const links = Array.from({ length: 5 }, (_, i) => `<a href="https://e${i}.example.com/">${'x'.repeat(150)}</a>`).join('');
    const result = extractLinkPage(`<body>${links}</body>`, 'https://p.test/', { ...options, maxItems: 3 });
    expect(result.items).toHaveLength(3);
    expect(result.dropped).toBe(2);
    const first = result.items[0] as { title: string };
    expect(first.title).toHaveLength(100);
    expect(first.title.endsWith('…')).toBe(true);
  });

  it('survives deeply nested and malformed HTML', () => {
    const deep = `${'<div>'.repeat(20_000)}<a href="https://deep.example.com/">deep</a>`;
    expect(extractLinkPage(deep, 'https://p.test/', options).items).toEqual([{ type: 'link', title: 'deep', url: 'https://deep.example.com/' }]);
    expect(extractLinkPage('<a href="https://x.example.com/">unclosed <b>bold', 'https://p.test/', options).items).toEqual([
      { type: 'link', title: 'unclosed bold', url: 'https://x.example.com/' },
    ]);
  });
});
