'use client';

import { createContext, useCallback, useContext, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { themeStyle } from '../(public)/_lib/theme';
import styles from '../(public)/share.module.css';
import { PlatformIcon } from '../(public)/_components/platform-icon';
import './profile-editors.css';

/**
 * The link-in-bio editor's live phone preview. The editor's forms stay as they are (each saves on its
 * own); this wrapper listens to their `input` events as they bubble up, so the preview follows what is
 * typed — page fields by name, a block's title and URL by the form's `block_id` — before anything is
 * saved. Order and Show/Hide come from the block list (BlockOrder calls `usePreviewArrangement`).
 * The preview draws with the public page's own styles and theme colours, inert (no links, no tab stops).
 */

export interface PreviewPage {
  displayName: string;
  username: string;
  bio: string;
  theme: string;
  button_style: string;
  accent_color: string;
  background_color: string;
  picture_url: string;
  socialLinks: { platform: string; username: string }[];
}

export interface PreviewBlock {
  id: string;
  type: 'link' | 'title' | 'text' | 'image';
  title: string | null;
  url: string | null;
  visible: boolean;
}

const PAGE_FIELDS = new Set(['username', 'bio', 'theme', 'button_style', 'accent_color', 'background_color', 'picture_url']);

interface Arrangement {
  arrange(ids: string[], visible: Record<string, boolean>): void;
}
const ArrangementContext = createContext<Arrangement | null>(null);

/** For the block list: report the order and visibility it shows (optimistically) to the preview. */
export function usePreviewArrangement(): Arrangement | null {
  return useContext(ArrangementContext);
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?'
  );
}

export function LinkInBioWorkspace({ page, blocks, children }: { page: PreviewPage; blocks: PreviewBlock[]; children: ReactNode }) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [edits, setEdits] = useState<Record<string, { title?: string; url?: string }>>({});
  const [order, setOrder] = useState<string[] | null>(null);
  const [visibility, setVisibility] = useState<Record<string, boolean>>({});

  const arrange = useCallback((ids: string[], visible: Record<string, boolean>) => {
    setOrder(ids);
    setVisibility(visible);
  }, []);
  const arrangement = useMemo(() => ({ arrange }), [arrange]);

  const onInput = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) return;
    const form = target.form;
    if (!form || !target.name) return;
    const blockField = form.elements.namedItem('block_id');
    const blockId = blockField instanceof HTMLInputElement ? blockField.value : null;
    const { name, value } = target;
    if (blockId && (name === 'title' || name === 'url')) setEdits((current) => ({ ...current, [blockId]: { ...current[blockId], [name]: value } }));
    else if (!blockId && form.elements.namedItem('client_id') === null && PAGE_FIELDS.has(name)) setFields((current) => ({ ...current, [name]: value }));
  };

  type TextField = Exclude<keyof PreviewPage, 'socialLinks'>;
  const value = (name: TextField) => fields[name] ?? page[name];
  const theme = value('theme') === 'dark' ? 'dark' : 'light';
  const { style, scheme } = themeStyle({
    theme,
    accentColor: value('accent_color') || null,
    backgroundColor: value('background_color') || null,
    buttonStyle: 'rounded',
  });
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const ids = order ? [...order.filter((id) => byId.has(id)), ...blocks.map((b) => b.id).filter((id) => !order.includes(id))] : blocks.map((b) => b.id);
  const shown = ids
    .map((id) => byId.get(id)!)
    .filter((b) => visibility[b.id] ?? b.visible)
    .map((b) => ({ ...b, title: edits[b.id]?.title ?? b.title, url: edits[b.id]?.url ?? b.url }));
  const username = value('username');
  const bio = value('bio');
  const picture = value('picture_url');

  return (
    <ArrangementContext.Provider value={arrangement}>
      <div className="lib-workspace" onInput={onInput} onChange={onInput}>
        <div className="lib-workspace-main">{children}</div>
        <section className="lib-preview" aria-labelledby="lib-preview-heading">
          <h2 id="lib-preview-heading" className="lib-preview-heading">
            Live preview
          </h2>
          <p className="field-hint">Follows what you type; visitors see it once saved.</p>
          <div className="phone-frame">
            <div className="phone-screen" data-testid="link-in-bio-preview">
              <div className={styles.page} style={{ ...style, colorScheme: scheme, minHeight: '100%' }} data-theme={scheme} data-buttons={value('button_style')}>
                <div className={styles.main} style={{ width: 'calc(100% - 1.5rem)', paddingBlock: '1.5rem' }}>
                  <div className={`${styles.hero} ${styles.centered} ${styles.bioHero}`}>
                    <span className={`${styles.avatar} ${styles.avatar_md}`} aria-hidden="true">
                      {/* A plain <img>: the address is typed but not saved yet, so not through the optimizer. */}
                      {picture.startsWith('https://') ? <img className={styles.avatarImage} src={picture} alt="" width={72} height={72} referrerPolicy="no-referrer" /> : <span>{initials(page.displayName)}</span>}
                    </span>
                    <div>
                      <p className="preview-name">{page.displayName}</p>
                      <p className={styles.muted}>@{username}</p>
                      {bio ? <p className={styles.lead}>{bio}</p> : null}
                    </div>
                  </div>
                  {page.socialLinks.length > 0 ? (
                    <ul className={styles.socialIcons} aria-label="Social profiles">
                      {page.socialLinks.map((link) => (
                        <li key={`${link.platform}:${link.username}`}>
                          <span className="preview-social">
                            <PlatformIcon platform={link.platform} size={18} />
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <ul className={styles.links} aria-label="Blocks as visitors see them">
                    {shown.map((block) => {
                      if (block.type === 'title') {
                        return (
                          <li key={block.id}>
                            <p className={`${styles.blockTitle} preview-block-title`}>{block.title}</p>
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
                      if (!block.url && block.type === 'link') return null;
                      return (
                        <li key={block.id}>
                          <span className={styles.linkButton}>{block.title || block.url}</span>
                        </li>
                      );
                    })}
                  </ul>
                  {shown.length === 0 ? <p className={styles.muted}>Your links show here.</p> : null}
                </div>
              </div>
            </div>
          </div>
        </section>
      </div>
    </ArrangementContext.Provider>
  );
}
