import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CreatorCard, ShareShell, Stat } from '../../_components/share';
import { compact, whole } from '../../_lib/format';
import { loadRoster } from '../../_lib/load';
import { shareMetadata } from '../../_lib/share-metadata';
import styles from '../../share.module.css';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const roster = await loadRoster(slug);
  if (!roster) return { title: { absolute: 'Roster not found' }, robots: { index: false } };
  return shareMetadata({
    livemode: roster.livemode,
    title: `${roster.name} · Creator roster`,
    description: `${whole(roster.total)} creators represented by ${roster.name}.`,
    path: `/roster/${roster.slug}`,
    indexable: true,
  });
}

export default async function RosterPage({ params }: Props) {
  const { slug } = await params;
  const roster = await loadRoster(slug);
  if (!roster) notFound();
  const reach = roster.creators.reduce((sum, c) => sum + (c.totalFollowers ?? 0), 0);
  return (
    <ShareShell design={{ theme: 'light', accentColor: null, backgroundColor: null }} wide testMode={!roster.livemode}>
      <header className={styles.hero}>
        <div>
          <h1>{roster.name}</h1>
          <p className={styles.lead}>Creator roster</p>
        </div>
      </header>
      <dl className={styles.stats}>
        <Stat label="Creators" value={whole(roster.total)} />
        <Stat label="Combined followers" value={reach > 0 ? compact(reach) : '—'} />
      </dl>
      <section className={styles.section} aria-labelledby="creators">
        <h2 id="creators">Creators</h2>
        {roster.creators.length > 0 ? (
          <ul className={styles.grid}>
            {roster.creators.map((creator) => (
              <li key={creator.id}>
                <CreatorCard creator={creator} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No creators on this roster yet.</p>
        )}
        {roster.total > roster.creators.length ? (
          <p className={styles.muted}>
            Showing {whole(roster.creators.length)} of {whole(roster.total)} creators.
          </p>
        ) : null}
      </section>
    </ShareShell>
  );
}
