import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { Avatar, BrandList, Cover, RateList, ShareShell, SocialList, Stat, TagList } from '../../_components/share';
import { asOf, compact, countryName, languageName, percent, summary, whole } from '../../_lib/format';
import { loadMediaKit } from '../../_lib/load';
import { shareMetadata } from '../../_lib/share-metadata';
import styles from '../../share.module.css';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const kit = await loadMediaKit(slug);
  if (!kit) return { title: { absolute: 'Media kit not found' }, robots: { index: false } };
  return shareMetadata({
    livemode: kit.livemode,
    title: `${kit.creator.displayName} · ${kit.headline ?? 'Media kit'}`,
    description: summary(kit.bio, `Audience, platforms and contact details of ${kit.creator.displayName}.`),
    path: `/m/${slug}`,
    type: 'profile',
  });
}

export default async function MediaKitPage({ params }: Props) {
  const { slug } = await params;
  const kit = await loadMediaKit(slug);
  if (!kit) notFound();
  const { creator } = kit;
  const measured = creator.socials.filter((s) => s.followers !== null);
  const views = measured.filter((s) => s.averageViews !== null);
  const rates = measured.filter((s) => s.engagementRate !== null);

  const sections: Record<string, ReactNode> = {
    about: kit.bio ? (
      <section className={styles.section} aria-labelledby="about">
        <h2 id="about">About</h2>
        <p className={styles.prose}>{kit.bio}</p>
      </section>
    ) : null,
    socials:
      creator.socials.length > 0 ? (
        <section className={styles.section} aria-labelledby="platforms">
          <h2 id="platforms">Platforms</h2>
          <SocialList socials={creator.socials} />
        </section>
      ) : null,
    audience:
      measured.length > 0 ? (
        <section className={styles.section} aria-labelledby="audience">
          <h2 id="audience">Audience</h2>
          <dl className={styles.stats}>
            <Stat label="Total followers" value={whole(creator.totalFollowers ?? 0)} />
            {views.length > 0 ? <Stat label="Average views" value={compact(views.reduce((sum, s) => sum + (s.averageViews ?? 0), 0) / views.length)} /> : null}
            {rates.length > 0 ? <Stat label="Engagement rate" value={percent(rates.reduce((sum, s) => sum + (s.engagementRate ?? 0), 0) / rates.length)} /> : null}
            <Stat label="Platforms" value={String(creator.socials.length)} />
          </dl>
          {creator.metricsAsOf ? <p className={`${styles.muted} ${styles.asOf}`}>Figures {asOf(creator.metricsAsOf)}.</p> : null}
        </section>
      ) : null,
    brands:
      creator.brands.length > 0 ? (
        <section className={styles.section} aria-labelledby="brands">
          <h2 id="brands">Brands worked with</h2>
          <BrandList brands={creator.brands} />
        </section>
      ) : null,
    rates:
      creator.rates.length > 0 ? (
        <section className={styles.section} aria-labelledby="rates">
          <h2 id="rates">Rates</h2>
          <RateList rates={creator.rates} />
        </section>
      ) : null,
    contact: kit.contactEmail ? (
      <section className={styles.section} aria-labelledby="contact">
        <h2 id="contact">Work with {creator.displayName}</h2>
        <p>
          <a className={styles.button} href={`mailto:${kit.contactEmail}?subject=${encodeURIComponent(`Partnership with ${creator.displayName}`)}`}>
            Email {kit.contactEmail}
          </a>
        </p>
      </section>
    ) : null,
  };

  return (
    <ShareShell design={kit.design} testMode={!kit.livemode}>
      {kit.coverUrl ? <Cover url={kit.coverUrl} /> : null}
      <header className={kit.coverUrl ? `${styles.hero} ${styles.heroOverCover}` : styles.hero}>
        <Avatar name={creator.displayName} url={kit.pictureUrl} size="lg" />
        <div>
          <h1>{creator.displayName}</h1>
          {kit.headline ? <p className={styles.lead}>{kit.headline}</p> : null}
          <p className={styles.muted}>
            {[creator.location ?? (creator.country ? countryName(creator.country) : null), creator.languages.map(languageName).join(', ')].filter(Boolean).join(' · ')}
          </p>
        </div>
      </header>
      <TagList tags={creator.tags} />
      {kit.sections.map((section) => (sections[section] ? <div key={section}>{sections[section]}</div> : null))}
    </ShareShell>
  );
}
