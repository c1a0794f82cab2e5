import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Avatar, ShareShell } from '../../_components/share';
import { platformLabel, summary } from '../../_lib/format';
import { loadLinkInBio, publicBaseUrl } from '../../_lib/load';
import styles from '../../share.module.css';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const page = await loadLinkInBio(slug);
  if (!page) return { title: { absolute: 'Page not found' }, robots: { index: false } };
  const title = `${page.creator.displayName} (@${page.username})`;
  const description = summary(page.bio, `Links from ${page.creator.displayName}.`);
  const url = `${await publicBaseUrl()}/l/${page.slug}`;
  return {
    title: { absolute: title },
    description,
    alternates: { canonical: url },
    openGraph: { type: 'profile', title, description, url, ...(page.creator.avatarUrl ? { images: [{ url: page.creator.avatarUrl }] } : {}) },
    twitter: { card: 'summary', title, description },
  };
}

export default async function LinkInBioPage({ params }: Props) {
  const { slug } = await params;
  const page = await loadLinkInBio(slug);
  if (!page) notFound();
  return (
    <ShareShell design={page.design}>
      <header className={`${styles.hero} ${styles.centered}`}>
        <Avatar name={page.creator.displayName} url={page.creator.avatarUrl} size="lg" />
        <div>
          <h1>{page.creator.displayName}</h1>
          <p className={styles.muted}>@{page.username}</p>
          {page.bio ? <p className={styles.lead}>{page.bio}</p> : null}
        </div>
      </header>
      {page.socialLinks.length > 0 ? (
        <nav aria-label="Social profiles">
          <ul className={`${styles.tags} ${styles.centerRow}`}>
            {page.socialLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer me">
                  {platformLabel(link.platform)}
                  <span className={styles.visuallyHidden}> @{link.username}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ul className={styles.links}>
        {page.blocks.map((block) => {
          if (block.type === 'title') {
            return (
              <li key={block.id}>
                <h2 className={styles.blockTitle}>{block.title}</h2>
              </li>
            );
          }
          if (block.type === 'text') {
            return (
              <li key={block.id}>
                <p className={styles.blockText}>{block.title}</p>
              </li>
            );
          }
          if (block.type === 'image' && block.mediaUrl) {
            const image = <img src={block.mediaUrl} alt={block.title ?? ''} width={640} height={360} loading="lazy" decoding="async" referrerPolicy="no-referrer" />;
            return (
              <li key={block.id}>
                <figure className={styles.blockImage}>
                  {block.url ? (
                    <a href={block.url} rel="noopener noreferrer">
                      {image}
                    </a>
                  ) : (
                    image
                  )}
                  {block.title ? <figcaption>{block.title}</figcaption> : null}
                </figure>
              </li>
            );
          }
          if (block.type === 'link' && block.url) {
            return (
              <li key={block.id}>
                <a className={styles.linkButton} href={block.url} rel="noopener noreferrer">
                  {block.mediaUrl ? <img className={styles.linkThumb} src={block.mediaUrl} alt="" width={40} height={40} loading="lazy" referrerPolicy="no-referrer" /> : null}
                  <span>{block.title ?? block.url}</span>
                </a>
              </li>
            );
          }
          return null;
        })}
      </ul>
    </ShareShell>
  );
}
