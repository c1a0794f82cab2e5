import Image from 'next/image';
import type { ReactNode } from 'react';
import type { Design, PublicCreator, PublicRate, PublicSocial } from '@/server/services/public-pages';
import { asOf, compact, countryName, initials, money, percent, platformLabel } from '../_lib/format';
import { themeStyle } from '../_lib/theme';
import styles from '../share.module.css';
import { PlatformIcon } from './platform-icon';

/** The page frame: the resource's colours, one <main>, and a small "Made with" footer. */
export function ShareShell({ design, children, wide = false, testMode = false }: { design: Design; children: ReactNode; wide?: boolean; testMode?: boolean }) {
  const { style, scheme } = themeStyle(design);
  return (
    <div className={styles.page} style={{ ...style, colorScheme: scheme }} data-theme={scheme} data-buttons={design.buttonStyle}>
      {testMode ? (
        <p className={styles.testMode} role="note" data-test-mode>
          <strong>Test mode</strong> — sample data made with a test key; not a real page.
        </p>
      ) : null}
      <main id="main" className={wide ? `${styles.main} ${styles.wide}` : styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <p>
          <a href="/" className={styles.madeWith}>
            Made with creator-api
          </a>
        </p>
      </footer>
    </div>
  );
}

const AVATAR_PX = { sm: 48, md: 72, lg: 128 } as const;

/**
 * The picture through Next's image optimizer (https only, private addresses refused), over the
 * initials: if the picture cannot be loaded, the initials show through. Decorative: the name is
 * always next to it.
 */
export function Avatar({ name, url, size = 'md' }: { name: string; url: string | null; size?: 'sm' | 'md' | 'lg' }) {
  const px = AVATAR_PX[size];
  return (
    <span className={`${styles.avatar} ${styles[`avatar_${size}`]}`} aria-hidden="true">
      <span>{initials(name)}</span>
      {url ? <Image className={styles.avatarImage} src={url} alt="" width={px} height={px} sizes={`${px}px`} referrerPolicy="no-referrer" /> : null}
    </span>
  );
}

/** A wide cover image (media kits, decks), also through the optimizer. */
export function Cover({ url }: { url: string }) {
  return (
    <div className={styles.cover}>
      <Image src={url} alt="" fill sizes="(max-width: 64rem) 100vw, 64rem" priority referrerPolicy="no-referrer" />
    </div>
  );
}

/** Round platform buttons (link-in-bio pages): the icon, the platform and handle as the accessible name. */
export function SocialIcons({ links }: { links: { platform: string; username: string; url: string }[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label="Social profiles">
      <ul className={styles.socialIcons}>
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url} rel="noopener noreferrer me" title={`${platformLabel(link.platform)} @${link.username}`}>
              <PlatformIcon platform={link.platform} size={22} />
              <span className={styles.visuallyHidden}>
                {platformLabel(link.platform)} @{link.username}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SocialList({ socials, showStats = true }: { socials: PublicSocial[]; showStats?: boolean }) {
  if (socials.length === 0) return null;
  return (
    <ul className={styles.socials}>
      {socials.map((s) => (
        <li key={`${s.platform}:${s.username}`}>
          <a href={s.url} rel="noopener noreferrer me" target="_blank" className={styles.socialLink}>
            <span className={styles.socialIcon}>
              <PlatformIcon platform={s.platform} size={18} />
            </span>
            <span>
              <span className={styles.platform}>{platformLabel(s.platform)}</span> <span className={styles.handle}>@{s.username}</span>
            </span>
            <span className={styles.visuallyHidden}> (opens in a new tab)</span>
          </a>
          {showStats && s.followers !== null ? (
            <span className={styles.followers}>
              <strong>{compact(s.followers)}</strong> followers
              {s.engagementRate !== null ? ` · ${percent(s.engagementRate)} engagement` : ''}
              {s.averageViews !== null ? ` · ${compact(s.averageViews)} avg. views` : ''}
              {s.metricsAsOf ? <span className={styles.asOf}> · {asOf(s.metricsAsOf)}</span> : null}
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
            {creator.location ? ` · ${creator.location}` : creator.country ? ` · ${countryName(creator.country)}` : ''}
          </p>
          {creator.metricsAsOf ? <p className={`${styles.muted} ${styles.asOf}`}>Audience {asOf(creator.metricsAsOf)}</p> : null}
        </div>
      </div>
      <TagList tags={creator.tags} />
      <SocialList socials={creator.socials} showStats={creator.totalFollowers !== null} />
      {creator.brands.length > 0 ? (
        <p className={styles.muted}>
          <strong>Worked with:</strong> {creator.brands.slice(0, 6).join(', ')}
          {creator.brands.length > 6 ? ` and ${creator.brands.length - 6} more` : ''}
        </p>
      ) : null}
      {creator.rates.length > 0 ? <RateList rates={creator.rates.slice(0, 3)} label={`Rates of ${creator.displayName}`} /> : null}
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

/** Rates with their currency ("Instagram Reel — $1,200"). */
export function RateList({ rates, label = 'Rates' }: { rates: PublicRate[]; label?: string }) {
  if (rates.length === 0) return null;
  return (
    <ul className={styles.rates} aria-label={label}>
      {rates.map((rate, index) => (
        <li key={`${rate.label}-${index}`}>
          <span>{rate.label}</span>
          <strong>{money(rate.amount, rate.currency)}</strong>
        </li>
      ))}
    </ul>
  );
}

/** Brands a creator has worked with. */
export function BrandList({ brands }: { brands: string[] }) {
  if (brands.length === 0) return null;
  return (
    <ul className={styles.brands} aria-label="Brands worked with">
      {brands.map((brand) => (
        <li key={brand}>{brand}</li>
      ))}
    </ul>
  );
}
