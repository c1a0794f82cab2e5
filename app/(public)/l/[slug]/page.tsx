import type { Metadata } from 'next';
import Image from 'next/image';
import { notFound } from 'next/navigation';
import { Avatar, ShareShell, SocialIcons } from '../../_components/share';
import { summary } from '../../_lib/format';
import { loadLinkInBio, publicBaseUrl } from '../../_lib/load';
import { QrCode } from '../../_components/qr-code';
import { ShareButton } from '../../_components/share-button';
import { shareMetadata } from '../../_lib/share-metadata';
import styles from '../../share.module.css';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const page = await loadLinkInBio(slug);
  if (!page) return { title: { absolute: 'Page not found' }, robots: { index: false } };
  return shareMetadata({
    livemode: page.livemode,
    title: `${page.creator.displayName} (@${page.username})`,
    description: summary(page.bio, `Links from ${page.creator.displayName}.`),
    path: `/l/${page.slug}`,
    type: 'profile',
    indexable: true,
  });
}

export default async function LinkInBioPage({ params }: Props) {
  const { slug } = await params;
  const page = await loadLinkInBio(slug);
  if (!page) notFound();
  const shareUrl = `${await publicBaseUrl()}/l/${page.slug}`;
  // Outbound links go through the click counter, which redirects to the block's stored URL (works without JS).
  const go = (blockId: string) => `/l/${encodeURIComponent(page.slug)}/go/${blockId}`;
  return (
    <ShareShell design={page.design} testMode={!page.livemode}>
      <header className={`${styles.hero} ${styles.centered} ${styles.bioHero}`}>
        <Avatar name={page.creator.displayName} url={page.creator.avatarUrl} size="lg" />
        <div>
          <h1>{page.creator.displayName}</h1>
          <p className={styles.muted}>@{page.username}</p>
          {page.bio ? <p className={styles.lead}>{page.bio}</p> : null}
        </div>
      </header>
      <SocialIcons links={page.socialLinks} />
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
            const image = <Image src={block.mediaUrl} alt={block.title ?? ''} width={640} height={360} sizes="(max-width: 44rem) 100vw, 44rem" referrerPolicy="no-referrer" />;
            return (
              <li key={block.id}>
                <figure className={styles.blockImage}>
                  {block.url ? (
                    <a href={go(block.id)} rel="noopener noreferrer nofollow">
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
                <a className={styles.linkButton} href={go(block.id)} rel="noopener noreferrer nofollow" data-block-id={block.id}>
                  {block.mediaUrl ? <Image className={styles.linkThumb} src={block.mediaUrl} alt="" width={40} height={40} referrerPolicy="no-referrer" /> : null}
                  <span>{block.title ?? block.url}</span>
                </a>
              </li>
            );
          }
          return null;
        })}
      </ul>
      <section className={styles.shareSection} aria-label="Share this page">
        <ShareButton url={shareUrl} title={`${page.creator.displayName} (@${page.username})`} />
        <details className={styles.qrDetails}>
          <summary>QR code</summary>
          <figure className={styles.qrFigure}>
            <QrCode url={shareUrl} />
            <figcaption>
              Scan to open <span className={styles.shareUrl}>{shareUrl.replace(/^https?:\/\//, '')}</span>
            </figcaption>
          </figure>
        </details>
      </section>
    </ShareShell>
  );
}
