import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { isDeckUnlocked, type PublicDeck } from '@/server/services/public-pages';
import { Cover, CreatorCard, ShareShell, Stat, TagList } from '../../_components/share';
import { unlockCookieName } from '../../_lib/deck-unlock';
import { asOf, compact, summary } from '../../_lib/format';
import { appSecret, loadDeck } from '../../_lib/load';
import { shareMetadata } from '../../_lib/share-metadata';
import styles from '../../share.module.css';
import { unlockDeck } from './actions';
import { UnlockForm } from './unlock-form';

type Props = { params: Promise<{ slug: string }> };

const CTA_LABELS: Record<string, string | null> = {
  partnerWithMe: 'Partner with us',
  contactUs: 'Contact us',
  requestRates: 'Request rates',
  bookACall: 'Book a call',
  none: null,
};

async function unlocked(deck: PublicDeck): Promise<boolean> {
  if (!deck.passwordHash) return true;
  const token = (await cookies()).get(unlockCookieName(deck.id))?.value;
  return isDeckUnlocked(await appSecret(), { id: deck.id, passwordHash: deck.passwordHash }, token);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const deck = await loadDeck(slug);
  if (!deck) return { title: { absolute: 'Deck not found' }, robots: { index: false } };
  // Behind a password, say nothing but the title and the agency (the preview image does the same).
  if (deck.passwordHash) {
    return shareMetadata({ livemode: deck.livemode, title: `${deck.title} · ${deck.agencyName}`, description: `A password-protected pitch deck from ${deck.agencyName}.`, path: `/d/${deck.slug}` });
  }
  return shareMetadata({
    livemode: deck.livemode,
    title: `${deck.title} · ${deck.agencyName}`,
    description: summary(deck.bio, `${deck.creators.length} creators from ${deck.agencyName}.`),
    path: `/d/${deck.slug}`,
  });
}

export default async function DeckPage({ params }: Props) {
  const { slug } = await params;
  const deck = await loadDeck(slug);
  if (!deck) notFound();

  if (!(await unlocked(deck))) {
    return (
      <ShareShell design={deck.design} testMode={!deck.livemode}>
        <header className={styles.hero}>
          <div>
            <p className={styles.muted}>{deck.agencyName}</p>
            <h1>{deck.title}</h1>
            <p className={styles.lead}>This deck is protected. Enter the password you were given to view it.</p>
          </div>
        </header>
        <UnlockForm action={unlockDeck.bind(null, deck.slug)} />
      </ShareShell>
    );
  }

  const reach = deck.creators.reduce((sum, c) => sum + (c.totalFollowers ?? 0), 0);
  const latestAsOf = deck.creators.reduce<string | null>((max, c) => (c.metricsAsOf && (!max || c.metricsAsOf > max) ? c.metricsAsOf : max), null);
  const cta = CTA_LABELS[deck.cta] ?? null;
  return (
    <ShareShell design={deck.design} wide testMode={!deck.livemode}>
      {deck.coverUrl ? <Cover url={deck.coverUrl} /> : null}
      <header className={deck.coverUrl ? `${styles.hero} ${styles.heroOverCover}` : styles.hero}>
        <div>
          <p className={styles.muted}>{deck.agencyName}</p>
          <h1>{deck.title}</h1>
          {deck.bio ? <p className={styles.lead}>{deck.bio}</p> : null}
          {deck.location ? <p className={styles.muted}>{deck.location}</p> : null}
        </div>
      </header>
      <TagList tags={deck.tags} />
      <section className={styles.section} aria-labelledby="at-a-glance">
        <h2 id="at-a-glance">At a glance</h2>
        <dl className={styles.stats}>
          <Stat label="Creators" value={String(deck.creators.length)} />
          <Stat label="Combined followers" value={reach > 0 ? compact(reach) : '—'} />
        </dl>
        {latestAsOf ? <p className={`${styles.muted} ${styles.asOf}`}>Audience figures {asOf(latestAsOf)}.</p> : null}
      </section>
      <section className={styles.section} aria-labelledby="creators">
        <h2 id="creators">Creators</h2>
        {deck.creators.length > 0 ? (
          <ul className={styles.grid}>
            {deck.creators.map((creator) => (
              <li key={creator.id}>
                <CreatorCard creator={creator} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No creators in this deck yet.</p>
        )}
      </section>
      {cta && deck.contactEmail ? (
        <section className={styles.section} aria-labelledby="contact">
          <h2 id="contact">Interested?</h2>
          <p>
            <a className={styles.button} href={`mailto:${deck.contactEmail}?subject=${encodeURIComponent(deck.title)}`}>
              {cta}
            </a>
          </p>
        </section>
      ) : null}
    </ShareShell>
  );
}
