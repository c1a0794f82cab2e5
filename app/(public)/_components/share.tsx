import type { ReactNode } from 'react';
import type { Design, PublicCreator, PublicSocial } from '@/server/services/public-pages';
import { compact, initials, percent, platformLabel } from '../_lib/format';
import { themeStyle } from '../_lib/theme';
import styles from '../share.module.css';

/** The page frame: the resource's colours, one <main>, and a small footer. */
export function ShareShell({ design, children, wide = false }: { design: Design; children: ReactNode; wide?: boolean }) {
  const { style, scheme } = themeStyle(design);
  return (
    <div className={styles.page} style={{ ...style, colorScheme: scheme }} data-theme={scheme} data-buttons={design.buttonStyle}>
      <main id="main" className={wide ? `${styles.main} ${styles.wide}` : styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <p>
          Shared with <a href="/">creator-api</a>
        </p>
      </footer>
    </div>
  );
}

/** A photo when there is one; otherwise initials (decorative: the name is always next to it). */
export function Avatar({ name, url, size = 'md' }: { name: string; url: string | null; size?: 'sm' | 'md' | 'lg' }) {
  const className = `${styles.avatar} ${styles[`avatar_${size}`]}`;
  if (url) {
    const px = size === 'lg' ? 128 : size === 'md' ? 72 : 48;
    return <img className={className} src={url} alt="" width={px} height={px} loading="lazy" decoding="async" referrerPolicy="no-referrer" />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

export function SocialList({ socials, showStats = true }: { socials: PublicSocial[]; showStats?: boolean }) {
  if (socials.length === 0) return null;
  return (
    <ul className={styles.socials}>
      {socials.map((s) => (
        <li key={`${s.platform}:${s.username}`}>
          <a href={s.url} rel="noopener noreferrer me" target="_blank">
            <span className={styles.platform}>{platformLabel(s.platform)}</span> <span className={styles.handle}>@{s.username}</span>
            <span className={styles.visuallyHidden}> (opens in a new tab)</span>
          </a>
          {showStats && s.followers !== null ? (
            <span className={styles.followers}>
              {compact(s.followers)} followers
              {s.engagementRate !== null ? ` · ${percent(s.engagementRate)} engagement` : ''}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function CreatorCard({ creator, headingLevel = 3 }: { creator: PublicCreator; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card} aria-labelledby={`creator-${creator.id}`}>
      <div className={styles.cardHead}>
        <Avatar name={creator.displayName} url={creator.avatarUrl} />
        <div>
          <Heading id={`creator-${creator.id}`} className={styles.cardTitle}>
            {creator.displayName}
          </Heading>
          <p className={styles.muted}>
            {creator.totalFollowers !== null ? `${compact(creator.totalFollowers)} followers` : 'Audience not measured yet'}
            {creator.country ? ` · ${creator.country}` : ''}
          </p>
        </div>
      </div>
      <TagList tags={creator.tags} />
      <SocialList socials={creator.socials} showStats={false} />
    </article>
  );
}

/** A creator's or deck's topics; nothing when there are none. */
export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label="Topics">
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
