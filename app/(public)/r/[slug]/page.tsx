import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LocalDate } from '../../../_components/dates';
import { formatMoney } from '../../../_components/numbers';
import { PlatformIcon } from '../../_components/platform-icon';
import { Avatar, ShareShell, Stat } from '../../_components/share';
import { compact, percent, platformLabel, summary, whole } from '../../_lib/format';
import { loadCampaignReport } from '../../_lib/load';
import { shareMetadata } from '../../_lib/share-metadata';
import styles from '../../share.module.css';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const report = await loadCampaignReport(slug);
  if (!report) return { title: { absolute: 'Report not found' }, robots: { index: false } };
  return shareMetadata({
    livemode: report.livemode,
    title: `${report.name} · Campaign report`,
    description: summary(
      report.description,
      `${whole(report.summary.content)} posts by ${whole(report.summary.creators)} creators, ${compact(report.summary.views)} views.`,
    ),
    path: `/r/${slug}`,
    type: 'article',
  });
}

export default async function CampaignReportPage({ params }: Props) {
  const { slug } = await params;
  const report = await loadCampaignReport(slug);
  if (!report) notFound();
  const { summary: totals } = report;
  return (
    <ShareShell design={{ theme: 'light', accentColor: null, backgroundColor: null }} wide testMode={!report.livemode}>
      <header className={styles.hero}>
        <div>
          <p className={styles.muted}>{report.ownerName ? `${report.ownerName} · ` : ''}Campaign report</p>
          <h1>{report.name}</h1>
          {report.description ? <p className={styles.lead}>{report.description}</p> : null}
          {/* Instants the owner typed in their zone: each reader sees the day on their own calendar. */}
          {report.startsAt || report.endsAt ? (
            <p className={styles.muted}>
              {report.startsAt ? <LocalDate iso={report.startsAt.toISOString()} /> : '…'} – {report.endsAt ? <LocalDate iso={report.endsAt.toISOString()} /> : '…'}
            </p>
          ) : null}
        </div>
      </header>
      <section className={styles.section} aria-labelledby="results">
        <h2 id="results">Results</h2>
        <dl className={`${styles.stats} ${styles.headlineStats}`}>
          <Stat label="Views" value={whole(totals.views)} />
          <Stat label="Engagements" value={whole(totals.engagements)} />
          <Stat label="Earned media value" value={formatMoney(totals.emv)} />
        </dl>
        <dl className={styles.stats}>
          <Stat label="Creators" value={whole(totals.creators)} />
          <Stat label="Posts" value={whole(totals.content)} />
          <Stat label="Impressions" value={whole(totals.impressions)} />
          <Stat label="Engagement rate" value={percent(totals.engagement_rate)} />
        </dl>
        {/* The API records no currency with CPMs or EMV: say whose currency the figure is in rather than guess a symbol. */}
        <p className={`${styles.muted} ${styles.statsNote}`}>
          Earned media value is views × CPM ÷ 1,000, in the currency {report.ownerName ?? 'the campaign’s owner'} sets its CPMs in.
        </p>
      </section>
      {report.creators.length > 0 ? (
        <section className={styles.section} aria-labelledby="creators">
          <h2 id="creators">Creators</h2>
          <ul className={styles.tags}>
            {report.creators.map((c) => (
              <li key={c.id} className={styles.cardHead}>
                <Avatar name={c.displayName} url={c.avatarUrl} size="sm" />
                {c.displayName}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="posts">
        <h2 id="posts">Posts</h2>
        {report.content.length > 0 ? (
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.stackOnPhone}`}>
              <caption className={styles.visuallyHidden}>Posts of this campaign, most viewed first</caption>
              <thead>
                <tr>
                  <th scope="col">Post</th>
                  <th scope="col">Creator</th>
                  <th scope="col" className={styles.number}>
                    Views
                  </th>
                  <th scope="col" className={styles.number}>
                    Engagements
                  </th>
                  <th scope="col">Posted</th>
                </tr>
              </thead>
              <tbody>
                {report.content.map((post) => (
                  <tr key={post.id}>
                    <td data-label="Post">
                      <a href={post.url} rel="noopener noreferrer" className={styles.postLink}>
                        <PlatformIcon platform={post.platform} size={16} />
                        {platformLabel(post.platform)} post
                      </a>
                    </td>
                    <td data-label="Creator">{post.creatorName}</td>
                    <td data-label="Views" className={styles.number}>
                      {whole(post.views)}
                    </td>
                    <td data-label="Engagements" className={styles.number}>
                      {whole(post.engagements)}
                    </td>
                    <td data-label="Posted">{post.postedAt ? <LocalDate iso={post.postedAt.toISOString()} /> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.muted}>No posts tracked yet.</p>
        )}
      </section>
    </ShareShell>
  );
}
